/**
 * The chat sites the extension knows, in display order: the one list. Each is its data module
 * (src/sites/<site>/facts.ts). The site ids (src/domain/site-ids.ts), the registry (./index.ts), the
 * manifest's hosts (./hosts.ts), the content scripts (entrypoints/<site>.content.ts, written by
 * `npm run sites` and checked by test/unit/sites/site-list.test.ts) and the tests' adapters
 * (test/support/adapters.ts) all come from it.
 */
import { chatgptSite } from './chatgpt/facts';
import { claudeSite } from './claude/facts';
import { geminiSite } from './gemini/facts';
import { deepseekSite } from './deepseek/facts';
import { metaSite } from './meta/facts';
import { mistralSite } from './mistral/facts';
import { perplexitySite } from './perplexity/facts';
import { copilotSite } from './copilot/facts';
import { grokSite } from './grok/facts';
import { doubaoSite } from './doubao/facts';
import { poeSite } from './poe/facts';
import { qwenSite } from './qwen/facts';
import { kimiSite } from './kimi/facts';

export const SITE_LIST = [
  chatgptSite,
  claudeSite,
  geminiSite,
  deepseekSite,
  metaSite,
  mistralSite,
  perplexitySite,
  copilotSite,
  grokSite,
  doubaoSite,
  poeSite,
  qwenSite,
  kimiSite,
] as const;
