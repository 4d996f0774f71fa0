import { defineContentScript } from 'wxt/utils/define-content-script';
import { matchesOf } from '../src/sites/adapter';
import { meta } from '../src/sites/meta/reader';
import { runOnChatPage } from '../src/tracking/content-main';

export default defineContentScript({ matches: matchesOf(meta), runAt: 'document_idle', main: (ctx) => runOnChatPage(meta, ctx) });
