import { defineContentScript } from 'wxt/utils/define-content-script';
import { matchesOf } from '../src/sites/adapter';
import { qwen } from '../src/sites/qwen/reader';
import { runOnChatPage } from '../src/tracking/content-main';

export default defineContentScript({ matches: matchesOf(qwen), runAt: 'document_idle', main: (ctx) => runOnChatPage(qwen, ctx) });
