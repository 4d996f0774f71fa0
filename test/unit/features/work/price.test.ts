import { beforeEach, describe, expect, it } from 'vitest';
import { calculate } from '../../../../src/core';
import { estimateSiteVideo, videoCalculationRequest } from '../../../../src/features/video/rules';
import { DEFAULT_SETTINGS, type LedgerEntry, type Settings } from '../../../../src/domain';
import { calculationBody } from '../../../../src/domain/remote';
import { computeLocally, requestFor, turnUnderSettings } from '../../../../src/ledger/compute';
import { readPeriodData } from '../../../../src/ledger/read-period';
import { footprintOf } from '../../../../src/counting/footprint';
import { localDay } from '../../../../src/storage/days';
import type { CountedTurn } from '../../../../src/domain/turns';
import { estimatedWork } from '../../../../src/features/work/price';
import { mediaRecordsOf, mediaRequestFor } from '../../../../src/features/pricing';
import { NOW, newLedger, resetBrowser, turn, storeSettings } from '../../support/ledger';

beforeEach(resetBrowser);

const ALL_OFF: Settings = { ...DEFAULT_SETTINGS, countExtras: { attachments: true, search: false, research: false, voice: false, video: false } };
const videoWh = (() => {
  const r = estimateSiteVideo('chatgpt');
  if (!r.ok) throw new Error(r.error.message);
  return r.value.wh.central;
})();
const EXTRAS = {
  search: { searches: 3, tokens: 24_000, historyTokens: 16_000, rule: 'search-proxy-openai-block' },
  research: { runs: 1, tokens: 300_000, highTokens: 1_200_000, rule: 'research-run-vendor-range' },
  voice: { inputTokens: 230, outputTokens: 190, rule: 'voice-openai-realtime' },
  video: { videos: 1, seconds: 8, wh: videoWh, rule: 'video-ecologits' },
};

async function exported(ledger: ReturnType<typeof newLedger>) {
  const json = JSON.parse((await ledger.exportLedger('json')).content);
  return json.turns as Array<Record<string, unknown>>;
}

