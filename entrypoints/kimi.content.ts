import { defineContentScript } from 'wxt/utils/define-content-script';
import { matchesOf } from '../src/sites/adapter';
import { kimi } from '../src/sites/kimi/reader';
import { runOnChatPage } from '../src/tracking/content-main';

export default defineContentScript({ matches: matchesOf(kimi), runAt: 'document_idle', main: (ctx) => runOnChatPage(kimi, ctx) });
