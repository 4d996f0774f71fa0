/**
 * docs/methodology.md against the data and the code: every factor it states
 * equals data/*.json, and its worked example is what `calculate` returns, so
 * the page and the calculation cannot drift apart.
 */
import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import {
  ERROR_CATALOG,
  EQUIVALENTS,
  GRID_KEYS,
  INPUT_WEIGHT,
  MAX_CUSTOM_RATE,
  MAX_TOTAL_TOKENS,
  MODELS,
  OUTPUT_WEIGHT,
  REGIONS,
  V1_MODEL_KEYS,
  calculate,
  findModel,
  sourceName,
  type CalculationResponse,
} from '../../../src/core';
import { CALCULATION_ERROR_CODES, round6 } from '../support/calculation';
import regionsData from '../../../data/regions.json';
import sourcesData from '../../../data/sources.json';
import { codeBlocks, leadingNumber, readRepoFile, records, section, tables, text } from '../support/markdown';

const doc = readRepoFile('docs/methodology.md');
const only = <T>(items: T[]): T => {
  expect(items).toHaveLength(1);
  return items[0]!;
};
/** Evaluates a computation as the page writes it: "0.5 × 1,000 + 1.5 × 500". */
function evaluate(expression: string): number {
  const js = expression.replace(/×/g, '*').replace(/(\d),(\d{3})/g, '$1$2');
  expect(js).toMatch(/^[\d\s.+\-*/()]+$/);
  return Function(`"use strict"; return (${js});`)() as number;
}
/** Rounds a decimal as written to 6 significant figures, half up, the way the page tells a reader to do it by hand. */
function roundHalfUp6(decimal: string): number {
  const [int = '0', frac = ''] = decimal.replace(/,/g, '').split('.');
  const n = BigInt(int + frac);
  const drop = n.toString().length - 6;
  if (drop <= 0) return Number(decimal.replace(/,/g, ''));
  const unit = 10n ** BigInt(drop);
  const rounded = (n % unit) * 2n >= unit ? n / unit + 1n : n / unit;
  return Number(`${rounded}e${drop - frac.length}`);
}
const at = (value: unknown, path: string): unknown => path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], value);