describe('work out of sight in the ledger', () => {
  it('adds search and research as input, voice audio in place of the transcript, history only where history counts', () => {
    const t = turn({ promptTokens: 120, historyTokens: 900, answerTokens: 450, extras: EXTRAS });
    expect(requestFor(t, DEFAULT_SETTINGS)).toMatchObject({ input_tokens: 230 + 900 + 24_000 + 16_000 + 300_000, output_tokens: 190 });
    expect(requestFor(t, { ...DEFAULT_SETTINGS, countHistory: false })).toMatchObject({ input_tokens: 230 + 24_000 + 300_000, output_tokens: 190 });
  });

  it('with every switch off, or with no such work, is exactly the count without it', () => {
    const plain = turn({ promptTokens: 120, historyTokens: 900, answerTokens: 450, reasoningTokens: 30 });
    const withWork = { ...plain, extras: EXTRAS };
    expect(requestFor(withWork, ALL_OFF)).toEqual(requestFor(plain, DEFAULT_SETTINGS));
    expect(turnUnderSettings(withWork, ALL_OFF)).toEqual(turnUnderSettings(plain, DEFAULT_SETTINGS));
    expect(mediaRecordsOf(turnUnderSettings(withWork, ALL_OFF))).toEqual([]);
    expect(requestFor(plain, DEFAULT_SETTINGS)).toMatchObject({ input_tokens: 1020, output_tokens: 480 });
    // One switch at a time: the others stay counted.
    const noSearch = { ...DEFAULT_SETTINGS, countExtras: { ...DEFAULT_SETTINGS.countExtras, search: false } };
    expect(turnUnderSettings(withWork, noSearch).extras).toEqual({ research: EXTRAS.research, voice: EXTRAS.voice, video: EXTRAS.video });
  });

  it('records a generated video as a custom record of its own at its rate, the same Wh locally and in the request remote mode sends', async () => {
    await storeSettings({ ...DEFAULT_SETTINGS, region: 'eu-france' });
    const ledger = newLedger();
    const t = turn({ extras: { video: EXTRAS.video } });
    await ledger.record(t);
    const rows = await exported(ledger);
    const video = rows.find((r) => r.turnId === `${t.turnId}:video`)!;
    const sent = videoCalculationRequest({ seconds: 8, wh: { central: videoWh } });
    if (!sent.ok) throw new Error(sent.error.message);
    expect(video).toMatchObject({ modelKey: 'custom', outputTokens: 8000, inputTokens: 0, answerTokens: 0, customWhPer1k: sent.value.custom_wh_per_1k / 1.5 });
    // Its one part is the video, with its energy range: no token count stands in for it.
    expect(video.parts).toEqual({ video: { basis: 'estimated', count: 1, seconds: 8, wh: { low: videoWh, central: videoWh, high: videoWh } } });
    // The core rounds to six significant digits.
    expect(video.energyKwh as number).toBeCloseTo(videoWh / 1000, 6);
    // The service, given the request remote mode sends, and given the video as one custom quantity, computes the same.
    const req = mediaRequestFor(mediaRecordsOf(turnUnderSettings(t, DEFAULT_SETTINGS))[0]!, { region: 'eu-france' })!;
    expect(req).toMatchObject({ model: 'custom', input_tokens: 0, output_tokens: sent.value.tokens });
    for (const body of [calculationBody(req), { ...sent.value, region: 'eu-france' }]) {
      const service = calculate(body);
      if (!service.ok) throw new Error(service.error.message);
      expect(service.value.energy_kwh).toBe(video.energyKwh);
    }
    // One answer: the video record is not an answer of its own, nor the last answer.
    const state = await ledger.popupState();
    expect(state.totals.allTime.turns).toBe(1);
    expect(state.lastTurn?.turnId).toBe(t.turnId);
  });

  it('keeps no video record when videos are switched off', async () => {
    await storeSettings({ ...DEFAULT_SETTINGS, countExtras: { ...DEFAULT_SETTINGS.countExtras, video: false } });
    const ledger = newLedger();
    const t = turn({ extras: { video: EXTRAS.video } });
    await ledger.record(t);
    const rows = await exported(ledger);
    expect(rows.map((r) => r.turnId)).toEqual([t.turnId]);
    expect(rows[0].extras).toBeUndefined();
  });
});

describe('work out of sight in the CSV export', () => {
  it('has its columns, 0 for a turn without it', async () => {
    const ledger = newLedger();
    await ledger.record(turn({ turnId: 'plain' }));
    await ledger.record(turn({ turnId: 'worked', extras: EXTRAS }));
    const [header, ...rows] = (await ledger.exportLedger('csv')).content.trim().split('\r\n');
    const columns = header.split(',');
    const cells = (id: string) => {
      const row = rows.find((r) => r.startsWith(`${id},`))!.split(',');
      return Object.fromEntries(columns.map((c, i) => [c, row[i]]));
    };
    expect(cells('plain')).toMatchObject({ searches: '0', search_tokens: '0', research_tokens: '0', voice_input_tokens: '0', videos: '0', video_wh: '0' });
    expect(cells('worked')).toMatchObject({
      searches: '3',
      search_tokens: '24000',
      search_history_tokens: '16000',
      research_runs: '1',
      research_tokens: '300000',
      research_high_tokens: '1200000',
      voice_input_tokens: '230',
      voice_output_tokens: '190',
      videos: '1',
      video_seconds: '8',
      video_wh: String(videoWh),
      input_tokens: String(230 + 900 + 24_000 + 16_000 + 300_000),
    });
    expect(cells('worked:video')).toMatchObject({ model_key: 'custom', output_tokens: '8000' });
  });
});

