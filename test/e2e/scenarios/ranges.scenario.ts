/**
 * Ranges, in each browser: on chatgpt.com (fixture page at its real host URL) a plain answer is
 * counted exactly, and its page label, the popup's latest answer and the popup's figures for today
 * show no range; the next answer shows a deep research run's header (an estimate with a published
 * range), and the label shows each figure with its low and high end, the popup's latest answer the
 * bounds beside its figures, and today's headline figures and stored answers their summed range; both
 * exports give the run's low and high ends and none for the exact answer. The expected bounds are
 * the stored record's parts at their low and high ends (src/features/part.ts), formatted as the
 * English catalogue writes a range.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carbonQuantity, energyQuantity, quantityText, waterQuantity, type Quantity } from '../../../src/display/scales';
import type { Range } from '../../../src/core/range';
import type { LedgerEntry } from '../../../src/domain/ledger';
import { footprintRanges, periodRanges } from '../../../src/features/part';
import type { DriverPage } from '../support/driver';
import { chunked } from '../support/chat-pages';
import { CHATGPT } from '../support/chat-fixtures';
import { popupState, send, storedValues } from '../support/extension-api';
import type { ScenarioContext } from '../support/scenario-context';
import { waitFor } from '../support/wait';

const URL_OF_CHAT = 'https://chatgpt.com/c/e2e-shared-ranges';
const ANSWER = ['Offshore wind reached about 83 GW worldwide by the end of last year.', 'China built most of what was added.'];
/** What ChatGPT shows under an answer written by a deep research run (test/fixtures/sites/README.md). */
const RESEARCH_HTML = '<div><button type="button">Research completed in 4m · 21 sources · 37 searches</button></div>';

/** The fixture driver's end of the n-th streamed answer: functions that run in the page take no closure. */
const STREAM_DONE = [
  () => (window as unknown as { __streamDone: number }).__streamDone === 1,
  () => (window as unknown as { __streamDone: number }).__streamDone === 2,
];

/** The text of the page's labels, newest last. */
const labelTexts = () => [...document.querySelectorAll('ai-footprint-label')].map((host) => host.shadowRoot?.querySelector('button')?.textContent ?? '');

type Q = (value: number, locale: string) => Quantity;
const shown = (q: Q, value: number) => quantityText(q(value, 'en'));
/** The English catalogue's "$CENTRAL$ ($LOW$–$HIGH$)" and "($LOW$–$HIGH$)". */
const ranged = (q: Q, central: number, r: Range) => `${shown(q, central)} (${shown(q, r.low)}–${shown(q, r.high)})`;
const bounds = (q: Q, r: Range) => `(${shown(q, r.low)}–${shown(q, r.high)})`;
/** As the driver reads an element's text: white space (the units' no-break spaces too) collapsed. */
const collapsed = (s: string) => s.replace(/\s+/g, ' ').trim();

