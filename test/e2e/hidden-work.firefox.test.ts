/**
 * Work out of sight (test/e2e/scenarios/hidden-work.scenario.ts) in Debian's firefox-esr with the
 * Firefox build (.output/firefox-mv2): a search, a research run, a voice chat and a video, each on a site’s page; and a Perplexity answer
 * followed by its sources count (test/e2e/scenarios/perplexity-sources.scenario.ts).
 */
import { afterAll, beforeAll, describe } from 'vitest';
import type { DriverBrowser } from './support/driver';
import { launchFirefoxDriver } from './support/firefox-driver';
import { hiddenWorkScenario } from './scenarios/hidden-work.scenario';
import { perplexitySourcesScenario } from './scenarios/perplexity-sources.scenario';

let browser: DriverBrowser;
beforeAll(async () => {
  browser = await launchFirefoxDriver();
});
afterAll(async () => {
  await browser?.close();
});

describe('Firefox', () => {
  hiddenWorkScenario({ browser: () => browser });
  perplexitySourcesScenario({ browser: () => browser });
});
