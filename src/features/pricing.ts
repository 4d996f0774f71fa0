/**
 * The one pricing step: a counted turn, under the Counting settings, becomes its record of parts
 * (src/features/part.ts). Each feature beyond the text says which parts it adds (its `price.ts`);
 * the text's own parts are here. Applied once, when the turn is recorded: the request, the energy's
 * range, the label, the popup and the exports all read the parts it wrote.
 */
import { OUTPUT_WEIGHT } from '../core/calculate';
import { answersIn, imagesTurnId, turnIdOfImages, videoTurnId } from '../domain/image-records';
import type { LedgerEntry } from '../domain/ledger';
import type { RemoteRequest } from '../domain/remote';
import type { Settings } from '../domain/settings';
import type { CountedTurn } from '../domain/turns';
import { CUSTOM_KEY } from '../sites/site-models';
import { videoCalculationRequest } from './video/rules';
import { attachmentParts } from './attachments/price';
import { counted, estimated, present, requestTokens, type TurnParts } from './part';
import { hiddenWorkParts } from './work/price';

type PartSource = (turn: CountedTurn, settings: Pick<Settings, 'countHistory'>) => TurnParts;

/** The text's parts: prompt and answer (unless a voice exchange's audio stands for them), history, reasoning, images. */
const textParts: PartSource = (turn, settings) => {
  const voice = turn.extras?.voice;
  return present({
    prompt: voice ? undefined : counted(turn.promptTokens),
    history: settings.countHistory ? counted(turn.historyTokens) : undefined,
    answer: voice ? undefined : counted(turn.answerTokens),
    reasoning: counted(turn.reasoningTokens ?? 0),
    reasoningEstimate: estimated(turn.estimatedReasoningTokens ?? 0),
    images: turn.images ? { basis: 'counted', count: turn.images } : undefined,
  });
};

/** Every source of parts: the text, then each feature beyond it. */
const PART_SOURCES: readonly PartSource[] = [textParts, attachmentParts, hiddenWorkParts];

/**
 * The parts of a turn whose extras are already those its settings keep (turnUnderSettings in
 * src/ledger/compute.ts drops the parts switched off): history only where it is counted.
 */
export function partsOf(turn: CountedTurn, settings: Pick<Settings, 'countHistory'>): TurnParts {
  return Object.assign({}, ...PART_SOURCES.map((source) => source(turn, settings))) as TurnParts;
}

/**
 * The parts of a record written before records kept them (storage version 5 and older, export
 * format 4 and older): its extras are those its settings kept, and whether history was counted is
 * read from its input, which holds the history exactly when it was. Priced as it was recorded:
 * the parts add up to its input and output.
 */
export function partsOfRecord(e: CountedTurn & { inputTokens: number }): TurnParts {
  const withHistory = partsOf(e, { countHistory: true });
  return requestTokens(withHistory).input <= e.inputTokens ? withHistory : partsOf(e, { countHistory: false });
}

/** The model key the specification prices per image (Wh per image, the count as output). */
const IMAGE_MODEL_KEY = 'image-gen';

/** What an answer generated, each a record of its own next to the answer's (src/domain/image-records.ts). */
type MediaParts = Pick<TurnParts, 'images' | 'video'>;

function mediaRecord(turn: CountedTurn, turnId: string, modelKey: string, parts: MediaParts): CountedTurn {
  // No text of its own: the record's one part says what it is, never a token count standing in for it.
  return {
    turnId,
    time: turn.time,
    site: turn.site,
    conversationId: turn.conversationId,
    modelKey,
    promptTokens: 0,
    historyTokens: 0,
    answerTokens: 0,
    tokenizer: turn.tokenizer,
    parts,
    ...(turn.revision === undefined ? {} : { revision: turn.revision }),
  };
}

/**
 * The records of what an answer generated, each holding its one part: its images (counted on the
 * page) and its videos (estimated, with their energy range). `turn` is under the settings (its parts
 * written by turnUnderSettings): videos switched off have no part, and no record.
 */
export function mediaRecordsOf(turn: CountedTurn): CountedTurn[] {
  const { images, video } = turn.parts ?? {};
  const records: CountedTurn[] = [];
  if (images && images.count > 0) records.push(mediaRecord(turn, imagesTurnId(turn.turnId), IMAGE_MODEL_KEY, { images }));
  if (video && video.count > 0) records.push(mediaRecord(turn, videoTurnId(turn.turnId), CUSTOM_KEY, { video }));
  return records;
}

/**
 * The calculation request of a record of generated media, from its part, as the specification
 * defines requests: images as `image-gen` with their count as output; videos (which the interface
 * lacks) as `custom`, their length in milliseconds at their central Wh per millisecond (see
 * videoCalculationRequest), split as every record's request is into input and output tokens, the
 * rate divided by the weight of output. Null for a record with no such part, or a video whose rate
 * is past what one request can hold.
 */
export function mediaRequestFor(record: Pick<CountedTurn, 'parts'>, settings: Pick<Settings, 'region'>): RemoteRequest | null {
  const { images, video } = record.parts ?? {};
  if (images) return { model: IMAGE_MODEL_KEY, input_tokens: 0, output_tokens: images.count, region: settings.region };
  if (!video) return null;
  const sent = videoCalculationRequest({ seconds: video.seconds, wh: { central: video.wh.central } });
  if (!sent.ok) return null;
  return {
    model: CUSTOM_KEY,
    input_tokens: 0,
    output_tokens: sent.value.tokens,
    region: settings.region,
    custom_wh_per_1k: sent.value.custom_wh_per_1k / OUTPUT_WEIGHT,
  };
}

/**
 * Records of generated media kept before they held their part (storage version 6 and older, and
 * exported files of format 5 and older), given it: images their count (the output they were priced
 * with), a video the part its answer's record holds, or where that answer is not among `entries`,
 * one video of the length and Wh it was priced with. Their text counts, which stood for them, are 0.
 */
export function withMediaParts<E extends LedgerEntry>(entries: readonly E[]): E[] {
  const videoOf = new Map(entries.flatMap((e) => (e.parts?.video ? [[videoTurnId(e.turnId), e.parts.video] as const] : [])));
  return entries.map((e) => {
    if (e.parts || answersIn(e) === 1) return e;
    const parts: MediaParts | undefined =
      turnIdOfImages(e.turnId) !== null ? { images: { basis: 'counted', count: e.outputTokens } } : { video: videoOf.get(e.turnId) ?? videoOfRecord(e) };
    return { ...e, promptTokens: 0, historyTokens: 0, answerTokens: 0, parts };
  });
}

/** One video as its record was priced: its length in milliseconds as output, at its rate (Wh per 1,000, over the output weight). */
function videoOfRecord(e: LedgerEntry): NonNullable<TurnParts['video']> {
  const wh = ((e.customWhPer1k ?? 0) * OUTPUT_WEIGHT * e.outputTokens) / 1000;
  return { basis: 'estimated', count: 1, seconds: e.outputTokens / 1000, wh: { low: wh, central: wh, high: wh } };
}
