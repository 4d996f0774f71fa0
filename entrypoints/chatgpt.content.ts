import { defineContentScript } from 'wxt/utils/define-content-script';
import { matchesOf } from '../src/sites/adapter';
import { chatgpt } from '../src/sites/chatgpt/reader';
import { runOnChatPage } from '../src/tracking/content-main';

export default defineContentScript({ matches: matchesOf(chatgpt), runAt: 'document_idle', main: (ctx) => runOnChatPage(chatgpt, ctx) });
