import { describe, expect, it } from 'vitest';
import { EQUIVALENTS, MODELS, REGIONS, equivalentsFor, findModel, waterNote } from '../../../src/core';
import { SITE_IDS } from '../../../src/sites/site-ids';
import {
  CHART_HEIGHT,
  REGION_OPTIONS,
  SITE_MODEL_FAMILY,
  breakdownRows,
  checkRemoteUrl,
  computedByText,
  dailyChart,
  equivalentsView,
  healthRows,
  modelOptionsFor,
  regionDetail,
  remoteStatusView,
  stressViewFor,
} from '../../../src/popup/view';
import { formatSignificant } from '../../../src/popup/format';
import { EMPTY_TOTALS, REMOTE_OFF, ledgerEntry, popupState } from './fixtures';

describe('modelOptionsFor', () => {
  it.each(SITE_IDS)('offers only token-priced keys of the %s family, every one in the model table', (site) => {
    const options = modelOptionsFor(site);
    expect(options.length).toBeGreaterThan(0);
    for (const o of options) {
      const row = findModel(o.key)!;
      expect(row.unit).toBe('wh_per_1k_tokens');
      expect(o.key.startsWith(`${SITE_MODEL_FAMILY[site]}-`) || (site === 'chatgpt' && /^o\d/.test(o.key))).toBe(true);
    }
  });
  it('covers every family key of the table, legacy keys last and marked', () => {
    const claude = modelOptionsFor('claude');
    const tableKeys = MODELS.filter((m) => m.key.startsWith('beta-')).map((m) => m.key);
    expect(claude.map((o) => o.key).sort()).toEqual([...tableKeys].sort());
    const legacy = claude.filter((o) => findModel(o.key)!.legacy);
    expect(legacy.length).toBeGreaterThan(0);
    expect(claude.slice(-legacy.length)).toEqual(legacy);
    for (const o of legacy) expect(o.label).toContain('legacy');
  });
  it("includes OpenAI's reasoning models for chatgpt.com and never image-gen or custom", () => {
    const keys = modelOptionsFor('chatgpt').map((o) => o.key);
    expect(keys).toEqual(expect.arrayContaining(['o1', 'o1-mini', 'o3-mini', 'alpha-5.5']));
    expect(keys).not.toContain('image-gen');
    expect(keys).not.toContain('custom');
  });
});

describe('regions and water stress', () => {
  it('lists all 14 regions with label, carbon intensity, WUE and stress class', () => {
    expect(REGION_OPTIONS).toHaveLength(14);
    REGIONS.forEach((r, i) => {
      expect(REGION_OPTIONS[i]!.label).toContain(r.label);
      expect(REGION_OPTIONS[i]!.label).toContain(`${r.carbon_gco2_per_kwh} g/kWh`);
      expect(REGION_OPTIONS[i]!.label).toContain(`${r.wue_liters_per_kwh} L/kWh`);
      expect(REGION_OPTIONS[i]!.label.endsWith(r.stress_level)).toBe(true);
      expect(regionDetail(r)).toContain(`water use (WUE) ${r.wue_liters_per_kwh} L/kWh, ${r.stress_level} water stress`);
    });
  });
  it("gives the region's class and the core's one-sentence note", () => {
    const view = stressViewFor('me-uae')!;
    expect(view.level).toBe('critical');
    expect(view.badge).toBe('Critical water stress');
    expect(view.note).toBe(waterNote(REGIONS.find((r) => r.key === 'me-uae')!));
    expect(stressViewFor('atlantis')).toBeNull();
  });
});

describe('equivalentsView', () => {
  it('shows every equivalent of the core for the period totals, each labelled with its basis', () => {
    const totals = { ...EMPTY_TOTALS, turns: 3, energyKwh: 0.024, carbonG: 11.4, waterL: 0.0432 };
    const expected = equivalentsFor({ energy_kwh: 0.024, carbon_gco2e: 11.4, water_liters: 0.0432 });
    const view = equivalentsView(totals);
    expect(view.map((v) => v.field)).toEqual(EQUIVALENTS.map((e) => e.field));
    for (const v of view) {
      expect(v.value).toBe(formatSignificant(expected[v.field]));
      const row = EQUIVALENTS.find((e) => e.field === v.field)!;
      expect(v.basis).toContain(String(row.per_unit));
      expect(v.basis).toContain(row.unit_text);
    }
    expect(view.find((v) => v.field === 'smartphones_charged')!.value).toBe('2');
  });
});

describe('computedByText', () => {
  it('says where each footprint came from', () => {
    expect(computedByText({ computedBy: 'local', plan: 'local' })).toMatch(/locally in your browser/);
    expect(computedByText({ computedBy: 'remote', plan: 'pro' })).toMatch(/plan pro/);
    expect(computedByText({ computedBy: 'local-fallback', plan: 'local' })).toMatch(/queued/);
  });
});