export function rangesScenario(ctx: ScenarioContext): void {
  describe('ranges for an estimated answer, none for an exact one', () => {
    let popup: DriverPage;
    let tab: DriverPage;

    beforeAll(async () => {
      const b = ctx.browser();
      await b.serveChatPage(CHATGPT.origin, CHATGPT.html);
      popup = await b.open(`${b.extensionOrigin}/popup.html`);
      await popup.setViewport(380, 600);
      expect(await send(popup, 'ledger/clear', { confirm: true })).toEqual({ ok: true, value: { ok: true } });
    });
    afterAll(async () => {
      await tab?.close();
      await popup?.close();
    });

    async function stream(prompt: string, html: string | undefined, n: number, after?: string): Promise<LedgerEntry> {
      await tab.evaluate(
        ([paragraphs, html]) => void ((window as unknown as { __nextAnswer: unknown }).__nextAnswer = { paragraphs, ...(html ? { html } : {}) }),
        [ANSWER.map(chunked), html] as const,
      );
      await tab.fill(CHATGPT.promptBox, prompt);
      await tab.click('[data-send]');
      await tab.waitForFunction(STREAM_DONE[n - 1]!, 30_000);
      return waitFor('the counted turn', async () => {
        const t = (await popupState(popup)).lastTurn;
        return t?.conversationId === 'e2e-shared-ranges' && t.turnId !== after && t;
      });
    }

    /** The popup reopened, with its period figures (loaded after the numbers) in. */
    async function reopen(): Promise<void> {
      await popup.goto(`${ctx.browser().extensionOrigin}/popup.html`);
      await popup.waitForSelector('[data-testid="last-energy"]');
      await popup.waitForSelector('#costliest-h');
    }

    it('a plain answer: the label, the latest answer and today show single figures', async () => {
      tab = await ctx.browser().open(URL_OF_CHAT);
      await waitFor('the history seed', async () => Object.keys(await storedValues(popup)).some((k) => k.includes('e2e-shared-ranges')));
      const plain = await stream('How much offshore wind is there?', undefined, 1);
      expect(footprintRanges(plain)).toBeUndefined();
      await tab.waitForFunction(() => document.querySelectorAll('ai-footprint-label').length === 1, 10_000);
      const exact = [shown(energyQuantity, plain.energyKwh), shown(carbonQuantity, plain.carbonG), shown(waterQuantity, plain.waterL)].join(' · ');
      expect(await tab.evaluate(labelTexts, null)).toEqual([exact]);

      await reopen();
      expect(await popup.text('[data-testid="last-energy"]')).toBe(collapsed(shown(energyQuantity, plain.energyKwh)));
      expect(await popup.text('[data-testid="last-energy-range"]')).toBe('');
      expect(await popup.text('[data-testid="period-range"]')).toBe('');
      expect(await popup.text('[data-testid="total-energy"]')).toBe(collapsed(shown(energyQuantity, plain.energyKwh)));
      expect(await popup.text('[data-testid="total-energy-range"]')).toBe('');
    });

    it('an answer with a research run: the label, the latest answer and today show the range beside each figure', async () => {
      const before = (await popupState(popup)).lastTurn!;
      const researched = await stream('And who built it?', RESEARCH_HTML, 2, before.turnId);
      expect(researched.parts?.research?.basis).toBe('estimated');
      const r = footprintRanges(researched)!;
      expect(r.energyKwh.high).toBeGreaterThan(researched.energyKwh);
      await tab.waitForFunction(() => document.querySelectorAll('ai-footprint-label').length === 2, 10_000);
      const expected = [
        ranged(energyQuantity, researched.energyKwh, r.energyKwh),
        ranged(carbonQuantity, researched.carbonG, r.carbonG),
        ranged(waterQuantity, researched.waterL, r.waterL),
      ].join(' · ');
      // The plain answer's label keeps its single figures.
      expect((await tab.evaluate(labelTexts, null)).at(-1)).toBe(expected);

      await reopen();
      expect(await popup.text('[data-testid="last-energy-range"]')).toBe(collapsed(bounds(energyQuantity, r.energyKwh)));
      expect(await popup.text('[data-testid="last-carbon-range"]')).toBe(collapsed(bounds(carbonQuantity, r.carbonG)));
      expect(await popup.text('[data-testid="last-water-range"]')).toBe(collapsed(bounds(waterQuantity, r.waterL)));
      // Today: both answers, the exact one as it is and the research run with its bounds.
      const today = periodRanges([before, researched])!;
      const period = await popup.text('[data-testid="period-range"]');
      expect(period).toContain(collapsed(ranged(energyQuantity, today.energyKwh.central, today.energyKwh)));
      expect(period).toContain(collapsed(ranged(waterQuantity, today.waterL.central, today.waterL)));
      // Today's headline figures: each with the same bounds beside it.
      expect(await popup.text('[data-testid="total-energy"]')).toBe(collapsed(ranged(energyQuantity, today.energyKwh.central, today.energyKwh)));
      expect(await popup.text('[data-testid="total-carbon-range"]')).toBe(collapsed(bounds(carbonQuantity, today.carbonG)));
      expect(await popup.text('[data-testid="total-water-range"]')).toBe(collapsed(bounds(waterQuantity, today.waterL)));

      // Both exports: the research run with its low and high ends, the exact answer without.
      const json = await send<{ content: string }>(popup, 'ledger/export', { format: 'json' });
      if (!json.ok) throw new Error(json.error.message);
      const turns = (JSON.parse(json.value.content) as { turns: Array<{ turnId: string; ranges?: { energyKwh: Range } }> }).turns;
      expect(turns.find((t) => t.turnId === before.turnId)).not.toHaveProperty('ranges');
      expect(turns.find((t) => t.turnId === researched.turnId)?.ranges?.energyKwh).toEqual(r.energyKwh);
      const csv = await send<{ content: string }>(popup, 'ledger/export', { format: 'csv' });
      if (!csv.ok) throw new Error(csv.error.message);
      const [header, ...rows] = csv.value.content
        .trim()
        .split('\r\n')
        .map((line) => line.split(','));
      const cell = (turnId: string, column: string) => rows.find((row) => row[header!.indexOf('turn_id')] === turnId)![header!.indexOf(column)];
      expect(cell(before.turnId, 'energy_kwh_high')).toBe('');
      expect(Number(cell(researched.turnId, 'energy_kwh_low'))).toBeCloseTo(r.energyKwh.low, 12);
      expect(Number(cell(researched.turnId, 'energy_kwh_high'))).toBeCloseTo(r.energyKwh.high, 12);
    });
  });
}
