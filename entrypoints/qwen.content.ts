// Written by `npm run sites` from the site list (src/sites/list.ts): edit the template, scripts/build/content-scripts.ts.
import { defineContentScript } from 'wxt/utils/define-content-script';
import { matchesOf } from '../src/sites/site-data';
import { qwen } from '../src/sites/qwen/reader';
import { runOnChatPage } from '../src/tracking/content-main';

export default defineContentScript({ matches: matchesOf(qwen), runAt: 'document_idle', main: (ctx) => runOnChatPage(qwen, ctx) });
