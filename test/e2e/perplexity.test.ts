/**
 * Perplexity in Chromium at www.perplexity.ai and perplexity.ai: the streaming scenario of
 * support/streamed-site.ts, and a redesigned page reported as not recognized.
 */
import { describe, expect, it } from 'vitest';
import { describeStreamedSite } from './support/streamed-site';
import { serveChatPage } from './support/launch';
import { waitFor } from './support/wait';

const site = describeStreamedSite({
  site: 'perplexity',
  origin: 'https://www.perplexity.ai',
  fixture: 'perplexity-2026-en.html',
  path: (id) => `/search/${id}`,
  threadId: 'how-much-co2-does-a-wind-turb-Xq3vR8sTQ2uYlM0aB1cD2e',
  promptBox: '#ask-input',
  history: [
    'How much CO2 does a wind turbine save per year?',
    'A modern 3 MW onshore turbine produces about 7 GWh a year.\nReplacing grid power at 400 g CO2e per kWh, that saves roughly 2,800 tonnes of CO2 a year.',
    'And offshore?',
    'Offshore turbines are larger, often 12 MW or more, and run at capacity factors near 45%.\nOne such turbine saves about 19,000 tonnes of CO2 a year.',
  ],
  // The answer's own line: "Prepared using Claude Sonnet 4.6".
  model: { modelKey: 'beta-sonnet-4.6' },
  page: { __model: 'Claude Sonnet 4.6' },
});

describe('a redesigned page', () => {
  it('is reported as not recognized within the turn a prompt is sent on it, and nothing is counted', { timeout: 90_000 }, async () => {
    // perplexity.ai without www, with a markup the adapter does not know.
    const origin = 'https://perplexity.ai';
    await serveChatPage(
      site.context,
      origin,
      `<!doctype html><html><body><main id="t"></main><div id="ask-input" contenteditable="true"></div><button aria-label="Submit" type="button">Ask</button>
      <script>
        document.querySelector('button').addEventListener('click', () => {
          const box = document.getElementById('ask-input');
          const q = document.createElement('div'); q.className = 'query-v9'; q.textContent = box.textContent; box.textContent = '';
          const a = document.createElement('div'); a.className = 'answer-v9'; a.textContent = 'An answer in markup nobody has seen.';
          document.getElementById('t').append(q, a);
        });
      </script></body></html>`,
    );
    const page = await site.context.newPage();
    await page.goto(`${origin}/search/redesigned-thread`);
    await page.waitForTimeout(1_500);
    await page.locator('#ask-input').fill('Are you there?');
    await page.locator('button').click();
    const health = await waitFor(
      'the not-recognized report',
      async () => {
        const h = await site.siteHealth('perplexity');
        return h?.status === 'not-recognized' && h;
      },
      40_000,
    );
    expect(health.reason).toBe('no-messages');
    expect(await site.conversation('perplexity', 'redesigned-thread')).toBeUndefined();
    await page.close();
  });
});
