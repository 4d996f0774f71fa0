/** The chat sites the extension knows. One adapter module per site in src/sites/. */
export const SITE_IDS = ['chatgpt', 'claude', 'gemini', 'deepseek', 'meta', 'mistral'] as const;
export type SiteId = (typeof SITE_IDS)[number];

export const SITE_LABELS: Record<SiteId, string> = {
  chatgpt: 'chatgpt.com',
  claude: 'claude.ai',
  gemini: 'gemini.google.com',
  deepseek: 'chat.deepseek.com',
  meta: 'meta.ai',
  mistral: 'chat.mistral.ai',
};
