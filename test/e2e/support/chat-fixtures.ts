/**
 * Chat sites for the shared scenarios (and tracking.test.ts): the fixture page at its real
 * host URL, with the streaming script (test/fixtures/sites/stream.js), and the texts of the
 * messages already on the page, which the extension must count as the conversation's history.
 */
import { streamingFixture } from './chat-pages';

export interface ChatFixture {
  site: string;
  origin: string;
  url: string;
  html: string;
  promptBox: string;
  history: string[];
}

export const CHATGPT: ChatFixture = {
  site: 'chatgpt',
  origin: 'https://chatgpt.com',
  url: 'https://chatgpt.com/c/e2e-shared-chatgpt',
  html: streamingFixture('chatgpt.html'),
  promptBox: '#prompt-textarea',
  history: [
    'How much water does a data center use?',
    'It depends on the cooling system and the climate.\nEvaporative cooling uses the most water per kilowatt-hour.',
    'Show me a loop in Python.',
    'Here is one:\nfor i in range(3):\n    print(i)',
  ],
};

export const CLAUDE: ChatFixture = {
  site: 'claude',
  origin: 'https://claude.ai',
  url: 'https://claude.ai/chat/e2e-shared-claude',
  html: streamingFixture('claude.html'),
  promptBox: '[data-testid="chat-input"]',
  history: [
    'What is a kilowatt-hour?',
    'A kilowatt-hour is the energy of one kilowatt used for one hour.\nA kettle uses about 0.1 kWh to boil a litre of water.',
  ],
};

/** A site whose models are not in the model table: its turns count as custom, at a rate of data/custom-rates.json. */
export const GROK: ChatFixture = {
  site: 'grok',
  origin: 'https://grok.com',
  url: 'https://grok.com/c/e2e-shared-grok',
  html: streamingFixture('grok-2026-en.html'),
  promptBox: '.ProseMirror',
  history: [
    'Draw a wind farm at dusk, then tell me how much it produces.',
    'Here is a wind farm at dusk.\nA 50 MW wind farm produces about 150 GWh a year.',
    'How many homes is that?',
    'About 40,000 European homes, at 3,700 kWh a year each.',
  ],
};

/** A site whose models are not in the model table and whose tokenizer is not public: custom, counted in o200k (approximate). */
export const DOUBAO: ChatFixture = {
  site: 'doubao',
  origin: 'https://www.doubao.com',
  url: 'https://www.doubao.com/chat/7301234567890e2e001',
  html: streamingFixture('doubao-2026-zh.html'),
  promptBox: 'textarea[data-testid="chat_input_input"]',
  history: [
    '海上风电比陆上风电多发多少电？',
    '海上风电的容量因数通常为 40% 到 50%，明显高于多数陆上风电场。\n同样装机容量，海上每年多发约三分之一的电。',
    '一台 15 兆瓦的海上风机一年发多少电？',
    '约 6000 万千瓦时，按 45% 的容量因数计算。',
  ],
};

/** A site of many bots: each answer counts as the model its bot names, in that family's tokenizer. */
export const POE: ChatFixture = {
  site: 'poe',
  origin: 'https://poe.com',
  url: 'https://poe.com/chat/e2e-shared-poe',
  html: streamingFixture('poe-2026-en.html'),
  promptBox: 'textarea[class*="GrowingTextArea_textArea"]',
  history: [
    'How much more do offshore turbines produce than onshore ones?',
    'Offshore turbines reach capacity factors of 40 to 50 percent, well above most onshore sites.\nFor the same capacity, they produce about a third more electricity a year.',
    '@GPT-Image-1 draw an offshore wind farm at dusk',
    'Here is an offshore wind farm at dusk.',
  ],
};

/** A site whose model family has its own public tokenizer (Llama 3): the worker loads that vocabulary to count it. */
export const META: ChatFixture = {
  site: 'meta',
  origin: 'https://www.meta.ai',
  url: 'https://www.meta.ai/prompt/e2e-shared-meta',
  html: streamingFixture('meta-2026-en.html'),
  promptBox: '[data-testid="composer-input"]',
  history: [
    'Draw a wind turbine on a green hill at sunrise.',
    'Here are a few takes on a wind turbine at sunrise:',
    'What does one turbine like that produce in a year?',
    'A modern 3 MW onshore turbine produces about 6 to 8 gigawatt-hours a year.\nThat is roughly the yearly use of 2,000 European homes.',
  ],
};

/** Qwen Chat: custom at the qwen rate, counted in Qwen3's own vocabulary (a definition the worker loads from the extension's files). */
export const QWEN: ChatFixture = {
  site: 'qwen',
  origin: 'https://chat.qwen.ai',
  url: 'https://chat.qwen.ai/c/4a7e2c10-e2e0-4b1e-8d3c-0000000000e2',
  html: streamingFixture('qwen-2026-en.html'),
  promptBox: 'textarea.message-input-textarea',
  history: [
    'How much does an offshore wind turbine produce in a year?',
    'A 15 MW offshore turbine makes about 60 GWh a year.\nThat is a capacity factor near 45%.',
    'Draw one at dusk.',
    'Here is an offshore wind farm at dusk.',
  ],
};

/** Kimi: custom at the kimi rate, counted in o200k (approximate: no package ships Kimi's vocabulary). */
export const KIMI: ChatFixture = {
  site: 'kimi',
  origin: 'https://www.kimi.com',
  url: 'https://www.kimi.com/chat/d4f2k8qb1s0c7m3ve2e1',
  html: streamingFixture('kimi-2026-en.html'),
  promptBox: '.chat-input-editor[contenteditable="true"]',
  history: [
    'How much does an offshore wind turbine produce in a year?',
    'A 15 MW offshore turbine makes about 60 GWh a year.\nThat is a capacity factor near 45%.',
    'How many homes is that?',
    'About 16,000 European homes, at 3,700 kWh a year each.',
  ],
};
