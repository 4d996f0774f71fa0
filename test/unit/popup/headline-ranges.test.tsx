// @vitest-environment happy-dom
/**
 * The totals panel's headline figures with their range: once the period's stored answers are read
 * (after the first numbers), a period that holds an estimated answer shows the bounds beside its
 * energy, carbon and water, as the latest answer does; a period counted exactly shows single
 * figures. The popup runs as the entrypoint runs it, over a real ledger in WXT's fake browser
 * storage, with the production loader; only the worker's messages are faked (it cannot run here).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { carbonQuantity, energyQuantity, quantityText, waterQuantity, type Quantity } from '../../../src/display';
import type { Range } from '../../../src/core/range';
import type { LedgerEntry } from '../../../src/domain/ledger';
import { footprintRanges, periodRanges } from '../../../src/features/part';
import { createLedger } from '../../../src/ledger/ledger';
import { loadPopupState } from '../../../src/popup/load-state';
import { totalsRanges } from '../../../src/popup/view';
import { memoryKeyStore } from '../../support/key-store';
import { useCatalog } from '../../support/messages';
import { createFakeWorker, type FakeWorker } from '../support/fake-worker';
import { turn } from '../support/ledger';

const port = vi.hoisted(() => ({ worker: null as FakeWorker | null }));
vi.mock('../../../src/messaging/messaging', () => ({
  sendMessage: (type: never, data: never) => port.worker!.sendMessage(type, data),
}));

const { App } = await import('../../../src/popup/App');

const RESEARCH = { runs: 1, tokens: 300_000, highTokens: 1_200_000, rule: 'research-run-vendor-range' };

let root: HTMLElement;
beforeEach(() => {
  fakeBrowser.reset();
  useCatalog('en');
  root = document.createElement('div');
  document.body.appendChild(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
});

const collapsed = (s: string) => s.replace(/\s+/g, ' ').trim();
const shown = (q: Quantity) => collapsed(quantityText(q));
/** The English catalogue's "($LOW$–$HIGH$)". */
const bounds = (q: (v: number, locale: string) => Quantity, r: Range) => `(${shown(q(r.low, 'en'))}–${shown(q(r.high, 'en'))})`;
const text = (id: string) => collapsed(root.querySelector(`[data-testid="${id}"]`)?.textContent ?? '');

async function recorded(...turns: Parameters<typeof turn>[0][]): Promise<LedgerEntry[]> {
  const ledger = createLedger({ remote: { keyStore: memoryKeyStore(), hasPermission: async () => true } });
  await ledger.start();
  const entries: LedgerEntry[] = [];
  for (const t of turns) {
    const out = await ledger.record(turn({ time: Date.now(), ...t }));
    if (!out.recorded) throw new Error('not recorded');
    entries.push(out.entry);
  }
  return entries;
}

/** The popup opened, with its period figures (loaded after the numbers) in. */
async function open(): Promise<void> {
  port.worker = createFakeWorker({});
  await act(() => render(<App locale="en-US" loadState={loadPopupState} />, root));
  // The first test also waits for vitest to transform the later parts' module on its first import.
  await vi.waitFor(() => expect(root.querySelector('#costliest-h')).not.toBeNull(), { timeout: 10_000 });
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
}

describe('the headline figures of a period', () => {
  it('show the bounds beside energy, carbon and water when the period holds an estimated answer', async () => {
    const [plain, researched] = await recorded({ historyTokens: 0 }, { historyTokens: 0, extras: { research: RESEARCH } });
    expect(footprintRanges(plain!)).toBeUndefined();
    const today = periodRanges([plain!, researched!])!;
    expect(today.energyKwh.high).toBeGreaterThan(today.energyKwh.central);
    await open();
    expect(text('total-energy')).toBe(`${shown(energyQuantity(today.energyKwh.central, 'en'))} ${bounds(energyQuantity, today.energyKwh)}`);
    expect(text('total-energy-range')).toBe(bounds(energyQuantity, today.energyKwh));
    expect(text('total-carbon-range')).toBe(bounds(carbonQuantity, today.carbonG));
    expect(text('total-water-range')).toBe(bounds(waterQuantity, today.waterL));
    expect(root.querySelector('[data-testid="total-energy-range"]')!.getAttribute('aria-label')).toMatch(/between .+ and .+/);
    // The period line under them says the same range.
    expect(text('period-range')).toContain(bounds(energyQuantity, today.energyKwh));
  });

  it('show single figures when every answer of the period was counted exactly', async () => {
    const [a, b] = await recorded({ historyTokens: 0 }, { historyTokens: 400 });
    await open();
    expect(text('total-energy')).toBe(shown(energyQuantity(a!.energyKwh + b!.energyKwh, 'en')));
    expect(root.querySelector('[data-testid="total-energy-range"]')).toBeNull();
    expect(root.querySelector('[data-testid="total-water-range"]')).toBeNull();
    expect(root.querySelector('[data-testid="period-range"]')).toBeNull();
  });
});

describe('totalsRanges', () => {
  const stored = { energyKwh: { low: 1, central: 2, high: 5 }, carbonG: { low: 10, central: 20, high: 50 }, waterL: { low: 0.1, central: 0.2, high: 0.5 } };

  it('keeps the stored answers’ spread around the period’s totals, which also hold answers whose turns were pruned', () => {
    const r = totalsRanges({ energyKwh: 3, carbonG: 30, waterL: 0.3 }, stored)!;
    expect(r.energyKwh).toEqual({ low: 2, central: 3, high: 6 });
    expect(r.carbonG).toEqual({ low: 20, central: 30, high: 60 });
    expect(r.waterL.low).toBeCloseTo(0.2, 12);
    expect(r.waterL.high).toBeCloseTo(0.6, 12);
  });

  it('is the stored range itself when the totals are the stored answers, nothing without one, and never below zero', () => {
    expect(totalsRanges({ energyKwh: 2, carbonG: 20, waterL: 0.2 }, stored)).toEqual(stored);
    expect(totalsRanges({ energyKwh: 2, carbonG: 20, waterL: 0.2 }, undefined)).toBeUndefined();
    expect(totalsRanges({ energyKwh: 0.5, carbonG: 5, waterL: 0.05 }, stored)!.energyKwh.low).toBe(0);
  });
});
