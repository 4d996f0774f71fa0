import { defineContentScript } from 'wxt/utils/define-content-script';
import { matchesOf } from '../src/sites/adapter';
import { claude } from '../src/sites/claude/reader';
import { runOnChatPage } from '../src/tracking/content-main';

export default defineContentScript({ matches: matchesOf(claude), runAt: 'document_idle', main: (ctx) => runOnChatPage(claude, ctx) });
