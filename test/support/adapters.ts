/**
 * Every site's adapter, for tests and benches that run them all, with its lazily loaded readers
 * (src/sites/<site>/lazy-readers.ts) joined in as the content script joins them once loaded.
 * Production code never needs them together: each content script imports only its own site's reader.
 */
import type { SiteAdapter } from '../../src/sites/adapter';
import type { SiteId } from '../../src/domain/site-ids';
import { chatgpt } from '../../src/sites/chatgpt/reader';
import { claude } from '../../src/sites/claude/reader';
import { gemini } from '../../src/sites/gemini/reader';
import { deepseek } from '../../src/sites/deepseek/reader';
import { meta } from '../../src/sites/meta/reader';
import { mistral } from '../../src/sites/mistral/reader';
import { perplexity } from '../../src/sites/perplexity/reader';
import { copilot } from '../../src/sites/copilot/reader';
import { grok } from '../../src/sites/grok/reader';
import { readers as chatgptLazy } from '../../src/sites/chatgpt/lazy-readers';
import { readers as claudeLazy } from '../../src/sites/claude/lazy-readers';
import { readers as geminiLazy } from '../../src/sites/gemini/lazy-readers';
import { readers as metaLazy } from '../../src/sites/meta/lazy-readers';
import { readers as perplexityLazy } from '../../src/sites/perplexity/lazy-readers';
import { readers as grokLazy } from '../../src/sites/grok/lazy-readers';
import { doubao } from '../../src/sites/doubao/reader';
import { readers as doubaoLazy } from '../../src/sites/doubao/lazy-readers';
import { poe } from '../../src/sites/poe/reader';
import { readers as poeLazy } from '../../src/sites/poe/lazy-readers';

// The same objects the site tests import from each reader, so a test holding one reader sees the readers joined too.
Object.assign(chatgpt, chatgptLazy);
Object.assign(claude, claudeLazy);
Object.assign(gemini, geminiLazy);
Object.assign(meta, metaLazy);
Object.assign(perplexity, perplexityLazy);
Object.assign(grok, grokLazy);
Object.assign(doubao, doubaoLazy);
Object.assign(poe, poeLazy);

export const ADAPTERS: Readonly<Record<SiteId, SiteAdapter>> = { chatgpt, claude, gemini, deepseek, meta, mistral, perplexity, copilot, grok, doubao, poe };

let byHost: Map<string, SiteAdapter> | undefined;

/** The adapter for a page's hostname, or null when the extension does not track that host. */
export function adapterForHost(hostname: string): SiteAdapter | null {
  byHost ??= new Map(Object.values(ADAPTERS).flatMap((a) => a.hosts.map((host) => [host, a] as const)));
  return byHost.get(hostname.toLowerCase()) ?? null;
}
