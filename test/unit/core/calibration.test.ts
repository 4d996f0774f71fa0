/**
 * docs/methodology.md's calibration table against the core: each row's case (model, region, prompt
 * and answer tokens) is priced with `calculate`, and the page's figures must be what it gives.
 */
import { describe, expect, it } from 'vitest';
import siteModels from '../../../data/site-models.json';
import { calculate } from '../../../src/core/calculate';
import { readRepoFile, section, tables } from '../support/markdown';

const [table] = tables(section(readRepoFile('docs/methodology.md'), 'Calibration against published per-prompt figures'));
const column = (name: string) => table!.header.indexOf(name);
const num = (cell: string) => Number(cell.replace(/,/g, ''));

describe('methodology: calibration', () => {
  it('names the four published figures the issue of calibration rests on', () => {
    const published = table!.rows.map((r) => r[column('published figure')]!);
    expect(published[0]).toMatch(/^0\.24 Wh.*median Gemini Apps text prompt/);
    expect(published[1]).toMatch(/^0\.34 Wh.*average ChatGPT query/);
    expect(published[2]).toMatch(/^1\.14 gCO2e, 45 mL: a 400-token Le Chat reply/);
    expect(published[3]).toMatch(/^0\.31 Wh.*median frontier-model query/);
    for (const row of table!.rows) expect(row[column('where and why ours differs')]!.length).toBeGreaterThan(40);
  });

  it('gives for each the figures the core computes for the same case', () => {
    for (const row of table!.rows) {
      const request = {
        model: row[column('model')]!,
        input_tokens: num(row[column('prompt')]!),
        output_tokens: num(row[column('answer')]!),
        region: row[column('region')]!,
      };
      const result = calculate(request);
      if (!result.ok) throw new Error(`${request.model}: ${result.error.code}`);
      const r = result.value;
      expect(num(row[column('ours, Wh')]!), request.model).toBeCloseTo(r.energy_kwh * 1000, 3);
      expect(num(row[column('ours, gCO2e')]!), request.model).toBeCloseTo(r.carbon_gco2e, 3);
      expect(num(row[column('ours, mL')]!), request.model).toBeCloseTo(r.water.liters * 1000, 3);
    }
  });

  it('prices each provider’s case with the model its site counts by default', () => {
    const defaults = [siteModels.sites.gemini.default, siteModels.sites.chatgpt.default, siteModels.sites.mistral.default, siteModels.sites.chatgpt.default];
    expect(table!.rows.map((r) => r[column('model')])).toEqual(defaults);
  });
});
