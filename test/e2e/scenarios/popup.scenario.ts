/**
 * The popup, opened as a tab in each browser, against the real background (service worker in
 * Chromium, background page in Firefox): empty state in words, then turns as the content script
 * sends them, shown with exact o200k counts, the earlier turn as history, and the core's totals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { calculate } from '../../../src/core';
import type { DriverPage } from '../support/driver';
import type { ScenarioContext } from '../support/scenario-context';
import { digits, popupState, send } from '../support/extension-api';

const TURNS = [
  {
    promptText: 'How much water does a data centre use to cool one rack for an hour? Give a short answer.',
    answerText: 'It depends on the cooling design: an evaporatively cooled 10 kW rack uses roughly 10-20 liters an hour on site.',
  },
  {
    promptText: 'And in Sweden, with its cold climate?',
    answerText: 'Far less: outside air cools the hall for most of the year, so evaporative cooling is rarely needed.',
  },
];

export function popupScenario(ctx: ScenarioContext): void {
  describe('the popup, opened as a tab', () => {
    let popup: DriverPage;
    let url: string;

    async function open(): Promise<void> {
      await popup.goto(url);
      await popup.waitForSelector('[data-testid="totals"], [data-testid="load-error"]');
      const error = await popup.text('[data-testid="load-error"]');
      if (error) throw new Error(`the popup shows no numbers: ${error}`);
    }

    beforeAll(async () => {
      url = `${ctx.browser().extensionOrigin}/popup.html`;
      popup = await ctx.browser().open(url);
      await popup.setViewport(380, 600);
      expect(await send(popup, 'ledger/clear', { confirm: true })).toEqual({ ok: true, value: { ok: true } });
    });
    afterAll(async () => {
      await popup?.close();
    });

    it('says in words that nothing is recorded yet', async () => {
      await open();
      expect(await popup.text('[data-testid="total-turns"]')).toMatch(/^No answers recorded/);
      expect(await popup.text('[data-testid="last-answer"]')).toBe('');
    });

    it('shows each turn with its exact token counts, the earlier turn as history, and the core’s totals', async () => {
      for (const [i, t] of TURNS.entries()) {
        const r = await send(popup, 'turn/completed', {
          site: 'chatgpt',
          conversationId: 'e2e-shared-popup',
          turnId: `e2e-shared-popup-${i}`,
          modelLabel: null,
          finishedAt: Date.now(),
          ...t,
        });
        expect(r).toMatchObject({ ok: true, value: { ok: true, turnId: `e2e-shared-popup-${i}` } });
      }
      await open();
      const [p0, p1] = TURNS.map((t) => countTokens(t.promptText));
      const [a0, a1] = TURNS.map((t) => countTokens(t.answerText));
      const history = p0! + a0!;
      expect(digits(await popup.text('[data-testid="last-prompt"]'))).toBe(String(p1));
      expect(digits(await popup.text('[data-testid="last-history"]'))).toBe(String(history));
      expect(digits(await popup.text('[data-testid="last-input"]'))).toBe(String(p1! + history));
      expect(digits(await popup.text('[data-testid="last-output"]'))).toBe(String(a1));
      expect(digits(await popup.text('[data-testid="total-turns"]'))).toMatch(/^2/);

      const s = await popupState(popup);
      const model = s.lastTurn!.modelKey;
      const energy = [
        calculate({ model, input_tokens: p0!, output_tokens: a0!, region: s.settings.region }),
        calculate({ model, input_tokens: p1! + history, output_tokens: a1!, region: s.settings.region }),
      ].map((r) => (r.ok ? r.value.energy_kwh : Number.NaN));
      expect(s.lastTurn!.energyKwh).toBe(energy[1]);
      expect(s.totals.allTime.energyKwh).toBeCloseTo(energy[0]! + energy[1]!, 12);
      expect(await popup.text('[data-testid="last-energy"]')).toMatch(/\d/);
    });
  });
}
