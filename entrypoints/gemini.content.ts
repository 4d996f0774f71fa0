import { defineContentScript } from 'wxt/utils/define-content-script';
import { matchesOf } from '../src/sites/adapter';
import { gemini } from '../src/sites/gemini/reader';
import { runOnChatPage } from '../src/tracking/content-main';

export default defineContentScript({ matches: matchesOf(gemini), runAt: 'document_idle', main: (ctx) => runOnChatPage(gemini, ctx) });
