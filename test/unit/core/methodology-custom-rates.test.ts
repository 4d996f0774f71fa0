/**
 * docs/methodology.md's custom rates against data/custom-rates.json: every rate in the table with its
 * range, and each rate derived from a model's size recomputed here by EcoLogits' method from the
 * inputs and constants the data file keeps, step by step as the page shows it.
 */
import { describe, expect, it } from 'vitest';
import ratesData from '../../../data/custom-rates.json';
import sourcesData from '../../../data/sources.json';
import { readRepoFile, records, section, tables, text } from '../support/markdown';

const doc = readRepoFile('docs/methodology.md');
const E = ratesData.ecologits_llm;

interface Size {
  active_params_b: number;
  total_params_b: number;
  pue: number;
}
interface Rate {
  id: string;
  wh_per_1k: number;
  low: number;
  high: number;
  ecologits?: Size;
  ecologits_low?: Size;
  source_ids?: string[];
}
const RATES: Rate[] = ratesData.rates;
const derived = RATES.filter((r) => r.ecologits);

/** EcoLogits' usage energy of one output token, each step apart (mlco2/ecologits ecologits/impacts/llm.py). */
function ecologits(size: Size) {
  const gpuWh = E.gpu_energy_alpha * Math.exp(E.gpu_energy_beta * E.batch_size) * size.active_params_b + E.gpu_energy_gamma;
  const memoryGb = (E.memory_overhead * size.total_params_b * E.quantization_bits) / 8;
  const needed = Math.ceil(memoryGb / E.gpu_memory_gb);
  const gpus = 2 ** Math.ceil(Math.log2(needed));
  const latency = E.latency_alpha * size.active_params_b + E.latency_beta * E.batch_size + E.latency_gamma;
  const serverWh = (((latency / 3600) * E.server_power_w * gpus) / E.installed_gpus) * (1 / E.batch_size);
  const perToken = size.pue * (serverWh + gpus * gpuWh);
  return { gpuWh, memoryGb, needed, gpus, latency, serverWh, perToken, per1k: perToken * 1000 };
}

/** Four significant figures, as the page writes each step. */
const sig4 = (x: number): string => String(Number(x.toPrecision(4)));
const round2 = (x: number): number => Math.round(x * 100) / 100;
const pageText = (s: string): string =>
  s
    .replace(/−/g, '-')
    .replace(/\*\*/g, '')
    .replace(/(\d),(\d{3})/g, '$1$2');

describe('the custom rates on the methodology page', () => {
  const rows = records(tables(section(doc, 'Models the table does not have'))[0]!);

  it.each(RATES)('$id: its rate and range as data/custom-rates.json has them', (rate) => {
    const row = rows.find((r) => r.rate === rate.id);
    expect(Number(row?.['Wh per 1,000 tokens'])).toBe(rate.wh_per_1k);
    expect(row?.range).toBe(`${rate.low} to ${rate.high}`);
  });

  it('names no rate data/custom-rates.json lacks', () => {
    expect(rows.map((r) => r.rate).sort()).toEqual(RATES.map((r) => r.id).sort());
  });

  it('states the as-of date of the data file', () => {
    expect(doc).toContain(`(\`data/custom-rates.json\`, as of ${ratesData.as_of})`);
  });

  it('every source a rate names is in data/sources.json', () => {
    const ids = new Set(sourcesData.sources.map((s) => s.id));
    for (const rate of RATES) for (const id of rate.source_ids ?? []) expect(ids.has(id), `${rate.id}: ${id}`).toBe(true);
  });
});

describe("rates derived from a model's size by EcoLogits' method", () => {
  const method = pageText(text(section(doc, "Derived from a model's size")));

  it('shows the constants of data/custom-rates.json', () => {
    for (const c of [E.gpu_energy_alpha, E.gpu_energy_gamma]) expect(method).toContain(c.toExponential(4));
    for (const c of [E.gpu_energy_beta, E.latency_alpha, E.latency_beta, E.latency_gamma]) expect(method).toContain(String(Number(c.toPrecision(5))));
    expect(method).toContain(`${E.memory_overhead} × P × ${E.quantization_bits} / 8 GB over ${E.gpu_memory_gb} GB GPUs`);
    expect(method).toContain(`${E.server_power_w} W × GPUs / ${E.installed_gpus} / ${E.batch_size}`);
  });

  it('has at least one derived rate', () => {
    expect(derived.map((r) => r.id)).toContain('doubao');
  });

  it.each(derived)('$id: the central rate and the low end are the method applied to the data, rounded to 2 decimals', (rate) => {
    expect(round2(ecologits(rate.ecologits!).per1k)).toBe(rate.wh_per_1k);
    if (rate.ecologits_low) expect(round2(ecologits(rate.ecologits_low).per1k)).toBe(rate.low);
    expect(rate.low).toBeLessThanOrEqual(rate.wh_per_1k);
    expect(rate.high).toBeGreaterThanOrEqual(rate.wh_per_1k);
  });

  it.each(derived)('$id: the page shows each step with the numbers the method gives', (rate) => {
    const steps = pageText(text(section(doc, rate.id)));
    const size = rate.ecologits!;
    const r = ecologits(size);
    expect(steps).toContain(`× ${size.active_params_b} + `);
    expect(steps).toContain(`= ${sig4(r.gpuWh)} Wh`);
    expect(steps).toContain(
      `${E.memory_overhead} × ${size.total_params_b} × ${E.quantization_bits} / 8 = ${r.memoryGb} GB, ${r.needed} GPUs of ${E.gpu_memory_gb} GB, rounded up to ${r.gpus}`,
    );
    expect(steps).toContain(`= ${sig4(r.latency)} s`);
    expect(steps).toContain(`= ${sig4(r.serverWh)} Wh per token`);
    expect(steps).toContain(
      `${size.pue} × (${sig4(r.serverWh)} + ${r.gpus} × ${sig4(r.gpuWh)}) = ${sig4(r.perToken)} Wh per token, ${sig4(r.per1k)} Wh per 1000 tokens, rounded to ${rate.wh_per_1k}`,
    );
    if (rate.ecologits_low) {
      const low = ecologits(rate.ecologits_low);
      expect(steps).toContain(
        `${sig4(low.gpuWh)} Wh per token on ${low.gpus} GPUs, ${sig4(low.latency)} s, ${sig4(low.serverWh)} Wh for the server, ${sig4(low.per1k)} Wh per 1000 tokens, rounded to ${rate.low}`,
      );
    }
  });
});
