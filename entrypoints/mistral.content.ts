import { defineContentScript } from 'wxt/utils/define-content-script';
import { matchesOf } from '../src/sites/adapter';
import { mistral } from '../src/sites/mistral/reader';
import { runOnChatPage } from '../src/tracking/content-main';

export default defineContentScript({ matches: matchesOf(mistral), runAt: 'document_idle', main: (ctx) => runOnChatPage(mistral, ctx) });
