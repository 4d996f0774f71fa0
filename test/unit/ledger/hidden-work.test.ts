import { beforeEach, describe, expect, it } from 'vitest';
import { calculate } from '../../../src/core';
import { estimateSiteVideo, videoCalculationRequest } from '../../../src/core/hidden-work';
import { DEFAULT_SETTINGS, type Settings } from '../../../src/domain';
import { calculationBody } from '../../../src/domain/remote';
import { requestFor, turnUnderSettings } from '../../../src/ledger/compute';
import { videoRequestFor, videoTurnOf } from '../../../src/ledger/hidden-work';
import { writeSettings } from '../../../src/storage/items';
import { newLedger, resetBrowser, turn } from '../support/ledger';

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
    expect(turnUnderSettings(withWork, ALL_OFF)).toEqual(plain);
    expect(videoTurnOf(turnUnderSettings(withWork, ALL_OFF))).toBeNull();
    expect(requestFor(plain, DEFAULT_SETTINGS)).toMatchObject({ input_tokens: 1020, output_tokens: 480 });
    // One switch at a time: the others stay counted.
    const noSearch = { ...DEFAULT_SETTINGS, countExtras: { ...DEFAULT_SETTINGS.countExtras, search: false } };
    expect(turnUnderSettings(withWork, noSearch).extras).toEqual({ research: EXTRAS.research, voice: EXTRAS.voice, video: EXTRAS.video });
  });

  it('records a generated video as a custom record of its own at its rate, the same Wh locally and in the request remote mode sends', async () => {
    await writeSettings({ ...DEFAULT_SETTINGS, region: 'eu-france' });
    const ledger = newLedger();
    const t = turn({ extras: { video: EXTRAS.video } });
    await ledger.record(t);
    const rows = await exported(ledger);
    const video = rows.find((r) => r.turnId === `${t.turnId}:video`)!;
    const sent = videoCalculationRequest({ seconds: 8, wh: { central: videoWh } });
    if (!sent.ok) throw new Error(sent.error.message);
    expect(video).toMatchObject({ modelKey: 'custom', outputTokens: 8000, inputTokens: 0, customWhPer1k: sent.value.custom_wh_per_1k / 1.5 });
    // The core rounds to six significant digits.
    expect(video.energyKwh as number).toBeCloseTo(videoWh / 1000, 6);
    // The service, given the request remote mode sends, and given the video as one custom quantity, computes the same.
    const req = videoRequestFor(videoTurnOf(t)!, { region: 'eu-france' });
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
    await writeSettings({ ...DEFAULT_SETTINGS, countExtras: { ...DEFAULT_SETTINGS.countExtras, video: false } });
    const ledger = newLedger();
    const t = turn({ extras: { video: EXTRAS.video } });
    await ledger.record(t);
    const rows = await exported(ledger);
    expect(rows.map((r) => r.turnId)).toEqual([t.turnId]);
    expect(rows[0].extras).toBeUndefined();
  });
});
