import { describe, expect, it } from 'vitest';
import { siteCustomRate } from '../../../src/sites/site-models';
import { quantityText } from '../../../src/display';
import { MODELS, REGIONS, findModel } from '../../../src/core';
import { HEALTH_REASONS, type SiteHealth } from '../../../src/domain';
import { healthReasonText } from '../../../src/i18n/health-reason';
import { SITE_IDS, SITES, type SiteId } from '../../../src/sites';
import siteModels from '../../../data/site-models.json';
import {
  CHART_HEIGHT,
  breakdownRows,
  computedByText,
  dailyChart,
  healthRows,
  modelOptionsFor,
  regionDetail,
  regionOptions,
  remoteStatusView,
  stressViewFor,
} from '../../../src/popup/view';
import { LOCALES, useCatalog } from '../../support/messages';
import { EMPTY_TOTALS, REMOTE_OFF, ledgerEntry, popupState } from '../support/popup-fixtures';

describe('modelOptionsFor', () => {
  /** The keys data/site-models.json names for a site: its default and every label's key. */
  const namedModelKeys = (site: SiteId) => {
    const row = (siteModels as { sites: Record<string, { default: string; labels: Array<{ key: string }> }> }).sites[site]!;
    return new Set([row.default, ...row.labels.map((l) => l.key)]);
  };
  it.each(SITE_IDS)('offers only token-priced keys of the %s family (custom with its rate where the site has one), every one in the model table', (site) => {
    const options = modelOptionsFor(site);
    expect(options.length).toBeGreaterThan(0);
    for (const o of options) {
      const row = findModel(o.key)!;
      if (o.key === 'custom') {
        expect(o.label).toBe(`custom (${siteCustomRate(site)} Wh/1k tokens)`);
        continue;
      }
      expect(row.unit).toBe('wh_per_1k_tokens');
      expect(o.key.startsWith(`${SITES[site].modelFamily}-`) || namedModelKeys(site).has(o.key)).toBe(true);
    }
    expect(options.some((o) => o.key === 'custom')).toBe(siteCustomRate(site) !== null);
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
  const plain = (s: string) => s.replace(/\s/g, ' ');
  it('lists all 14 regions with label, carbon intensity, WUE and stress class', () => {
    const options = regionOptions();
    expect(options).toHaveLength(14);
    REGIONS.forEach((r, i) => {
      expect(options[i]!.label).toContain(r.label);
      expect(options[i]!.label).toContain(`${r.carbon_gco2_per_kwh} g/kWh`);
      expect(options[i]!.label).toContain(`${r.wue_liters_per_kwh} L/kWh`);
      expect(options[i]!.label.endsWith(r.stress_level)).toBe(true);
      expect(plain(regionDetail(r))).toContain(`water use (WUE) ${r.wue_liters_per_kwh} L/kWh, water stress ${r.stress_level}`);
    });
  });
  it('writes the region, its figures and its class in the UI language', () => {
    useCatalog('de');
    const sweden = REGIONS.find((r) => r.key === 'eu-sweden')!;
    expect(plain(regionDetail(sweden, 'de'))).toBe(
      `EU (Schweden): CO₂-Intensität ${sweden.carbon_gco2_per_kwh} g CO₂e/kWh, Wasserverbrauch (WUE) ${String(sweden.wue_liters_per_kwh).replace('.', ',')} L/kWh, Wasserstress niedrig.`,
    );
  });
  it("gives the region's class and a one-sentence note with the class's meaning", () => {
    const view = stressViewFor('me-uae')!;
    expect(view.level).toBe('critical');
    expect(view.badge).toBe('Critical water stress');
    expect(view.note).toBe('Middle East (UAE) has critical water stress. Data centers compete directly with agriculture and municipal use.');
    expect(stressViewFor('atlantis')).toBeNull();
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
      { site: 'claude', status: 'not-recognized', reason: 'no-messages', at: 5 },
    ]);
    expect(rows).toHaveLength(SITE_IDS.length);
    expect(rows.find((r) => r.site === 'claude')!.text).toBe(
      'not recognized on claude.ai: A prompt was sent, but no chat messages were found on the page (its layout may have changed), so nothing is counted.',
    );
    expect(rows.find((r) => r.site === 'gemini')!.status).toBe('unknown');
  });

  it('says when an answer was counted on a history the page did not show whole: a lower bound, never exact', () => {
    const rows = healthRows([{ site: 'chatgpt', status: 'ok', reason: null, at: 1, historyIncomplete: { at: 1 } }]);
    expect(rows.find((r) => r.site === 'chatgpt')!.text).toBe(
      'chatgpt.com: recognized A chat was first opened with its earlier turns not on the page: its history is counted from the turns shown, a lower bound.',
    );
  });

  it('says the reason in the UI language, the timeout with its minutes', () => {
    const health: SiteHealth[] = [
      { site: 'gemini', status: 'not-recognized', reason: 'answer-timeout', at: 1 },
      { site: 'meta', status: 'not-recognized', reason: 'prompt-empty', at: 1 },
    ];
    const textOf = (site: SiteId, locale: string) => healthRows(health, locale).find((r) => r.site === site)!.text;
    useCatalog('de');
    expect(textOf('gemini', 'de')).toBe(
      'auf gemini.google.com nicht erkannt: Ein Prompt wurde gesendet, aber innerhalb von 3 Minuten wurde keine fertige Antwort gefunden, daher wird nichts gezählt.',
    );
    expect(textOf('meta', 'de')).toBe(
      'auf meta.ai nicht erkannt: Ein Prompt wird als leer gelesen (der Seitenaufbau hat sich vielleicht geändert), daher wird nichts gezählt.',
    );
    useCatalog('ja');
    expect(textOf('gemini', 'ja')).toBe(
      'gemini.google.com で認識できません：プロンプトが送信されましたが、3 分以内に完了した回答が見つかりませんでした。そのため何もカウントしていません。',
    );
    expect(textOf('meta', 'ja')).toBe(
      'meta.ai で認識できません：プロンプトが空として読み取られました（ページの構成が変わった可能性があります）。そのため何もカウントしていません。',
    );
  });

  it('names a model label no rule knows, in the UI language, while the site stays recognized', () => {
    const health: SiteHealth[] = [{ site: 'poe', status: 'ok', reason: null, at: 1, unknownModelLabel: { label: 'MyTutorBot', at: 1 } }];
    useCatalog('en');
    expect(healthRows(health).find((r) => r.site === 'poe')).toEqual({
      site: 'poe',
      status: 'ok',
      text: 'poe.com: recognized The model “MyTutorBot” the page named is not one the extension knows, so its answers were counted with this site’s usual model.',
    });
    useCatalog('zh_CN');
    expect(healthRows(health, 'zh-CN').find((r) => r.site === 'poe')!.text).toBe(
      'poe.com：已识别 页面显示的模型“MyTutorBot”不在扩展已知的模型之中，因此其回答按该网站的常用模型计数。',
    );
    useCatalog('en');
  });

  it('has a sentence for every reason code in every locale, none left in English outside en', () => {
    for (const lang of LOCALES) {
      useCatalog(lang);
      const texts = HEALTH_REASONS.map((r) => healthReasonText(r, 'en'));
      for (const [i, text] of texts.entries()) expect(text, `${lang}/${HEALTH_REASONS[i]}`).not.toMatch(/^health_reason_|\$/);
      expect(new Set(texts).size, lang).toBe(HEALTH_REASONS.length);
      if (lang !== 'en') {
        useCatalog('en');
        const english = HEALTH_REASONS.map((r) => healthReasonText(r, 'en'));
        expect(
          texts.filter((t, i) => t === english[i]),
          lang,
        ).toEqual([]);
      }
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
    expect(chart.bars[i]!.title).toMatch(/^[A-Z][a-z]{2} \d+: (≈\s)?[\d.,<]+\s(mWh|Wh|kWh), 3 answers$/);
  });
  it('writes every bar in one unit, since bars are read against each other', () => {
    const days = [
      { day: '2026-11-01', energyKwh: 0.0004, carbonG: 0, waterL: 0, turns: 1 },
      { day: '2026-11-02', energyKwh: 0.012, carbonG: 0, waterL: 0, turns: 2 },
    ];
    expect(dailyChart(days).bars.map((b) => b.title.replace(/\s/g, ' '))).toEqual(['Nov 1: ≈ 0.4 Wh, 1 answer', 'Nov 2: ≈ 12 Wh, 2 answers']);
  });
  it('summarizes the chart in one sentence for screen readers', () => {
    const active = state.daily.filter((d) => d.turns > 0).length;
    expect(chart.summary).toContain(`on ${active} days with use`);
    expect(chart.summary).toMatch(/Highest: /);
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
  it('writes every row in the unit of the largest, in the UI locale', () => {
    const rows = breakdownRows(
      [
        { key: 'big', label: 'Big', totals: { ...EMPTY_TOTALS, turns: 900, energyKwh: 25 } },
        { key: 'mid', label: 'Mid', totals: { ...EMPTY_TOTALS, turns: 40, energyKwh: 1.2 } },
        { key: 'small', label: 'Small', totals: { ...EMPTY_TOTALS, turns: 1, energyKwh: 0.00035 } },
      ],
      'de',
    );
    expect(rows.map((r) => quantityText(r.energy).replace(/\s/g, ' '))).toEqual(['≈ 25 kWh', '≈ 1,2 kWh', '<0,1 kWh']);
  });
});
