import { defineContentScript } from 'wxt/utils/define-content-script';
import { matchesOf } from '../src/sites/adapter';
import { copilot } from '../src/sites/copilot/reader';
import { runOnChatPage } from '../src/tracking/content-main';

export default defineContentScript({ matches: matchesOf(copilot), runAt: 'document_idle', main: (ctx) => runOnChatPage(copilot, ctx) });
