/**
 * The shared end-to-end scenarios (test/e2e/scenarios/) in Debian's Chromium with the built
 * extension (.output/chrome-mv3). One browser for the file; each scenario starts from what it
 * needs (a cleared ledger, its own pages).
 */
import { afterAll, beforeAll, describe } from 'vitest';
import type { DriverBrowser } from './support/driver';
import { launchChromiumDriver } from './support/chromium-driver';
import { importScenario } from './scenarios/import.scenario';
import { keyMonthScenario } from './scenarios/key-month.scenario';
import { keyboardScenario } from './scenarios/keyboard.scenario';
import { insightsScenario } from './scenarios/insights.scenario';
import { labelScenario } from './scenarios/label.scenario';
import { pageReportScenario } from './scenarios/page-report.scenario';
import { popupScenario } from './scenarios/popup.scenario';
import { rangesScenario } from './scenarios/ranges.scenario';
import { LOOPBACK_SERVICE_ORIGIN, remoteScenario } from './scenarios/remote.scenario';
import { trackingScenario } from './scenarios/tracking.scenario';
import { virtualizedScenario } from './scenarios/virtualized.scenario';

let browser: DriverBrowser;
beforeAll(async () => {
  browser = await launchChromiumDriver({ preGrantedOrigins: [LOOPBACK_SERVICE_ORIGIN] });
});
afterAll(async () => {
  await browser?.close();
});

describe('Chromium', () => {
  const ctx = { browser: () => browser };
  trackingScenario(ctx);
  labelScenario(ctx);
  rangesScenario(ctx);
  popupScenario(ctx);
  importScenario(ctx);
  remoteScenario(ctx);
  keyMonthScenario(ctx);
  insightsScenario(ctx);
  keyboardScenario(ctx);
  pageReportScenario(ctx);
  virtualizedScenario(ctx);
});
