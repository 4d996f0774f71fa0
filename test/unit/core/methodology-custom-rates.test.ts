/**
 * The custom rates of data/custom-rates.json as the methodology page gives them: the table of
 * "Models the table does not have", and each rate derived by EcoLogits' method recomputed here from
 * the parameters and settings data/ names, with EcoLogits' formula (mlco2/ecologits,
 * ecologits/impacts/llm.py at commit 6b79716634e664a7df1e8828c374abf71c57a07b).
 */
import { describe, expect, it } from 'vitest';
import ratesData from '../../../data/custom-rates.json';
import sourcesData from '../../../data/sources.json';
import { OUTPUT_WEIGHT } from '../../../src/core';
import { leadingNumber, readRepoFile, records, section, tables } from '../support/markdown';

interface Setting {
  batch: number;
  bits: number;
  pue: number;
}
interface EcoLogitsInputs {
  active_b: number;
  total_b: number;
  central: Setting;
  low: Setting;
  high_factor: number;
}
interface Row {
  id: string;
  wh_per_1k: number;
  low: number;
  high: number;
  sources?: string[];
  tokenizer?: string;
  ecologits?: EcoLogitsInputs;
}

const doc = readRepoFile('docs/methodology.md');
const ROWS = ratesData.rates as Row[];
const E = ratesData.ecologits_llm;
const derived = ROWS.filter((r): r is Row & { ecologits: EcoLogitsInputs } => r.ecologits !== undefined);

/** EcoLogits' GPUs for a model's weights: memory with its overhead over 80 GB, rounded up to a power of two. */
function gpus(totalB: number, bits: number): number {
  const needed = Math.ceil((E.memory_overhead * totalB * bits) / 8 / E.gpu_memory_gb);
  return 2 ** Math.ceil(Math.log2(needed));
}

/** EcoLogits' request energy per 1,000 output tokens (Wh), without a measured latency. */
function whPer1kOutput(activeB: number, totalB: number, s: Setting): number {
  const n = gpus(totalB, s.bits);
  const gpuWh = E.gpu_energy_alpha * Math.exp(E.gpu_energy_beta * s.batch) * activeB + E.gpu_energy_gamma;
  const seconds = E.latency_alpha * activeB + E.latency_beta * s.batch + E.latency_gamma;
  const serverWh = ((seconds / 3600) * E.server_power_kw * 1000 * (n / E.server_gpus)) / s.batch;
  return s.pue * (serverWh + n * gpuWh) * 1000;
}

const twoFigures = (x: number): number => Number(x.toPrecision(2));

describe('custom rates derived by EcoLogits’ method', () => {
  it('has some, each with its sources in data/sources.json', () => {
    expect(derived.map((r) => r.id)).toEqual(['qwen', 'kimi']);
    const ids = new Set(sourcesData.sources.map((s) => s.id));
    for (const r of derived) {
      expect(r.sources).toContain('ecologits-llm');
      for (const id of r.sources ?? []) expect(ids.has(id), id).toBe(true);
    }
  });

  it.each(derived.map((r) => [r.id, r] as const))('%s: central, low and high are the method’s figures over the output weight', (_, r) => {
    const { active_b, total_b, central, low, high_factor } = r.ecologits;
    const rate = whPer1kOutput(active_b, total_b, central) / OUTPUT_WEIGHT;
    expect(r.wh_per_1k).toBe(twoFigures(rate));
    expect(r.low).toBe(twoFigures(whPer1kOutput(active_b, total_b, low) / OUTPUT_WEIGHT));
    expect(r.high).toBe(twoFigures(high_factor * rate));
    expect(r.low).toBeLessThan(r.wh_per_1k);
    expect(r.high).toBeGreaterThan(r.wh_per_1k);
  });

  it('a model the method was checked on: Kimi K2 needs 32 GPUs in 16 bits, 16 in 8 (1.2 × 1,000 B × 2 bytes = 2,400 GB)', () => {
    expect(gpus(1000, 16)).toBe(32);
    expect(gpus(1000, 8)).toBe(16);
    expect(gpus(235, 16)).toBe(8);
  });

  it('the methodology page shows each derivation with the figures of data/', () => {
    const table = tables(section(doc, "Rates derived by EcoLogits' method")).find((t) => t.header[0] === 'rate');
    expect(table).toBeDefined();
    const rows = records(table!);
    expect(rows.map((row) => row.rate)).toEqual(derived.map((r) => r.id));
    for (const [i, r] of derived.entries()) {
      const row = rows[i]!;
      const { active_b, total_b, central, low } = r.ecologits;
      expect(leadingNumber(row['active parameters (billions)']!)).toBe(active_b);
      expect(leadingNumber(row['total parameters (billions)']!)).toBe(total_b);
      expect(leadingNumber(row['GPUs (16-bit)']!)).toBe(gpus(total_b, central.bits));
      expect(leadingNumber(row['Wh per 1,000 output tokens']!)).toBe(twoFigures(whPer1kOutput(active_b, total_b, central)));
      expect(leadingNumber(row['Wh per 1,000 tokens']!)).toBe(r.wh_per_1k);
      expect(leadingNumber(row['GPUs (8-bit)']!)).toBe(gpus(total_b, low.bits));
      expect(leadingNumber(row.low!)).toBe(r.low);
      expect(leadingNumber(row.high!)).toBe(r.high);
    }
  });
});

describe('the methodology page’s table of custom rates', () => {
  it('lists every rate of data/custom-rates.json with its figure and range', () => {
    const rows = records(tables(section(doc, 'Models the table does not have'))[0]!);
    expect(
      rows.map((row) => {
        const [low, high] = row.range!.split(' to ').map(leadingNumber);
        return { id: row.rate, wh_per_1k: leadingNumber(row['Wh per 1,000 tokens']!), low, high };
      }),
    ).toEqual(ROWS.map(({ id, wh_per_1k, low, high }) => ({ id, wh_per_1k, low, high })));
  });
});