describe("a period's estimated work", () => {
  const priced = (counted: CountedTurn, settings: Settings = DEFAULT_SETTINGS) => {
    const t = turnUnderSettings(counted, settings);
    const r = computeLocally(t, requestFor(t, settings));
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };

  /** The record of the videos a turn's answer generated, priced from its part. */
  const pricedMedia = (counted: CountedTurn) => {
    const [record] = mediaRecordsOf(turnUnderSettings(counted, DEFAULT_SETTINGS));
    const r = computeLocally(record!, mediaRequestFor(record!, DEFAULT_SETTINGS)!);
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };

  /** One answer's estimated energy, as the period sums it. */
  const estimatedKwhOf = (e: LedgerEntry) => estimatedWork([e]).estimatedKwh;

  it("is the share of each answer's weighted tokens its estimates take, all of a video record, none of a plain answer", () => {
    const searched = priced(turn({ promptTokens: 120, historyTokens: 900, answerTokens: 450, extras: { search: EXTRAS.search } }));
    const share = (0.5 * 40_000) / (0.5 * (120 + 900 + 40_000) + 1.5 * 450);
    expect(estimatedKwhOf(searched)).toBeCloseTo(searched.energyKwh * share, 15);
    // History not counted: neither is the search history.
    const noHistory = priced(turn({ promptTokens: 120, historyTokens: 900, answerTokens: 450, extras: { search: EXTRAS.search } }), {
      ...DEFAULT_SETTINGS,
      countHistory: false,
    });
    expect(estimatedKwhOf(noHistory)).toBeCloseTo(noHistory.energyKwh * ((0.5 * 24_000) / (0.5 * (120 + 24_000) + 1.5 * 450)), 15);
    // Voice: all of the audio is estimated.
    const spoken = priced(turn({ historyTokens: 0, extras: { voice: EXTRAS.voice } }));
    expect(estimatedKwhOf(spoken)).toBeCloseTo(spoken.energyKwh, 15);
    const plain = priced(turn());
    const video = pricedMedia(turn({ extras: { video: EXTRAS.video } }));
    expect(estimatedKwhOf(plain)).toBe(0);
    expect(estimatedKwhOf(video)).toBe(video.energyKwh);
    const week = estimatedWork([plain, searched, video]);
    expect(week.estimatedKwh).toBeCloseTo(estimatedKwhOf(searched) + video.energyKwh, 15);
    expect(week.countedKwh + week.estimatedKwh).toBeCloseTo(plain.energyKwh + searched.energyKwh + video.energyKwh, 15);
  });

  it('comes with the period read from storage', async () => {
    const ledger = newLedger();
    await ledger.record(turn({ time: NOW - 1000, extras: { video: EXTRAS.video } }));
    await ledger.record(turn({ time: NOW - 500 }));
    const data = await readPeriodData({ kind: 'days', days: 7 }, localDay(NOW));
    const video = data.entries.find((e) => e.turnId.endsWith(':video'))!;
    expect(data.work.estimatedKwh).toBe(video.energyKwh);
    expect(data.work.countedKwh).toBeCloseTo(data.entries.reduce((s, e) => s + e.energyKwh, 0) - video.energyKwh, 15);
  });
});

describe("a video's record with its answer", () => {
  it('comes back with the answer, on its first recording and on a resend, and its energy is in the page label', async () => {
    const ledger = newLedger();
    const t = turn({ extras: { video: EXTRAS.video } });
    const first = await ledger.record(t);
    expect(first.video).toMatchObject({ turnId: `${t.turnId}:video`, modelKey: 'custom' });
    const again = await ledger.record(t);
    expect(again.video?.energyKwh).toBe(first.video?.energyKwh);
    const records = await ledger.recordsOf([t]);
    expect(records.get(t.turnId)?.video?.turnId).toBe(`${t.turnId}:video`);
    const label = footprintOf(first.entry!, undefined, 'en', first.video);
    expect(label.energyKwh).toBeCloseTo(first.entry!.energyKwh + first.video!.energyKwh, 15);
  });
});
