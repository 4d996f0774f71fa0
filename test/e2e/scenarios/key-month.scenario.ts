/**
 * Remote mode's line for the API key's month (GET /api/v2/usage) in each browser's popup, against
 * the fake service on loopback (test/integration/support/fake-service.ts, which answers usage as
 * the service's contract says): first with the service gone (the popup says so and still shows
 * this browser's figures), then back on the same address with another browser's calculations on
 * the same key and one turn of this browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { energyQuantity, quantityText } from '../../../src/display';
import { startFakeService, type FakeService } from '../../integration/support/fake-service';
import type { DriverPage } from '../support/driver';
import { waitFor } from '../support/wait';
import type { ScenarioContext } from '../support/scenario-context';
import { popupState, send } from '../support/extension-api';

const KEY = 'e2e-team-key';

export function keyMonthScenario(ctx: ScenarioContext): void {
  describe('remote mode: the key’s month beside the local figures, against the fake service', () => {
    let fake: FakeService;
    let port: number;
    let popup: DriverPage;

    /** Opens the popup and waits until the key's month (or why there is none) is said. */
    async function keyMonthLine(): Promise<string> {
      await popup.goto(`${ctx.browser().extensionOrigin}/popup.html`);
      await popup.waitForSelector('[data-testid="totals"]');
      await popup.waitForSelector('[data-testid="key-month"]:not([data-state="asking"])');
      return popup.text('[data-testid="key-month"]');
    }

    beforeAll(async () => {
      fake = await startFakeService();
      port = Number(new URL(fake.url).port);
      // Failing until the service is gone: the popup's answers so far are errors, which the worker does not keep.
      fake.mode = '503';
      popup = await ctx.browser().open(`${ctx.browser().extensionOrigin}/popup.html`);
      await popup.setViewport(380, 700);
      expect(await send(popup, 'ledger/clear', { confirm: true })).toMatchObject({ ok: true });
      // Remote mode set up from the popup's form, as a person does (Firefox grants the origin through the click).
      await popup.waitForSelector('#remote-panel');
      const open = await popup.evaluate(() => (document.getElementById('remote-panel') as HTMLDetailsElement).open, null);
      if (!open) await popup.click('#remote-panel > summary');
      const enabled = await popup.evaluate(() => (document.querySelector('#remote-panel input[type="checkbox"]') as HTMLInputElement).checked, null);
      if (!enabled) await popup.click('#remote-panel input[type="checkbox"]');
      await popup.fill('#remote-url', fake.url);
      await popup.fill('#remote-key', KEY);
      await popup.click('#remote-panel button[type="submit"]');
      await waitFor('remote mode on with the fake service', async () => {
        const r = (await popupState(popup)).remote;
        return r.enabled && r.hasKey && r.baseUrl === fake.url;
      });
    });
    afterAll(async () => {
      if (popup) await send(popup, 'remote/configure', { enabled: false, baseUrl: '', apiKey: '' });
      await popup?.close();
      await fake?.close();
    });

    it('says when the service cannot be reached, and shows this browser’s figures', async () => {
      expect(await keyMonthLine()).toBe('The service did not give this key’s month (REMOTE_SERVER_ERROR): the figures above are this browser’s only.');
      await fake.close();
      expect(await keyMonthLine()).toBe('The service could not be reached: the figures above are this browser’s only.');
      expect(await popup.text('[data-testid="total-energy"]')).toMatch(/\d/);
      expect(await popup.text('[data-testid="total-turns"]')).toMatch(/^No answers recorded/);
    });

    it('shows the key’s month: requests of the quota and energy across every browser that uses the key', async () => {
      fake = await startFakeService({ port });
      // Another browser with the same key has had 41 calculations this month.
      fake.usage.set(`Bearer ${KEY}`, new Map([['beta-sonnet-5', { requests: 41, energy_kwh: 0.5, carbon_gco2e: 150, water_liters: 0.9 }]]));
      const turn = {
        site: 'chatgpt',
        conversationId: 'e2e-key-month',
        turnId: 'e2e-key-month-1',
        modelLabel: null,
        finishedAt: Date.now(),
        promptText: 'How much water does one chat answer use?',
        answerText: 'A few millilitres on site, more where the grid is cooled by evaporation.',
      };
      expect(await send(popup, 'turn/completed', turn)).toMatchObject({ ok: true });
      const last = await waitFor('the turn computed by the service', async () => {
        const t = (await popupState(popup)).lastTurn;
        return t?.turnId === turn.turnId && t;
      });
      expect(last).toMatchObject({ computedBy: 'remote', plan: 'pro' });
      const month = new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(new Date());
      // As the driver reads text: its no-break spaces collapsed to one space.
      const energy = quantityText(energyQuantity(0.5 + last.energyKwh, 'en')).replace(/\s+/g, ' ');
      expect(await keyMonthLine()).toBe(`This key, ${month}: 42 of 5,000 requests · ${energy} across every browser that uses it`);
      // Beside this browser's own figures: its one answer.
      expect(await popup.text('[data-testid="total-turns"]')).toMatch(/^1 /);
      const asked = fake.requests.filter((r) => r.path === '/api/v2/usage');
      expect(asked.length).toBeGreaterThanOrEqual(1);
      expect(asked.every((r) => r.auth === `Bearer ${KEY}`)).toBe(true);
    });
  });
}
