/**
 * The chat sites the extension knows, in display order. One adapter module per site in src/sites/;
 * everything else about a site (hosts, label, model family) is declared in its module and gathered
 * by the registry (src/sites/index.ts).
 */
export const SITE_IDS = ['chatgpt', 'claude', 'gemini', 'deepseek', 'meta', 'mistral', 'perplexity', 'copilot', 'grok', 'doubao', 'poe'] as const;
export type SiteId = (typeof SITE_IDS)[number];
