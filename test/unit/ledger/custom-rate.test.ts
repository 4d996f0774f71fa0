/** Turns of a model the table lacks: counted as custom with their rate, kept through storage, exports, recomputes and the popup. */
import { beforeEach, describe, expect, it } from 'vitest';
import { calculate } from '../../../src/core';
import { DEFAULT_SETTINGS } from '../../../src/domain';
import { requestFor } from '../../../src/ledger/compute';
import { modelText } from '../../../src/popup/view';
import { newLedger, resetBrowser, turn } from '../support/ledger';

beforeEach(resetBrowser);

const grokTurn = (overrides = {}) => turn({ site: 'grok', modelKey: 'custom', customWhPer1k: 2, ...overrides });

describe('a custom model turn', () => {
  it('is computed with its own rate, as the specification computes custom', async () => {
    const ledger = newLedger();
    const out = await ledger.record(grokTurn());
    const want = calculate({ model: 'custom', custom_wh_per_1k: 2, input_tokens: 1020, output_tokens: 450, region: 'global-avg' });
    if (!out.recorded || !want.ok) throw new Error('not recorded');
    expect(out.entry).toMatchObject({ modelKey: 'custom', customWhPer1k: 2, energyKwh: want.value.energy_kwh });
  });

  it('keeps its rate in the stored day, both exports and a recompute for another region', async () => {
    const ledger = newLedger();
    await ledger.record(grokTurn({ turnId: 'g1' }));
    const json = JSON.parse((await ledger.exportLedger('json')).content);
    expect(json.turns[0]).toMatchObject({ turnId: 'g1', modelKey: 'custom', customWhPer1k: 2 });
    expect(json.dailyTotals[0]).toMatchObject({ site: 'grok', modelKey: 'custom', customWhPer1k: 2, turns: 1 });
    const csv = (await ledger.exportLedger('csv')).content.split('\r\n');
    const header = csv[0].split(',');
    expect(csv[1].split(',')[header.indexOf('custom_wh_per_1k')]).toBe('2');

    await ledger.updateSettings({ region: 'eu-france' });
    expect(await ledger.recompute()).toBe(1);
    const france = calculate({ model: 'custom', custom_wh_per_1k: 2, input_tokens: 1020, output_tokens: 450, region: 'eu-france' });
    if (!france.ok) throw new Error(france.error.message);
    const state = await ledger.popupState();
    expect(state.lastTurn).toMatchObject({ modelKey: 'custom', customWhPer1k: 2, region: 'eu-france', carbonG: france.value.carbon_gco2e });
    expect(state.byModel.map((m) => m.modelKey)).toEqual(['custom@2']);
  });

  it('can be chosen for a site that has a custom rate, and only there', async () => {
    const ledger = newLedger();
    await expect(ledger.updateSettings({ modelOverride: { site: 'perplexity', modelKey: 'custom' } })).resolves.toBeUndefined();
    await expect(ledger.updateSettings({ modelOverride: { site: 'chatgpt', modelKey: 'custom' } })).rejects.toMatchObject({ code: 'INVALID_MODEL' });
  });

  it('goes to the service with custom_wh_per_1k; an override to custom takes the site rate, another key none', () => {
    const settings = { ...DEFAULT_SETTINGS };
    expect(requestFor(grokTurn(), settings)).toEqual({ model: 'custom', custom_wh_per_1k: 2, input_tokens: 1020, output_tokens: 450, region: settings.region });
    const perplexity = turn({ site: 'perplexity', modelKey: 'epsilon-70b' });
    expect(requestFor(perplexity, { ...settings, modelOverrides: { perplexity: 'custom' } })).toMatchObject({ model: 'custom', custom_wh_per_1k: 0.6 });
    expect(requestFor(grokTurn(), { ...settings, modelOverrides: { grok: 'beta-opus-5' } })).not.toHaveProperty('custom_wh_per_1k');
  });

  it('is named in the popup with its rate, in the UI language', () => {
    expect(modelText('custom@2')).toBe('custom (2 Wh/1k tokens)');
    expect(modelText('custom', 'en', 0.6)).toBe('custom (0.6 Wh/1k tokens)');
    expect(modelText('alpha-4o')).toBe('alpha-4o');
  });
});