describe('docs/methodology.md', () => {
  it('renders with marked into a page with a title and tables', () => {
    const html = marked.parse(doc, { async: false });
    expect(html).toMatch(/^<h1>How AI Chat Footprint estimates energy, carbon and water<\/h1>/);
    expect(html.match(/<table>/g)?.length).toBeGreaterThanOrEqual(8);
  });

  it('states the energy formula with the weights the core uses', () => {
    const formula = /rate × \((\d+(?:\.\d+)?) × input_tokens \+ (\d+(?:\.\d+)?) × output_tokens\) \/ 1000/.exec(doc);
    expect(formula?.slice(1).map(Number)).toEqual([INPUT_WEIGHT, OUTPUT_WEIGHT]);
    expect(doc).toContain(`0.5 × input_tokens + 1.5 × output_tokens`);
    expect(OUTPUT_WEIGHT / INPUT_WEIGHT).toBe(3);
  });

  it('states the limits the core enforces', () => {
    expect(doc).toContain(`at most ${MAX_TOTAL_TOKENS.toLocaleString('en-US')} tokens`);
    expect(doc).toContain(`at most ${MAX_CUSTOM_RATE} Wh per 1,000 tokens`);
  });

  it('lists every model with its rate, unit and legacy flag from data/models.json', () => {
    const rows = records(only(tables(section(doc, 'The rates'))));
    const unit = (cell: string) =>
      cell === 'Wh per image'
        ? 'wh_per_image'
        : cell.includes('custom_wh_per_1k')
          ? 'caller_wh_per_1k_tokens'
          : cell === 'Wh per 1,000 tokens'
            ? 'wh_per_1k_tokens'
            : cell;
    expect(
      rows.map((r) => ({
        key: r['Model key'],
        rate: r.Rate === 'set by the caller' ? null : leadingNumber(r.Rate),
        unit: unit(r.Unit),
        legacy: r['Legacy (†)'] === 'yes',
      })),
    ).toEqual(MODELS.map(({ key, rate, unit: u, legacy }) => ({ key, rate, unit: u, legacy })));
  });

  it('gives the image rate of data/models.json', () => {
    expect(doc).toContain(`energy (Wh) = ${findModel('image-gen')!.rate} × images`);
  });

  it('lists every region with the values of data/regions.json', () => {
    const rows = records(only(tables(section(doc, 'Regions')).filter((t) => t.header[0] === 'Region key')));
    expect(
      rows.map((r) => ({
        key: r['Region key'],
        label: r['Location label'],
        carbon_gco2_per_kwh: leadingNumber(r['Carbon (gCO2e/kWh)']),
        wue_liters_per_kwh: leadingNumber(r['WUE (L/kWh)']),
        stress_level: r['Water stress'],
      })),
    ).toEqual(REGIONS);
  });

  it('lists every version 1 grid key with the values of data/grid-keys.json, and the version 1 models', () => {
    const sec = section(doc, 'Version 1 grid keys');
    const rows = records(only(tables(sec)));
    expect(
      rows.map((r) => ({
        key: r['Grid key'],
        label: r.Label,
        carbon_gco2_per_kwh: leadingNumber(r['Carbon (gCO2e/kWh)']),
        wue_liters_per_kwh: leadingNumber(r['WUE (L/kWh)']),
        stress_level: r['Water stress'],
      })),
    ).toEqual(GRID_KEYS);
    const v1Models = /accepts the models (.+?), and it always/.exec(text(sec))?.[1];
    expect(v1Models?.match(/`([^`]+)`/g)?.map((m) => m.slice(1, -1))).toEqual(V1_MODEL_KEYS);
  });

  it('gives each stress class its meaning and Aqueduct threshold from data/regions.json', () => {
    const rows = records(only(tables(section(doc, 'Water'))));
    expect(rows.map((r) => ({ level: r.Class, meaning: r.Meaning, aqueduct_baseline_stress: r['Aqueduct 4.0 baseline water stress'] }))).toEqual(
      regionsData.stress_classes,
    );
  });

  it('gives every equivalent its factor, basis and source from data/equivalents.json', () => {
    const rows = records(only(tables(section(doc, 'Everyday equivalents'))));
    expect(rows.map((r) => r.Field)).toEqual(EQUIVALENTS.map((e) => e.field));
    for (const e of EQUIVALENTS) {
      const row = rows.find((r) => r.Field === e.field)!;
      expect(row.Factor).toBe(`${e.per_unit} ${e.unit_text}`);
      expect(row.Basis).toBe(e.basis);
      expect(row.Computation).toBe(`${e.basis} / ${e.per_unit}`);
      expect(row.Source.startsWith(sourceName(e.source))).toBe(true);
    }
  });

  it('names every data source of data/sources.json', () => {
    const listed = text(section(doc, 'Data sources'));
    for (const s of sourcesData.sources) expect(listed).toContain(`**${s.name}**`);
  });

  it('lists every error code with its HTTP status from ERROR_CATALOG', () => {
    const rows = records(only(tables(section(doc, 'Limits and errors'))));
    expect(Object.fromEntries(rows.map((r) => [r.Code, Number(r['HTTP status'])]))).toEqual(
      Object.fromEntries(Object.entries(ERROR_CATALOG).map(([code, { status }]) => [code, status])),
    );
    for (const code of CALCULATION_ERROR_CODES) expect(rows.find((r) => r.Code === code)?.When.length).toBeGreaterThan(20);
  });

  it("states the default region and the grid keys' water factor of the data files", () => {
    const global = REGIONS.find((r) => r.key === 'global-avg')!;
    expect(doc).toContain(`The default region is \`global-avg\` (${global.carbon_gco2_per_kwh} gCO2e per kWh)`);
    const wue = Number(/a single water factor, ([\d.]+) liters per kWh/.exec(doc)?.[1]);
    for (const g of GRID_KEYS) expect(g.wue_liters_per_kwh).toBe(wue);
  });

  it('the comparison with published figures uses the rates of data/models.json and computes them right', () => {
    const said = text(section(doc, 'How the specification'));
    const rates = [...said.matchAll(/`([a-z0-9.-]+)`[^(]{0,20}\(([\d.]+) Wh per 1,000 tokens\)/g)];
    expect(rates.map((m) => m[1])).toEqual(expect.arrayContaining(['alpha-4o', 'gamma-3.5-flash']));
    for (const [, key, rate] of rates) expect(findModel(key!)?.rate).toBe(Number(rate));
    const sums = [...said.matchAll(/(\d[\d.,]*(?: × [\d.,]+| × \([\d.,]+ \+ [\d.,]+\))+(?: \/ 1000)?) = ([\d.,]+)/g)];
    expect(sums.length).toBeGreaterThanOrEqual(5);
    for (const [, expression, result] of sums) expect(evaluate(expression!), expression).toBeCloseTo(leadingNumber(result!), 9);
    // The figures are the core's: e.g. 10,000 input and 1,500 output tokens of alpha-4o.
    const jegham = calculate({ model: 'alpha-4o', input_tokens: 10000, output_tokens: 1500 });
    expect(jegham.ok && said.includes(`= ${jegham.value.energy_kwh * 1000} Wh`)).toBe(true);
  });

  it('its rounding example is what calculate returns', () => {
    const sentence =
      /`([a-z0-9.-]+)` with ([\d,]+) tokens in `([a-z-]+)` gives ([\d.]+) kWh, reported as ([\d.]+); carbon is [\d.]+ × \d+ = [\d,.]+ g, reported as ([\d.]+), whereas [\d.]+ × \d+ = [\d,.]+ would have given ([\d.]+)/.exec(
        text(section(doc, 'Rounding')),
      );
    expect(sentence).not.toBeNull();
    const [, model, tokens, region, exactKwh, kwh, carbon, early] = sentence!;
    const result = calculate({ model, tokens: leadingNumber(tokens!), region });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.energy_kwh).toBe(Number(kwh));
    expect(round6(Number(exactKwh))).toBe(Number(kwh));
    expect(result.value.carbon_gco2e).toBe(Number(carbon));
    expect(Number(early)).not.toBe(Number(carbon));
  });
});

