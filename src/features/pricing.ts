/**
 * The one pricing step: a counted turn, under the Counting settings, becomes its record of parts
 * (src/features/part.ts). Each feature beyond the text says which parts it adds (its `price.ts`);
 * the text's own parts are here. Applied once, when the turn is recorded: the request, the energy's
 * range, the label, the popup and the exports all read the parts it wrote.
 */
import type { Settings } from '../domain/settings';
import type { CountedTurn } from '../domain/turns';
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
