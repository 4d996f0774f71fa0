/**
 * Remote mode shows the same ranges: a turn the service priced keeps its parts, and its range is the
 * service's answer scaled by the parts' low and high ends, as asking the service for each bound
 * would give. The service is a fetch that answers as its handler does, with the shared core (a unit
 * test opens no socket; test/integration/remote runs the real service over loopback), its figures
 * doubled so that the range is seen to scale the service's answer, not the local one.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { calculate, type CalculationResponse } from '../../../src/core';
import { DEFAULT_SETTINGS } from '../../../src/domain/settings';
import { footprintRanges } from '../../../src/features/part';
import { computeLocally, requestFor, turnUnderSettings } from '../../../src/ledger/compute';
import { memoryKeyStore } from '../../support/key-store';
import { newLedger, resetBrowser, storeSettings, turn } from '../support/ledger';

beforeEach(resetBrowser);

const BASE_URL = 'https://footprint.example';
const RESEARCH = { runs: 1, tokens: 300_000, highTokens: 1_200_000, rule: 'research-run-vendor-range' };

/** The service: the core's answer for the body it is sent, at twice the energy, carbon and water. */
const service: typeof fetch = async (_url, init) => {
  const answer = calculate(JSON.parse(String(init?.body)), { plan: 'pro' });
  if (!answer.ok) return new Response(JSON.stringify({ code: answer.error.code, detail: answer.error.message }), { status: answer.error.status });
  const r: CalculationResponse = answer.value;
  const doubled = { ...r, energy_kwh: 2 * r.energy_kwh, carbon_gco2e: 2 * r.carbon_gco2e, water: { ...r.water, liters: 2 * r.water.liters } };
  return new Response(JSON.stringify(doubled), { status: 200, headers: { 'content-type': 'application/json' } });
};

describe('remote mode: the range of a turn the service priced', () => {
  it('is the service’s figures scaled by the parts’ bounds, the same factors as local; none for an exact turn', async () => {
    const settings = { ...DEFAULT_SETTINGS, remote: { enabled: true, baseUrl: BASE_URL } };
    await storeSettings(settings);
    const ledger = newLedger({ remote: { keyStore: memoryKeyStore('fp_test_key'), hasPermission: async () => true, fetch: service } });
    const researched = turn({ promptTokens: 100, historyTokens: 0, answerTokens: 500, extras: { research: RESEARCH } });
    const { entry } = await ledger.record(researched);
    expect(entry).toMatchObject({ computedBy: 'remote', plan: 'pro', parts: { research: { basis: 'estimated', range: { high: 1_200_000 } } } });

    const under = turnUnderSettings(researched, settings);
    const local = computeLocally(under, requestFor(under, settings));
    if (!local.ok) throw new Error(local.error.message);
    expect(entry!.energyKwh).toBeCloseTo(2 * local.value.energyKwh, 15);

    const remote = footprintRanges(entry!)!;
    const own = footprintRanges(local.value)!;
    expect(remote.energyKwh.central).toBe(entry!.energyKwh);
    // Weighted tokens (input 0.5, output 1.5): the research run at its high end over its central figure.
    const factor = (0.5 * 1_200_100 + 1.5 * 500) / (0.5 * 300_100 + 1.5 * 500);
    expect(remote.energyKwh.high / entry!.energyKwh).toBeCloseTo(factor, 12);
    expect(remote.energyKwh.high / entry!.energyKwh).toBeCloseTo(own.energyKwh.high / local.value.energyKwh, 12);
    expect(remote.carbonG.high).toBeCloseTo(entry!.carbonG * factor, 9);
    expect(remote.waterL.low).toBeCloseTo(entry!.waterL, 12);
    expect(remote.energyKwh.high).toBeCloseTo(2 * own.energyKwh.high, 15);

    const exact = await ledger.record(turn({ promptTokens: 100, historyTokens: 0, answerTokens: 500 }));
    expect(exact.entry).toMatchObject({ computedBy: 'remote' });
    expect(footprintRanges(exact.entry!)).toBeUndefined();
  });
});
