/**
 * Kimi in Chromium at www.kimi.com: the streaming scenario of support/streamed-site.ts (a reopened
 * chat's history, two turns with a mid-answer pause and the thinking shown in full, a new chat),
 * counted at the kimi rate in o200k (approximate: no package ships Kimi's vocabulary).
 */
import { describeStreamedSite } from './support/streamed-site';

describeStreamedSite({
  site: 'kimi',
  origin: 'https://www.kimi.com',
  fixture: 'kimi-2026-en.html',
  path: (id) => `/chat/${id}`,
  threadId: 'd4f2k8qb1s0c7m3ve2e0',
  promptBox: '.chat-input-editor[contenteditable="true"]',
  history: [
    'How much does an offshore wind turbine produce in a year?',
    'A 15 MW offshore turbine makes about 60 GWh a year.\nThat is a capacity factor near 45%.',
    'How many homes is that?',
    'About 16,000 European homes, at 3,700 kWh a year each.',
  ],
  // Kimi's models are not in the table: custom, at the kimi rate of data/custom-rates.json.
  model: { modelKey: 'custom', customWhPer1k: 2.5 },
  think: true,
});