describe('the worked example of docs/methodology.md', () => {
  const sec = section(doc, 'Worked example');
  const [requestText, responseText] = codeBlocks(sec, 'json');
  const request: unknown = JSON.parse(requestText!);
  const result = calculate(request);
  const response = (result.ok ? result.value : undefined) as CalculationResponse;
  const steps = records(only(tables(sec)));

  it('is a valid request', () => {
    expect(result.ok).toBe(true);
  });

  it('states the response calculate gives, field by field', () => {
    const stated = JSON.parse(responseText!) as Record<string, unknown>;
    expect(Object.keys(stated)).toEqual(expect.arrayContaining(['energy_kwh', 'carbon_gco2e', 'water', 'equivalents', 'input_tokens', 'output_tokens']));
    for (const [key, value] of Object.entries(stated)) expect(response[key as keyof CalculationResponse], key).toEqual(value);
    expect(
      Object.keys(response)
        .filter((k) => !(k in stated))
        .sort(),
    ).toEqual(['data_sources', 'methodology_url']);
  });

  it('each step: the computation gives the exact value, which rounds to the reported value', () => {
    for (const step of steps) {
      const computed = evaluate(step.Computation);
      const exact = leadingNumber(step['Exact value'].replace('…', ''));
      if (step['Exact value'].endsWith('…')) {
        expect(Math.abs(computed - exact) / computed, step.Step).toBeLessThan(1e-8);
      } else {
        expect(computed, step.Step).toBeCloseTo(exact, 12);
      }
      if (step.Reported !== 'none') expect(leadingNumber(step.Reported), step.Step).toBe(roundHalfUp6(step['Exact value'].replace('…', '')));
    }
  });

  it('each step that names a response field reports what calculate returns', () => {
    const named = steps.filter((s) => s['Response field'] !== 'none');
    expect(named.map((s) => s['Response field'])).toEqual(
      expect.arrayContaining(['energy_kwh', 'carbon_gco2e', 'water.liters', ...EQUIVALENTS.map((e) => `equivalents.${e.field}`)]),
    );
    for (const step of named) expect(at(response, step['Response field']), step.Step).toBe(leadingNumber(step.Reported));
  });

  it('uses the rate and the region values of the data files', () => {
    const said = text(sec);
    const { model, region } = request as { model: string; region: string };
    const row = REGIONS.find((r) => r.key === region)!;
    expect(said).toContain(`the rate of \`${model}\` is ${findModel(model)!.rate} Wh per 1,000 tokens`);
    expect(said).toContain(
      `a carbon intensity of ${row.carbon_gco2_per_kwh} gCO2e per kWh, a WUE of ${row.wue_liters_per_kwh} liters per kWh and ${row.stress_level} water stress`,
    );
  });
});
