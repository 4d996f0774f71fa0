// @vitest-environment happy-dom
/**
 * The popup's period figures over a real ledger in WXT's fake storage: the costliest chats with
 * their links (none for a chat the site never named), the change against the period before, the
 * what-if figure for a picked model, and the budget's progress and setting (the setting goes to a
 * fake worker: the real one cannot run here).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { whatIf } from '../../../src/core/what-if';
import { localDay } from '../../../src/storage/days';
import { readPeriodData } from '../../../src/ledger/read-period';
import { budgetView, parseBudgetWh, periodChangeText, whatIfWords } from '../../../src/popup/period-texts';
import { wordsText } from '../../../src/popup/words';
import { useCatalog } from '../../support/messages';
import { NOW, newLedger, resetBrowser, turn } from '../support/ledger';
import { createFakeWorker, type FakeWorker } from '../support/fake-worker';

const port = vi.hoisted(() => ({ worker: null as FakeWorker | null }));
vi.mock('../../../src/messaging/messaging', () => ({
  sendMessage: (type: never, data: never) => port.worker!.sendMessage(type, data),
}));

const { PeriodInsights } = await import('../../../src/popup/components/PeriodInsights');
const { BudgetSettings } = await import('../../../src/popup/components/Budget');
const { BudgetProgress } = await import('../../../src/popup/components/BudgetProgress');

const DAY = 86_400_000;
let root: HTMLElement;

async function settle() {
  for (let i = 0; i < 8; i++)
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
}

const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

beforeEach(() => {
  resetBrowser();
  useCatalog('en');
  root = document.createElement('div');
  document.body.append(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
});

describe('formatting', () => {
  it('signs a change with a true minus', () => {
    useCatalog('en');
    expect(periodChangeText('last7', 0.23, 'en')).toBe('+23% vs the 7 days before');
    expect(periodChangeText('last30', -0.96, 'en')).toBe('\u221296% vs the 30 days before');
    expect(periodChangeText('last7', 0, 'en')).toBe('0% vs the 7 days before');
  });

  it('reads the budget field in Wh, either decimal mark, above 0 only', () => {
    expect(parseBudgetWh('50')).toBe(0.05);
    expect(parseBudgetWh('1,5')).toBe(0.0015);
    expect(parseBudgetWh('0')).toBeNull();
    expect(parseBudgetWh('abc')).toBeNull();
  });
});

describe('the period figures', () => {
  it('list the costliest chats with links, compare with the week before, and price the tokens with another model', async () => {
    const ledger = newLedger();
    await ledger.record(turn({ conversationId: 'chat-long', time: NOW - 3_600_000, historyTokens: 6000 }));
    await ledger.record(turn({ conversationId: 'chat-long', time: NOW - 3_000_000, historyTokens: 7000 }));
    await ledger.record(turn({ site: 'claude', modelKey: 'beta-sonnet-5', conversationId: 'chat-short', time: NOW - 2_000_000, historyTokens: 0 }));
    await ledger.record(turn({ conversationId: 'new-m3x9k2', time: NOW - 1_000_000, historyTokens: 0, answerTokens: 10 }));
    await ledger.record(turn({ conversationId: 'chat-old', time: NOW - 9 * DAY, historyTokens: 0 }));

    await act(() => render(<PeriodInsights period="last7" locale="en" now={() => NOW} />, root));
    await settle();

    const rows = [...root.querySelectorAll('[data-testid="costliest-chat"]')];
    expect(rows).toHaveLength(3);
    expect(text(rows[0])).toMatch(/chatgpt\.com · 2 answers · history: \d+% of input/);
    expect(rows[0]!.querySelector('a')!.getAttribute('href')).toBe('https://chatgpt.com/c/chat-long');
    expect(rows[1]!.querySelector('a')!.getAttribute('href')).toBe('https://claude.ai/chat/chat-short');
    expect(text(rows[1])).not.toContain('history');
    expect(rows[2]!.querySelector('a')).toBeNull();
    expect(text(rows[2]!.querySelector('[data-testid="chat-no-link"]'))).toBe('new chat, no link');

    const data = await readPeriodData({ kind: 'days', days: 7 }, localDay(NOW));
    expect(text(root.querySelector('[data-testid="period-change"]'))).toBe(`7 days: ${periodChangeText('last7', data.change!.change!, 'en')}`);

    const select = root.querySelector<HTMLSelectElement>('[data-testid="whatif-model"]')!;
    await act(() => {
      select.value = 'gamma-3.5-flash-lite';
      select.dispatchEvent(new Event('change'));
    });
    const expected = wordsText(whatIfWords({ modelKey: 'gamma-3.5-flash-lite' }, whatIf(data.entries, { modelKey: 'gamma-3.5-flash-lite' }), 'en').result);
    expect(text(root.querySelector('[data-testid="whatif-result"]'))).toBe(expected.replace(/\s+/g, ' '));
    expect(expected).toMatch(/^with gamma-3\.5-flash-lite: ≈\s[\d.]+\s\w+ \(−\d+%\)$/);
  });

  it('say so when older days of the period keep only their totals', async () => {
    const ledger = newLedger({ rawTurnsBudgetBytes: 1500 });
    for (let d = 10; d >= 0; d--) await ledger.record(turn({ turnId: `p${d}`, time: NOW - d * DAY - 3_600_000 }));
    await act(() => render(<PeriodInsights period="last30" locale="en" now={() => NOW} />, root));
    await settle();
    expect(text(root.querySelector('[data-testid="period-partial"]'))).toMatch(/^\d+ of the 11 answers of this period are stored in full/);
  });
});

describe('the budget', () => {
  it('shows progress and its level, and nothing without a budget', async () => {
    await act(() => render(<BudgetProgress usedKwh={0.009} budget={{ weeklyKwh: 0.01, notify: false }} locale="en" />, root));
    const bar = root.querySelector('[data-testid="budget-progress"]')!;
    expect(bar.getAttribute('data-level')).toBe('near');
    expect(text(bar)).toBe(`${budgetView(0.009, { weeklyKwh: 0.01, notify: false }, 'en')!.text.replace(/\s+/g, ' ')} Almost used up.`);
    await act(() => render(<BudgetProgress usedKwh={0.009} budget={{ weeklyKwh: null, notify: false }} locale="en" />, root));
    expect(root.querySelector('[data-testid="budget-progress"]')).toBeNull();
  });

  it('is set in Wh and sent to the worker in kWh; a bad number is refused in place', async () => {
    port.worker = createFakeWorker({ 'settings/update': () => ({ ok: true }) });
    const changed = vi.fn(async () => undefined);
    await act(() => render(<BudgetSettings budget={undefined} locale="en" onChanged={changed} />, root));
    const input = root.querySelector<HTMLInputElement>('[data-testid="budget-input"]')!;
    await act(() => {
      input.value = '0';
      input.dispatchEvent(new Event('input'));
    });
    await act(() => root.querySelector<HTMLButtonElement>('[data-testid="budget-save"]')!.click());
    await settle();
    expect(port.worker.callsOf('settings/update')).toEqual([]);
    expect(text(root.querySelector('.status'))).toBe('Enter a number above 0 (Wh).');
    await act(() => {
      input.value = '50';
      input.dispatchEvent(new Event('input'));
    });
    await act(() => root.querySelector<HTMLButtonElement>('[data-testid="budget-save"]')!.click());
    await settle();
    expect(port.worker.callsOf('settings/update')).toEqual([{ budget: { weeklyKwh: 0.05, notify: false } }]);
    expect(changed).toHaveBeenCalled();
    expect(root.querySelector<HTMLInputElement>('[data-testid="budget-notify"]')!.disabled).toBe(true);
  });
});

describe('the latest answer', () => {
  it('says how much of its input was re-read history, and nothing of it without history', async () => {
    const { LastAnswer } = await import('../../../src/popup/components/LastAnswer');
    const ledger = newLedger();
    const withHistory = await ledger.record(turn({ promptTokens: 180, historyTokens: 820, time: NOW - 1000 }));
    const without = await ledger.record(turn({ conversationId: 'conv-b', historyTokens: 0, time: NOW - 500 }));
    if (!withHistory.recorded || !without.recorded) throw new Error('not recorded');
    await act(() => render(<LastAnswer entry={withHistory.entry} locale="en" />, root));
    expect(text(root.querySelector('[data-testid="last-history-share"]'))).toBe('· history: 82% of input');
    await act(() => render(<LastAnswer entry={without.entry} locale="en" />, root));
    expect(root.querySelector('[data-testid="last-history-share"]')).toBeNull();
  });
});
