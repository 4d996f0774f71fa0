/** The chat pages the content script runs on (match patterns). */
export const CHAT_HOST_MATCHES = [
  'https://chatgpt.com/*',
  'https://chat.openai.com/*',
  'https://claude.ai/*',
  'https://gemini.google.com/*',
  'https://chat.deepseek.com/*',
  'https://www.meta.ai/*',
  'https://meta.ai/*',
  'https://chat.mistral.ai/*',
];
