import { beforeEach, describe, expect, it } from 'vitest';
import { calculate } from '../../../src/core';
import { DEFAULT_SETTINGS } from '../../../src/domain';
import { newLedger, resetBrowser, turn, storeSettings } from '../support/ledger';

beforeEach(resetBrowser);

async function exported(ledger: ReturnType<typeof newLedger>) {
  const json = JSON.parse((await ledger.exportLedger('json')).content);
  return json.turns as Array<Record<string, number | string>>;
}

function core(body: Record<string, unknown>) {
  const r = calculate(body);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('generated images', () => {
  it('are an image-gen record of their own next to the turn: 2.9 Wh an image, in the turn region', async () => {
    await storeSettings({ ...DEFAULT_SETTINGS, region: 'eu-france' });
    const ledger = newLedger();
    const t = turn({ images: 2 });
    await ledger.record(t);
    const rows = await exported(ledger);
    expect(rows.map((r) => [r.turnId, r.modelKey])).toEqual(
      expect.arrayContaining([
        [t.turnId, 'alpha-4o'],
        [`${t.turnId}:images`, 'image-gen'],
      ]),
    );
    const images = rows.find((r) => r.modelKey === 'image-gen')!;
    const expected = core({ model: 'image-gen', tokens: 2, region: 'eu-france' });
    expect(expected.energy_kwh).toBeCloseTo(0.0058, 10);
    expect(images).toMatchObject({
      inputTokens: 0,
      outputTokens: 2,
      // The images are the record's one part, counted on the page; no answer tokens stand in for them.
      answerTokens: 0,
      parts: { images: { basis: 'counted', count: 2 } },
      energyKwh: expected.energy_kwh,
      carbonG: expected.carbon_gco2e,
      region: 'eu-france',
    });

    const state = await ledger.popupState();
    expect(state.lastTurn?.turnId).toBe(t.turnId);
    expect(state.lastImages).toMatchObject({ turnId: `${t.turnId}:images`, outputTokens: 2, energyKwh: expected.energy_kwh });
    expect(state.byModel.find((m) => m.modelKey === 'image-gen')?.totals).toMatchObject({ turns: 0, outputTokens: 2, energyKwh: expected.energy_kwh });
    // One answer, whose footprint includes its images.
    expect(state.totals.allTime.turns).toBe(1);
    expect(state.totals.allTime.energyKwh).toBeCloseTo(state.lastTurn!.energyKwh + expected.energy_kwh, 12);
  });

  it('that become ready later come as a revision: the images record is replaced, never added twice', async () => {
    const ledger = newLedger();
    const t = turn({ images: 1 });
    await ledger.record(t);
    await ledger.record({ ...t, images: 3, revision: 1 });
    await ledger.record({ ...t, images: 3, revision: 1 });
    const rows = (await exported(ledger)).filter((r) => r.modelKey === 'image-gen');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outputTokens: 3 });
    expect((await ledger.popupState()).lastImages).toMatchObject({ outputTokens: 3 });
  });

  it('a turn without images has no images record, and the next turn clears the last answer images', async () => {
    const ledger = newLedger();
    await ledger.record(turn({ images: 4 }));
    await ledger.record(turn());
    const state = await ledger.popupState();
    expect(state.lastImages).toBeNull();
    expect((await exported(ledger)).filter((r) => r.modelKey === 'image-gen')).toHaveLength(1);
  });
});

describe('reasoning', () => {
  it('counts shown reasoning and the estimate as output, each kept in its own column', async () => {
    const ledger = newLedger();
    const t = turn({ reasoningTokens: 300, estimatedReasoningTokens: 3630 });
    await ledger.record(t);
    const [e] = await exported(ledger);
    expect(e).toMatchObject({ answerTokens: 450, reasoningTokens: 300, estimatedReasoningTokens: 3630, outputTokens: 450 + 300 + 3630 });
    const expected = core({ model: 'alpha-4o', input_tokens: 1020, output_tokens: 4380, region: 'global-avg' });
    expect(e.energyKwh).toBe(expected.energy_kwh);
    expect((await ledger.popupState()).lastTurn).toMatchObject({ estimatedReasoningTokens: 3630, reasoningTokens: 300 });
  });

  it('leaves the estimate out when estimates are turned off, and keeps counted reasoning', async () => {
    const ledger = newLedger();
    await ledger.updateSettings({ estimateReasoning: false });
    await ledger.record(turn({ reasoningTokens: 300, estimatedReasoningTokens: 3630 }));
    const [e] = await exported(ledger);
    expect(e).toMatchObject({ reasoningTokens: 300, estimatedReasoningTokens: 0, outputTokens: 750 });
    expect((await ledger.popupState()).settings.estimateReasoning).toBe(false);
  });
});
