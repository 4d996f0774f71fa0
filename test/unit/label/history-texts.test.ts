/**
 * The page label's history figures, formatted in the worker: "history: 82% of input" in the
 * details, and in a long chat the new-chat suggestion with what the next answer would take in a new
 * chat, in all seven languages; nothing of it on a short chat.
 */
import { describe, expect, it } from 'vitest';
import { footprintOf } from '../../../src/counting/footprint';
import { energyQuantity, formatShare, quantityText } from '../../../src/display';
import type { LedgerEntry } from '../../../src/domain/ledger';
import { spokenQuantity } from '../../../src/i18n/quantity';
import { createLabelHost, fillLabel } from '../../../src/label/render';
import { loadPage } from '../support/load-page';
import { pricedEntry } from '../support/priced-entry';
import { LOCALES, catalog, useCatalog } from '../../support/messages';

function entry(promptTokens: number, historyTokens: number, answerTokens: number): LedgerEntry {
  return pricedEntry({ promptTokens, historyTokens, answerTokens });
}

const SHORT = entry(40, 0, 300);
// A second turn: history 82% of the input but small next to the answer.
const SECOND = entry(36, 164, 300);
// Forty turns in: 39 × (20 + 300) tokens of history.
const LONG = entry(20, 39 * 320, 300);

describe('the label’s history figures', () => {
  it('say nothing about history for the first turn of a chat', () => {
    useCatalog('en');
    const f = footprintOf(SHORT, undefined, 'en');
    expect(f.historyShare).toBeUndefined();
    expect(f.texts.details).not.toContain('history');
    expect(f.texts.tip).toBeUndefined();
  });

  it('give the history’s share of the input on a short chat, without a tip', () => {
    useCatalog('en');
    const f = footprintOf(SECOND, undefined, 'en');
    expect(f.historyShare).toBeCloseTo(0.82, 12);
    expect(f.texts.details).toContain('history: 82% of input');
    expect(f.newChat).toBeUndefined();
    expect(f.texts.tip).toBeUndefined();
    expect(f.texts.summary).not.toContain('new chat');
  });

  it('suggest a new chat on a long one, with the next answer’s energy there and here', () => {
    useCatalog('en');
    const f = footprintOf(LONG, undefined, 'en');
    // The threshold is two thirds (docs/methodology.md, Numbers that point somewhere).
    expect(f.newChat!.historyEnergyShare).toBeGreaterThanOrEqual(2 / 3);
    const here = quantityText(energyQuantity(f.newChat!.hereKwh, 'en'));
    const fresh = quantityText(energyQuantity(f.newChat!.newChatKwh, 'en'));
    expect(f.texts.tip).toBe(
      `Long chat: re-reading it took ${formatShare(f.newChat!.historyEnergyShare, 'en')} of this answer’s energy. The next answer would take ${fresh} in a new chat, instead of ${here} here.`,
    );
    expect(f.texts.summary).toContain(`a new chat saves ${formatShare(1 - f.newChat!.newChatKwh / f.newChat!.hereKwh, 'en')}`);
    // Screen readers get the tip too, its amounts in words.
    expect(f.texts.spoken).toContain(
      `The next answer would take ${spokenQuantity(energyQuantity(f.newChat!.newChatKwh, 'en'), 'en')} in a new chat, instead of ${spokenQuantity(energyQuantity(f.newChat!.hereKwh, 'en'), 'en')} here.`,
    );
    expect(f.texts.spoken).toMatch(/^Footprint of this answer: about [\d.,]+ (milli|kilo)?watt-hours?, /);
    expect(f.texts.spoken).not.toMatch(/≈|\bWh\b/);
  });

  it.each(LOCALES)('are in %s, never with a message key left in', (lang) => {
    useCatalog(lang);
    const f = footprintOf(LONG, undefined, lang.replace('_', '-'));
    const share = formatShare(f.historyShare!, lang.replace('_', '-'));
    expect(f.texts.details).toContain(share);
    for (const text of [f.texts.summary, f.texts.details, f.texts.tip!]) expect(text).not.toMatch(/history_|label_/);
    if (lang !== 'en') expect(f.texts.tip).not.toBe(catalog('en').label_newChat!.message);
  });
});

describe('the label with a new-chat tip', () => {
  it('shows the tip on its own line with the details, marks the label, and drops both when the texts have none', () => {
    useCatalog('en');
    const doc = loadPage('<main></main>', 'https://chatgpt.com/c/x');
    const host = createLabelHost(doc);
    doc.querySelector('main')!.append(host);
    const long = footprintOf(LONG, undefined, 'en').texts;
    fillLabel(host, { kind: 'counted', texts: long });
    expect(host.dataset.tip).toBe('new-chat');
    expect(host.shadowRoot!.querySelector('.tip')!.textContent).toBe(long.tip);
    expect(host.shadowRoot!.getElementById('spoken')!.textContent).toContain('Long chat: re-reading it took');
    expect(host.shadowRoot!.getElementById('spoken')!.textContent).toBe(long.spoken);

    fillLabel(host, { kind: 'counted', texts: footprintOf(SECOND, undefined, 'en').texts });
    expect(host.dataset.tip).toBeUndefined();
    expect(host.shadowRoot!.querySelector('.tip')).toBeNull();
  });
});
