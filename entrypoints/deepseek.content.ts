import { defineContentScript } from 'wxt/utils/define-content-script';
import { matchesOf } from '../src/sites/adapter';
import { deepseek } from '../src/sites/deepseek/reader';
import { runOnChatPage } from '../src/tracking/content-main';

export default defineContentScript({ matches: matchesOf(deepseek), runAt: 'document_idle', main: (ctx) => runOnChatPage(deepseek, ctx) });
