/**
 * data/*.json against the text of the specification and of the methodology
 * notes, key by key and number by number. The texts are read from verbatim
 * copies in test/fixtures/spec/, so every table test runs (and fails loudly)
 * without ../shared. Only the check that the copies still equal the originals
 * needs ../shared; without it that check is reported as skipped, with the
 * reason in its name, never passed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import modelsData from '../../../data/models.json';
import regionsData from '../../../data/regions.json';
import gridData from '../../../data/grid-keys.json';
import equivalentsData from '../../../data/equivalents.json';
import sourcesData from '../../../data/sources.json';
import plansData from '../../../data/plans.json';
import { ERROR_CATALOG, type ErrorCode } from '../../../src/core';
import { REPO_ROOT, leadingNumber, readRepoFile, records, section, tables, text } from '../support/markdown';

const SPEC_COPY = 'test/fixtures/spec/footprint-service-interface.md';
const NOTES_COPY = 'test/fixtures/spec/research-methodology.md';
const spec = readRepoFile(SPEC_COPY);
const notes = readRepoFile(NOTES_COPY);

describe('the fixture copies of the shared texts', () => {
  const originals = [
    { copy: SPEC_COPY, original: `${REPO_ROOT}../shared/spec/footprint-service-interface.md` },
    { copy: NOTES_COPY, original: `${REPO_ROOT}../shared/research/methodology.md` },
  ];
  for (const { copy, original } of originals) {
    const present = existsSync(original);
    const name = `${copy} is a verbatim copy of ${original.replace(REPO_ROOT, '')}`;
    it.skipIf(!present)(present ? name : `${name} (skipped: the original is not checked out next to this repository)`, () => {
      expect(readRepoFile(copy)).toBe(readFileSync(original, 'utf8'));
    });
  }

  it('reads the copies, which hold the specification and the notes', () => {
    expect(spec).toMatch(/^#+ .*Model table/m);
    expect(notes.length).toBeGreaterThan(1000);
  });
});

describe('the model table', () => {
  const [mainTable, legacyTable] = tables(section(spec, 'Model table'));
  const main = records(mainTable);
  const legacy = records(legacyTable);
  const dataByKey = new Map(modelsData.models.map((m) => [m.key, m]));

  it('is read from the specification as two tables, the second captioned with the dagger', () => {
    expect(mainTable.header).toEqual(['Model key', 'Energy rate']);
    expect(main.length).toBeGreaterThanOrEqual(40);
    expect(legacyTable.caption).toMatch(/Older model keys \(†\)/);
    expect(legacy).toHaveLength(6);
  });

  it('has exactly the keys of the main table and the legacy table in data/models.json, no more', () => {
    const specKeys = [...main.map((r) => r['Model key']), ...legacy.map((r) => r['Model key'].replace(/\s*†$/, ''))];
    expect(new Set(specKeys).size).toBe(specKeys.length);
    expect([...dataByKey.keys()].sort()).toEqual([...specKeys].sort());
    expect(modelsData.models).toHaveLength(specKeys.length);
  });

  it.each(main.filter((r) => !['image-gen', 'custom'].includes(r['Model key'])))(
    'main table: $Model key has rate $Energy rate Wh per 1,000 tokens and is not legacy',
    (row) => {
      const model = dataByKey.get(row['Model key']);
      expect(model).toEqual({ key: row['Model key'], rate: leadingNumber(row['Energy rate']), unit: 'wh_per_1k_tokens', legacy: false });
    },
  );

  it.each(legacy)('legacy table: $Model key is flagged legacy with its rate', (row) => {
    const key = row['Model key'].replace(/\s*†$/, '');
    expect(row['Model key']).toMatch(/†$/);
    expect(dataByKey.get(key)).toEqual({ key, rate: leadingNumber(row['Energy rate (Wh / 1k tokens)']), unit: 'wh_per_1k_tokens', legacy: true });
  });

  it('gives image-gen its rate per image', () => {
    const row = main.find((r) => r['Model key'] === 'image-gen');
    expect(row?.['Energy rate']).toMatch(/per image$/);
    expect(dataByKey.get('image-gen')).toEqual({ key: 'image-gen', rate: leadingNumber(row!['Energy rate']), unit: 'wh_per_image', legacy: false });
  });

  it('gives custom no rate of its own: the caller supplies it', () => {
    const row = main.find((r) => r['Model key'] === 'custom');
    expect(row?.['Energy rate']).toMatch(/custom_wh_per_1k/);
    expect(dataByKey.get('custom')).toEqual({ key: 'custom', rate: null, unit: 'caller_wh_per_1k_tokens', legacy: false });
  });
});

describe('the region table', () => {
  const [regionTable, stressTable] = tables(section(spec, 'Region table'));
  const rows = records(regionTable);
  const dataByKey = new Map(regionsData.regions.map((r) => [r.key, r]));

  it('lists the same 14 region keys as data/regions.json, no more', () => {
    expect(rows).toHaveLength(14);
    expect([...dataByKey.keys()].sort()).toEqual(rows.map((r) => r['Region key']).sort());
    expect(regionsData.regions).toHaveLength(14);
  });

  it.each(rows)('$Region key: label, carbon, WUE and stress class equal the specification row', (row) => {
    expect(dataByKey.get(row['Region key'])).toEqual({
      key: row['Region key'],
      label: row['Location label'],
      carbon_gco2_per_kwh: leadingNumber(row.Carbon),
      wue_liters_per_kwh: leadingNumber(row.WUE),
      stress_level: row['Water stress'],
    });
  });

  it('has the four stress classes with their meanings word for word, in order', () => {
    expect(stressTable.header).toEqual(['Class', 'Meaning']);
    expect(regionsData.stress_classes.map(({ level, meaning }) => ({ level, meaning }))).toEqual(
      records(stressTable).map((r) => ({ level: r.Class, meaning: r.Meaning })),
    );
  });

  it('gives each stress class the Aqueduct threshold of the methodology notes', () => {
    const line = /low < 20%, moderate 20-40%,\s+high 40-80%, critical > 80%/.exec(text(section(notes, 'Water')));
    expect(line).not.toBeNull();
    const byLevel = new Map(regionsData.stress_classes.map((s) => [s.level, s.aqueduct_baseline_stress]));
    expect(byLevel.get('low')).toMatch(/under 20%/);
    expect(byLevel.get('moderate')).toMatch(/^20-40%/);
    expect(byLevel.get('high')).toMatch(/^40-80%/);
    expect(byLevel.get('critical')).toMatch(/over 80%.*extremely high/);
  });
});

describe('the version 1 grid keys', () => {
  const v1 = text(section(notes, 'Version 1 grid keys'));
  const listed = [...v1.matchAll(/`([a-z-]+)` (\d+)(?=[,.\s])/g)].map((m) => ({ key: m[1], carbon: Number(m[2]) }));

  it('are the five keys of the notes with their intensities, no more', () => {
    expect(listed.map((g) => g.key)).toEqual(['global-avg', 'us-avg', 'eu-avg', 'hydro-green', 'coal-heavy']);
    expect(gridData.grid_keys.map((g) => ({ key: g.key, carbon: g.carbon_gco2_per_kwh }))).toEqual(listed);
  });

  it('take the single version 1 water factor and stress class moderate', () => {
    const wue = Number(/one water factor, ([\d.]+) L\/kWh/.exec(v1)?.[1]);
    const stress = /stress class `([a-z]+)`/.exec(v1)?.[1];
    expect(wue).toBe(1.8);
    expect(stress).toBe('moderate');
    for (const g of gridData.grid_keys) expect({ wue: g.wue_liters_per_kwh, stress: g.stress_level }).toEqual({ wue, stress });
  });

  it('global-avg as a grid key matches the global-avg region row', () => {
    const region = regionsData.regions.find((r) => r.key === 'global-avg');
    expect(gridData.grid_keys.find((g) => g.key === 'global-avg')).toEqual(region);
  });

  it('come with the version 1 model names of the notes, each with the same rate in data/models.json', () => {
    const named = [...v1.matchAll(/`([a-z0-9.-]+)` \(([\d.]+)(?: per image)?\)|`(custom)`/g)].map((m) => ({
      key: m[1] ?? m[3],
      rate: m[2] === undefined ? null : Number(m[2]),
    }));
    expect(named.map((n) => n.key)).toEqual(gridData.v1_models);
    for (const n of named) expect(modelsData.models.find((m) => m.key === n.key)?.rate).toBe(n.rate);
  });
});

describe('the everyday equivalents', () => {
  const notesRows = records(tables(section(notes, 'Everyday equivalents'))[0]);
  const basisName = { energy: 'energy_kwh', carbon: 'carbon_gco2e', water: 'water_liters' } as const;
  /** "9 W bulb" is a rate of use: one hour of it is 0.009 kWh. */
  const perUnit = (factor: string) => (/^\d+(\.\d+)? W\b/.test(factor) ? leadingNumber(factor) / 1000 : leadingNumber(factor));
  const sourceText = (id: string) => {
    const s = sourcesData.sources.find((x) => x.id === id);
    return s ? `${s.id} ${s.name} ${s.citation}`.toLowerCase() : '';
  };

  it('has the seven fields of the notes and the response, no more', () => {
    expect(equivalentsData.equivalents.map((e) => e.field)).toEqual(notesRows.map((r) => r.field));
    expect(notesRows).toHaveLength(7);
  });

  it.each(notesRows)('$field: factor "$factor" on the $basis basis', (row) => {
    const e = equivalentsData.equivalents.find((x) => x.field === row.field)!;
    expect(e.basis).toBe(basisName[row.basis as keyof typeof basisName]);
    expect(e.per_unit).toBe(perUnit(row.factor));
  });

  it.each(notesRows)('$field: its source names the source of the notes ($source)', (row) => {
    const e = equivalentsData.equivalents.find((x) => x.field === row.field)!;
    const names = row.source.match(/[A-Z][A-Za-z-]+|\d{4}/g) ?? [row.source];
    const cited = sourceText(e.source);
    expect(cited).not.toBe('');
    for (const name of names) expect(cited).toContain(name.toLowerCase());
  });

  it('every source referred to by data/ exists in data/sources.json', () => {
    const ids = new Set(sourcesData.sources.map((s) => s.id));
    expect(ids.has(modelsData.source)).toBe(true);
    for (const e of equivalentsData.equivalents) expect(ids.has(e.source)).toBe(true);
  });
});

describe('the plans and the error codes', () => {
  it('data/plans.json has the Limits table: name, price and monthly requests', () => {
    const rows = records(tables(section(spec, 'Limits'))[0]);
    expect(plansData.plans.map(({ label, price_usd_per_month, requests_per_month }) => ({ label, price_usd_per_month, requests_per_month }))).toEqual(
      rows.map((r) => ({
        label: r.Plan,
        price_usd_per_month: leadingNumber(r['Price per month (USD)']),
        requests_per_month: leadingNumber(r['Requests per month']),
      })),
    );
    for (const p of plansData.plans) expect(p.key).toBe(p.label.toLowerCase());
  });

  it('ERROR_CATALOG carries every code of the Errors table with its HTTP status', () => {
    const rows = records(tables(section(spec, 'Errors'))[0]);
    expect(rows).toHaveLength(6);
    for (const r of rows) expect(ERROR_CATALOG[r.code as ErrorCode]?.status).toBe(Number(r['HTTP status']));
  });
});
