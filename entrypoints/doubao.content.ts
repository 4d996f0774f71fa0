import { defineContentScript } from 'wxt/utils/define-content-script';
import { matchesOf } from '../src/sites/adapter';
import { doubao } from '../src/sites/doubao/reader';
import { runOnChatPage } from '../src/tracking/content-main';

export default defineContentScript({ matches: matchesOf(doubao), runAt: 'document_idle', main: (ctx) => runOnChatPage(doubao, ctx) });