describe('healthRows', () => {
  it('shows the latest report per site and names unrecognized sites with the reason', () => {
    const rows = healthRows([
      { site: 'claude', status: 'ok', reason: null, at: 1 },
      { site: 'claude', status: 'not-recognized', reason: 'no messages found', at: 5 },
    ]);
    expect(rows).toHaveLength(SITE_IDS.length);
    expect(rows.find((r) => r.site === 'claude')!.text).toBe('not recognized on claude.ai: no messages found');
    expect(rows.find((r) => r.site === 'gemini')!.status).toBe('unknown');
  });
});

describe('checkRemoteUrl', () => {
  it('accepts https and gives the one origin to ask permission for', () => {
    expect(checkRemoteUrl(' https://footprint.example.org/base/ ')).toEqual({
      ok: true,
      baseUrl: 'https://footprint.example.org/base',
      origin: 'https://footprint.example.org',
      permissionPattern: 'https://footprint.example.org/*',
    });
  });
  it('accepts plain http only for localhost and 127.0.0.1', () => {
    expect(checkRemoteUrl('http://127.0.0.1:8787')).toMatchObject({ ok: true, permissionPattern: 'http://127.0.0.1:8787/*' });
    expect(checkRemoteUrl('http://localhost:8787')).toMatchObject({ ok: true });
    const bad = checkRemoteUrl('http://footprint.example.org');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message).toMatch(/HTTPS/);
  });
  it('drops the port from the pattern for Firefox, whose match patterns cannot carry one', () => {
    expect(checkRemoteUrl('http://localhost:8787', { firefox: true })).toMatchObject({ ok: true, permissionPattern: 'http://localhost/*' });
  });
  it('rejects empty input, non-URLs, credentials, queries and other schemes with a message', () => {
    for (const input of ['', 'footprint.example.org', 'https://u:p@x.org', 'https://x.org/?a=1', 'ftp://x.org']) {
      const r = checkRemoteUrl(input);
      expect(r.ok, input).toBe(false);
      if (!r.ok) expect(r.message.length).toBeGreaterThan(10);
    }
  });
});

describe('remoteStatusView', () => {
  it('says what each remote state means for the user', () => {
    expect(remoteStatusView(REMOTE_OFF).text).toMatch(/Local mode/);
    const base = { ...REMOTE_OFF, enabled: true, baseUrl: 'https://svc.example.org', hasKey: true };
    expect(remoteStatusView({ ...base, state: 'ok', plan: 'pro', remaining: 4990 }).text).toBe(
      'Remote mode on: computed by svc.example.org (plan pro, 4,990 requests left this month).',
    );
    expect(remoteStatusView({ ...base, state: 'unauthorized' }).text).toMatch(/^Key rejected, remote mode paused/);
    expect(remoteStatusView({ ...base, state: 'quota', plan: 'basic' }).text).toMatch(/^Monthly quota of plan basic used up/);
    expect(remoteStatusView({ ...base, state: 'degraded', queued: 3 }).text).toBe('Service unreachable: computing locally, 3 turns queued.');
  });
});

describe('dailyChart', () => {
  const state = popupState();
  const chart = dailyChart(state.daily);
  it('draws one bar per day, the highest day at full height and empty days at zero', () => {
    expect(chart.bars).toHaveLength(30);
    const max = Math.max(...state.daily.map((d) => d.energyKwh));
    state.daily.forEach((d, i) => {
      const bar = chart.bars[i]!;
      if (d.energyKwh === 0) expect(bar.height).toBe(0);
      else expect(bar.height).toBeCloseTo(Math.max((d.energyKwh / max) * CHART_HEIGHT, 1.5), 6);
      expect(bar.y + bar.height).toBeCloseTo(CHART_HEIGHT, 6);
    });
    expect(Math.max(...chart.bars.map((b) => b.height))).toBeCloseTo(CHART_HEIGHT, 6);
  });
  it('gives each bar a title with the day, its energy and its answers', () => {
    const i = state.daily.findIndex((d) => d.turns === 3);
    expect(chart.bars[i]!.title).toMatch(/^[A-Z][a-z]{2} \d+: [\d.]+ Wh, 3 answers$/);
  });
  it('summarizes the chart in one sentence for screen readers', () => {
    const active = state.daily.filter((d) => d.turns > 0).length;
    expect(chart.summary).toContain(`on ${active} days with use`);
    expect(chart.summary).toMatch(/highest/);
    expect(dailyChart([]).summary).toMatch(/no days/);
  });
});

describe('breakdownRows', () => {
  it('sorts by energy and gives each row its share of the total', () => {
    const a = ledgerEntry({ promptTokens: 100, historyTokens: 0, answerTokens: 100 });
    const b = ledgerEntry({ promptTokens: 100, historyTokens: 0, answerTokens: 300 });
    const rows = breakdownRows([
      { key: 'a', label: 'A', totals: { ...EMPTY_TOTALS, turns: 1, energyKwh: a.energyKwh } },
      { key: 'b', label: 'B', totals: { ...EMPTY_TOTALS, turns: 1, energyKwh: b.energyKwh } },
    ]);
    expect(rows.map((r) => r.key)).toEqual(['b', 'a']);
    expect(rows[0]!.share + rows[1]!.share).toBeCloseTo(1, 9);
    expect(rows[0]!.share).toBeCloseTo(b.energyKwh / (a.energyKwh + b.energyKwh), 9);
  });
});
