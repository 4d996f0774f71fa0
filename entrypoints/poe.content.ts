// Written by `npm run sites` from the site list (src/sites/list.ts): edit the template, scripts/build/content-scripts.ts.
import { defineContentScript } from 'wxt/utils/define-content-script';
import { matchesOf } from '../src/sites/site-data';
import { poe } from '../src/sites/poe/reader';
import { runOnChatPage } from '../src/tracking/content-main';

export default defineContentScript({ matches: matchesOf(poe), runAt: 'document_idle', main: (ctx) => runOnChatPage(poe, ctx) });
