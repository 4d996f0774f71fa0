import { defineContentScript } from 'wxt/utils/define-content-script';
import { matchesOf } from '../src/sites/adapter';
import { perplexity } from '../src/sites/perplexity/reader';
import { runOnChatPage } from '../src/tracking/content-main';

export default defineContentScript({ matches: matchesOf(perplexity), runAt: 'document_idle', main: (ctx) => runOnChatPage(perplexity, ctx) });
