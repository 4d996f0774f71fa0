/**
 * The accessibility audit of the popup (support/axe.ts) through the shared driver: Firefox runs it
 * here, Chromium in a11y.test.ts with every language and state. Empty, then with a few weeks of answers,
 * first with its sections closed, then with every section open. Any violation fails, all listed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, report } from '../support/axe';
import type { DriverPage } from '../support/driver';
import type { ScenarioContext } from '../support/scenario-context';
import { send } from '../support/extension-api';

const DAY = 86_400_000;

export function a11yScenario(ctx: ScenarioContext): void {
  describe('the popup’s accessibility audit', () => {
    let popup: DriverPage;
    let url: string;
    const auditPopup = (state: string) => audit(popup, (source) => popup.runScript(source)).then((v) => report(state, v));

    beforeAll(async () => {
      url = `${ctx.browser().extensionOrigin}/popup.html`;
      popup = await ctx.browser().open(url);
      await popup.setViewport(380, 600);
      expect(await send(popup, 'ledger/clear', { confirm: true })).toEqual({ ok: true, value: { ok: true } });
    });
    afterAll(async () => {
      await popup?.close();
    });

    it('has no violation, empty and with answers, sections closed and open', async () => {
      const reports: string[] = [];
      for (const data of [false, true]) {
        if (data)
          for (let d = 27; d >= 0; d -= 3) {
            const r = await send(popup, 'turn/completed', {
              site: d % 2 ? 'chatgpt' : 'claude',
              conversationId: `a11y-${d % 4}`,
              turnId: `a11y-${d}`,
              modelLabel: null,
              finishedAt: Date.now() - d * DAY,
              promptText: `How much water does a data centre use on day ${d}?`,
              answerText: 'It depends on the cooling design and the climate. '.repeat(1 + (d % 5)),
            });
            expect(r.ok).toBe(true);
          }
        await popup.goto(url);
        await popup.waitForSelector('#data-panel');
        if (data) await popup.waitForSelector('svg.chart');
        const state = `popup ${ctx.browser().name}, ${data ? 'with answers' : 'empty'}`;
        reports.push(await auditPopup(state));
        await popup.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)), null);
        reports.push(await auditPopup(`${state}, every section open`));
      }
      expect(reports.filter(Boolean).join('\n')).toBe('');
    });
  });
}
