/**
 * Out-of-sight work in the ledger (src/features/work/count.ts counts it): which parts the Counting
 * settings keep and what they add to the answer's request.
 * With every switch off, or with no such work, a turn's request is what it was before this existed.
 * A generated video's record is made and priced by the pricing step (src/features/pricing.ts).
 */
import { INPUT_WEIGHT, OUTPUT_WEIGHT } from '../../core/calculate';
import { turnIdOfVideo } from '../../domain/image-records';
import type { LedgerEntry } from '../../domain/ledger';
import { DEFAULT_COUNT_EXTRAS, type Settings } from '../../domain/settings';
import type { CountedTurn } from '../../domain/turns';
import { replaceExtras } from '../extras';
import { HIDDEN_WORK_KINDS } from './kinds';
import { estimated, present, requestTokens, tokensOf, type TurnParts } from '../part';

/** The turn without the out-of-sight parts the user switched off (the same object when none is). */
export function hiddenWorkUnderSettings(turn: CountedTurn, settings: Pick<Settings, 'countExtras'>): CountedTurn {
  const on = { ...DEFAULT_COUNT_EXTRAS, ...settings.countExtras };
  return replaceExtras(
    turn,
    HIDDEN_WORK_KINDS.filter((kind) => !on[kind]),
  );
}

/**
 * The turn's work out of sight as parts of its record (its extras already under the settings): the
 * searches' retrieved content (and, with history on, what earlier searches left in the context), a
 * research run's range, a voice exchange's audio (in place of its transcript) and the videos.
 */
export function hiddenWorkParts(turn: CountedTurn, settings: Pick<Settings, 'countHistory'>): TurnParts {
  const { search, research, voice, video } = turn.extras ?? {};
  return present({
    search: estimated(search?.tokens ?? 0),
    searchHistory: settings.countHistory ? estimated(search?.historyTokens ?? 0) : undefined,
    research: research ? estimated({ low: research.tokens, central: research.tokens, high: research.highTokens }) : undefined,
    voice: voice ? estimated(voice.inputTokens) : undefined,
    voiceAnswer: voice ? estimated(voice.outputTokens) : undefined,
    video:
      video && video.videos > 0
        ? {
            basis: 'estimated',
            count: video.videos,
            seconds: video.seconds,
            wh: { low: video.whLow ?? video.wh, central: video.wh, high: video.whHigh ?? video.wh },
          }
        : undefined,
  });
}

/** The CSV columns of out-of-sight work (docs/export-format.md), each 0 for a turn without it. */
export const HIDDEN_WORK_CSV_COLUMNS = [
  'searches',
  'search_tokens',
  'search_history_tokens',
  'research_runs',
  'research_tokens',
  'research_high_tokens',
  'voice_input_tokens',
  'voice_output_tokens',
  'videos',
  'video_seconds',
  'video_wh',
] as const;

/** A record's values for HIDDEN_WORK_CSV_COLUMNS, in their order. */
export function hiddenWorkCsvFields(e: Pick<LedgerEntry, 'extras'>): number[] {
  const { search, research, voice, video } = e.extras ?? {};
  return [
    search?.searches ?? 0,
    search?.tokens ?? 0,
    search?.historyTokens ?? 0,
    research?.runs ?? 0,
    research?.tokens ?? 0,
    research?.highTokens ?? 0,
    voice?.inputTokens ?? 0,
    voice?.outputTokens ?? 0,
    video?.videos ?? 0,
    video?.seconds ?? 0,
    video?.wh ?? 0,
  ];
}

/**
 * The energy of a record that was estimated work out of sight: all of a video record; of an answer,
 * the share its searches, research and voice audio take of its weighted tokens (the core's energy is
 * linear in them), read off its parts.
 */
function estimatedKwhOf(e: LedgerEntry): number {
  if (turnIdOfVideo(e.turnId) !== null) return e.energyKwh;
  const parts = e.parts;
  if (!parts) return 0;
  const weigh = (input: number, output: number) => INPUT_WEIGHT * input + OUTPUT_WEIGHT * output;
  const work = weigh(tokensOf(parts, 'search', 'searchHistory', 'research', 'voice'), tokensOf(parts, 'voiceAnswer'));
  const all = requestTokens(parts);
  const weighted = weigh(all.input, all.output);
  return weighted > 0 ? e.energyKwh * Math.min(1, work / weighted) : 0;
}

/** A period's energy, split into what was counted and what was estimated work out of sight. */
export function estimatedWork(entries: readonly LedgerEntry[]): { countedKwh: number; estimatedKwh: number } {
  let total = 0;
  let estimated = 0;
  for (const e of entries) {
    total += e.energyKwh;
    estimated += estimatedKwhOf(e);
  }
  return { countedKwh: Math.max(0, total - estimated), estimatedKwh: estimated };
}
