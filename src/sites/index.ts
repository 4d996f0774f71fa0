/** The site registry: which adapter reads which host. */
import type { SiteAdapter } from './adapter';
import type { SiteId } from './site-ids';
import { chatgpt } from './chatgpt';
import { claude } from './claude';
import { gemini } from './gemini';
import { deepseek } from './deepseek';
import { meta } from './meta';
import { mistral } from './mistral';

export type { PageMessage, Role, SiteAdapter } from './adapter';

export const ADAPTERS: Record<SiteId, SiteAdapter> = { chatgpt, claude, gemini, deepseek, meta, mistral };

const BY_HOST: Record<string, SiteAdapter> = {
  'chatgpt.com': chatgpt,
  'chat.openai.com': chatgpt,
  'claude.ai': claude,
  'gemini.google.com': gemini,
  'chat.deepseek.com': deepseek,
  'meta.ai': meta,
  'www.meta.ai': meta,
  'chat.mistral.ai': mistral,
};

/** The adapter for a page's hostname, or null when the extension does not track that host. */
export function adapterForHost(hostname: string): SiteAdapter | null {
  return BY_HOST[hostname.toLowerCase()] ?? null;
}
