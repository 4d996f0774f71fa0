/**
 * Every site's adapter, for tests and benches that run them all. Production code never needs
 * them together: each content script imports only its own site's reader.
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

export const ADAPTERS: Readonly<Record<SiteId, SiteAdapter>> = { chatgpt, claude, gemini, deepseek, meta, mistral, perplexity, copilot, grok };

let byHost: Map<string, SiteAdapter> | undefined;

/** The adapter for a page's hostname, or null when the extension does not track that host. */
export function adapterForHost(hostname: string): SiteAdapter | null {
  byHost ??= new Map(Object.values(ADAPTERS).flatMap((a) => a.hosts.map((host) => [host, a] as const)));
  return byHost.get(hostname.toLowerCase()) ?? null;
}
