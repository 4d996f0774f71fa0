import { defineContentScript } from 'wxt/utils/define-content-script';
import { matchesOf } from '../src/sites/adapter';
import { grok } from '../src/sites/grok/reader';
import { runOnChatPage } from '../src/tracking/content-main';

export default defineContentScript({ matches: matchesOf(grok), runAt: 'document_idle', main: (ctx) => runOnChatPage(grok, ctx) });
