/**
 * Work out of sight (test/e2e/scenarios/hidden-work.scenario.ts) in Debian's Chromium with the built
 * extension (.output/chrome-mv3): a search, a research run, a voice chat and a video, each on a site’s page; and a Perplexity answer
 * followed by its sources count (test/e2e/scenarios/perplexity-sources.scenario.ts).
 */
import { afterAll, beforeAll, describe } from 'vitest';
import type { DriverBrowser } from './support/driver';
import { launchChromiumDriver } from './support/chromium-driver';
import { hiddenWorkScenario } from './scenarios/hidden-work.scenario';
import { perplexitySourcesScenario } from './scenarios/perplexity-sources.scenario';

let browser: DriverBrowser;
beforeAll(async () => {
  browser = await launchChromiumDriver();
});
afterAll(async () => {
  await browser?.close();
});

describe('Chromium', () => {
  hiddenWorkScenario({ browser: () => browser });
  perplexitySourcesScenario({ browser: () => browser });
});
