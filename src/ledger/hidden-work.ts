/**
 * Out-of-sight work in the ledger (src/counting/hidden-work.ts counts it): which parts the Counting
 * settings keep, what they add to the answer's request, and the record of a generated video.
 * With every switch off, or with no such work, a turn's request is what it was before this existed.
 */
import { OUTPUT_WEIGHT } from '../core/calculate';
import { videoCalculationRequest } from '../core/hidden-work';
import { videoTurnId } from '../domain/image-records';
import type { RemoteRequest } from '../domain/remote';
import { DEFAULT_COUNT_EXTRAS, type Settings } from '../domain/settings';
import type { CountedTurn, TurnExtras } from '../domain/turns';
import { CUSTOM_KEY } from '../sites/site-models';

const HIDDEN_KINDS = ['search', 'research', 'voice', 'video'] as const;

/** The turn without the out-of-sight parts the user switched off (the same object when none is). */
export function hiddenWorkUnderSettings(turn: CountedTurn, settings: Pick<Settings, 'countExtras'>): CountedTurn {
  const on = { ...DEFAULT_COUNT_EXTRAS, ...settings.countExtras };
  const extras = turn.extras;
  if (!extras || HIDDEN_KINDS.every((kind) => on[kind] || !extras[kind])) return turn;
  const kept: TurnExtras = { ...extras };
  for (const kind of HIDDEN_KINDS) if (!on[kind]) delete kept[kind];
  const without = { ...turn };
  if (Object.keys(kept).length > 0) without.extras = kept;
  else delete without.extras;
  return without;
}

/**
 * The prompt and answer tokens a request prices: a voice exchange's audio in place of its transcript,
 * and the estimated input of searches (their history where history is counted) and research runs.
 */
export function hiddenWorkTokens(turn: CountedTurn, countHistory: boolean): { prompt: number; answer: number; estimatedInput: number } {
  const { search, research, voice } = turn.extras ?? {};
  const estimatedInput = (search ? search.tokens + (countHistory ? search.historyTokens : 0) : 0) + (research?.tokens ?? 0);
  return voice
    ? { prompt: voice.inputTokens, answer: voice.outputTokens, estimatedInput }
    : { prompt: turn.promptTokens, answer: turn.answerTokens, estimatedInput };
}

/**
 * The record of the videos an answer generated (null when it generated none): a `custom` turn of its
 * own whose output is the videos' length in milliseconds, at videoCalculationRequest's rate (their Wh
 * per second) divided by the weight the core gives output tokens. A record's request is always split
 * into input and output (retries and a region's recompute rebuild it from the record), so stored
 * this way the core and the service compute the videos' Wh, and nothing special is sent or recomputed.
 */
export function videoTurnOf(turn: CountedTurn): CountedTurn | null {
  const video = turn.extras?.video;
  if (!video || video.videos === 0) return null;
  const request = videoCalculationRequest({ seconds: video.seconds, wh: { central: video.wh } });
  if (!request.ok) return null;
  return {
    turnId: videoTurnId(turn.turnId),
    time: turn.time,
    site: turn.site,
    conversationId: turn.conversationId,
    modelKey: CUSTOM_KEY,
    customWhPer1k: request.value.custom_wh_per_1k / OUTPUT_WEIGHT,
    promptTokens: 0,
    historyTokens: 0,
    answerTokens: request.value.tokens,
    tokenizer: turn.tokenizer,
    ...(turn.revision === undefined ? {} : { revision: turn.revision }),
  };
}

/** A video record's request: its own rate in the current region (no model override applies). */
export function videoRequestFor(video: CountedTurn, settings: Pick<Settings, 'region'>): RemoteRequest {
  return { model: CUSTOM_KEY, input_tokens: 0, output_tokens: video.answerTokens, region: settings.region, custom_wh_per_1k: video.customWhPer1k ?? 0 };
}
