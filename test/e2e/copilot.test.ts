/**
 * Microsoft Copilot in Chromium at copilot.microsoft.com: the streaming scenario of support/streamed-site.ts.
 */
import { describeStreamedSite } from './support/streamed-site';

describeStreamedSite({
  site: 'copilot',
  origin: 'https://copilot.microsoft.com',
  fixture: 'copilot-2026-en.html',
  path: (id) => `/chats/${id}`,
  threadId: 'wQ7e2RkP9mNc4Tz',
  promptBox: '#userInput',
  history: [
    'Which uses less water, a solar farm or a coal plant?',
    'A solar farm uses far less water.\nPhotovoltaic panels need water only for cleaning, about 0.1 litres per kWh, while a coal plant withdraws around 2 litres per kWh for cooling.',
    'And wind?',
    'Wind turbines use almost no water while they run.',
  ],
  // The mode picker reads "Smart (GPT-5)".
  model: { modelKey: 'alpha-5.6-terra' },
});
