import { defineContentScript } from 'wxt/utils/define-content-script';
import { matchesOf } from '../src/sites/adapter';
import { poe } from '../src/sites/poe/reader';
import { runOnChatPage } from '../src/tracking/content-main';

export default defineContentScript({ matches: matchesOf(poe), runAt: 'document_idle', main: (ctx) => runOnChatPage(poe, ctx) });
