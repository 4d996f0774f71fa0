/**
 * One record of a turn's parts: what went into the calculation of an answer, part by part, each
 * with its basis (counted by a tokenizer, or estimated by a published rule) and, where estimated,
 * its range. Written once, by the pricing step (src/features/pricing.ts) under the Counting
 * settings; the label, the popup, the insights and both exports read it instead of working the
 * calculation's input out again.
 *
 * Generated images and videos are parts of their own (how many, and a video's energy range): the
 * answer's record names them, and each is priced from its part as a record of its own next to the
 * answer's (src/domain/image-records.ts, src/features/pricing.ts), never as tokens of the answer.
 */
import { z } from 'zod';
import { INPUT_WEIGHT, OUTPUT_WEIGHT } from '../core/calculate';
import type { Range } from '../core/range';

/** Parts that are tokens of the answer's request, each always on one side of it. */
const TOKEN_PART_SIDES = {
  prompt: 'input',
  history: 'input',
  files: 'input',
  filesHistory: 'input',
  search: 'input',
  searchHistory: 'input',
  research: 'input',
  voice: 'input',
  answer: 'output',
  voiceAnswer: 'output',
  reasoning: 'output',
  reasoningEstimate: 'output',
} as const;
export type TokenPartKind = keyof typeof TOKEN_PART_SIDES;
export const TOKEN_PART_KINDS = Object.keys(TOKEN_PART_SIDES) as TokenPartKind[];

const Count = z.number().int().nonnegative();
export const RangeSchema = z.object({ low: z.number().nonnegative(), central: z.number().nonnegative(), high: z.number().nonnegative() });

/** Tokens counted exactly: no range. */
const CountedPartSchema = z.object({ basis: z.literal('counted'), tokens: Count });
/** Tokens estimated by a rule: `tokens` is the central figure the calculation is sent, `range` its bounds. */
const EstimatedPartSchema = z.object({ basis: z.literal('estimated'), tokens: Count, range: RangeSchema });
const TokenPartSchema = z.discriminatedUnion('basis', [CountedPartSchema, EstimatedPartSchema]);
export type TokenPart = z.infer<typeof TokenPartSchema>;

export const TurnPartsSchema = z.object({
  ...(Object.fromEntries(TOKEN_PART_KINDS.map((kind) => [kind, TokenPartSchema.optional()])) as Record<TokenPartKind, z.ZodOptional<typeof TokenPartSchema>>),
  /** Images the answer generated, counted on the page. */
  images: z.object({ basis: z.literal('counted'), count: Count }).optional(),
  /** Videos the answer generated: their energy by the rule, in Wh. */
  video: z.object({ basis: z.literal('estimated'), count: Count, seconds: z.number().nonnegative(), wh: RangeSchema }).optional(),
});
export type TurnParts = z.infer<typeof TurnPartsSchema>;

/** A counted part; none for zero tokens. */
export const counted = (tokens: number): TokenPart | undefined => (tokens > 0 ? { basis: 'counted', tokens } : undefined);

/** An estimated part; a single figure is a range whose three values are equal. None for zero tokens. */
export function estimated(range: Range | number): TokenPart | undefined {
  const r = typeof range === 'number' ? { low: range, central: range, high: range } : range;
  if (r.high <= 0) return undefined;
  return { basis: 'estimated', tokens: Math.round(r.central), range: { low: Math.round(r.low), central: Math.round(r.central), high: Math.round(r.high) } };
}

/** The parts without the absent ones (a record keeps only what is there). */
export function present(parts: Partial<Record<keyof TurnParts, unknown>>): TurnParts {
  return Object.fromEntries(Object.entries(parts).filter(([, part]) => part !== undefined)) as TurnParts;
}

const tokenParts = (parts: TurnParts): [TokenPartKind, TokenPart][] =>
  TOKEN_PART_KINDS.flatMap((kind) => (parts[kind] ? [[kind, parts[kind]] as [TokenPartKind, TokenPart]] : []));

/** The request's tokens: the sum of the parts on each side (central figures). */
export function requestTokens(parts: TurnParts): { input: number; output: number } {
  const sums = { input: 0, output: 0 };
  for (const [kind, part] of tokenParts(parts)) sums[TOKEN_PART_SIDES[kind]] += part.tokens;
  return sums;
}

/** The tokens of `kinds` (0 for those absent). */
export const tokensOf = (parts: TurnParts, ...kinds: TokenPartKind[]): number => kinds.reduce((sum, kind) => sum + (parts[kind]?.tokens ?? 0), 0);

/**
 * How far the answer's energy may lie from its central figure, as factors of it: the request's
 * weighted tokens (the core's energy is linear in them) at every estimated part's low and high
 * end, over those at the central figures. Undefined where nothing is estimated or the bounds equal
 * the central figure: an exact count shows no range.
 */
function energyFactors(parts: TurnParts, weights: { input: number; output: number }): { low: number; high: number } | undefined {
  let central = 0;
  let low = 0;
  let high = 0;
  for (const [kind, part] of tokenParts(parts)) {
    const weight = weights[TOKEN_PART_SIDES[kind]];
    central += weight * part.tokens;
    low += weight * (part.basis === 'estimated' ? part.range.low : part.tokens);
    high += weight * (part.basis === 'estimated' ? part.range.high : part.tokens);
  }
  if (central <= 0 || (low === central && high === central)) return undefined;
  return { low: low / central, high: high / central };
}

type Figures = { energyKwh: number; carbonG: number; waterL: number };

/** A record's footprint, each figure with its range where its parts hold estimates. */
export interface FootprintRanges {
  energyKwh: Range;
  carbonG: Range;
  waterL: Range;
}

/**
 * The ranges of a record's energy, carbon and water from its parts: carbon and water are the energy
 * times the region's factors, so one pair of factors bounds all three. The same for a record the
 * service computed (remote mode): its answer is scaled by the factors, which is what asking it for
 * each bound would give, at one request of the key's quota instead of three. Undefined for an
 * exact record.
 */
export function footprintRanges(e: Figures & { parts?: TurnParts }): FootprintRanges | undefined {
  const factors = e.parts ? (ownPartOnly(e.parts) ?? energyFactors(e.parts, { input: INPUT_WEIGHT, output: OUTPUT_WEIGHT })) : undefined;
  return factors ? scaled(e, factors) : undefined;
}

/**
 * The factors of a record of generated videos, whose one part is the videos: their energy range
 * over its central figure (its energy is that figure). Undefined for any other record: an answer's
 * record names its videos, but its own energy is that of its tokens.
 */
function ownPartOnly(parts: TurnParts): { low: number; high: number } | undefined {
  const wh = parts.video?.wh;
  if (!wh || tokenParts(parts).length > 0 || !(wh.central > 0) || wh.low === wh.high) return undefined;
  return { low: wh.low / wh.central, high: wh.high / wh.central };
}

/** The figures with bounds at `factors` of each. */
function scaled(e: Figures, factors: { low: number; high: number }): FootprintRanges {
  const scale = (central: number): Range => ({ low: central * factors.low, central, high: central * factors.high });
  return { energyKwh: scale(e.energyKwh), carbonG: scale(e.carbonG), waterL: scale(e.waterL) };
}

/** The ranges of records shown together (an answer with its images and videos, a day): the sums of their bounds. */
function addRanges(a: FootprintRanges, b: FootprintRanges): FootprintRanges {
  const add = (x: Range, y: Range): Range => ({ low: x.low + y.low, central: x.central + y.central, high: x.high + y.high });
  return { energyKwh: add(a.energyKwh, b.energyKwh), carbonG: add(a.carbonG, b.carbonG), waterL: add(a.waterL, b.waterL) };
}

/** An exact record's figures as a range of equal values (to add to others). */
const exactRanges = (e: Figures): FootprintRanges => ({
  energyKwh: { low: e.energyKwh, central: e.energyKwh, high: e.energyKwh },
  carbonG: { low: e.carbonG, central: e.carbonG, high: e.carbonG },
  waterL: { low: e.waterL, central: e.waterL, high: e.waterL },
});

/**
 * The ranges of an answer shown with the records of its images and videos (the page label, the
 * popup's latest answer): each record's own, or its exact figures. Undefined when none of them is
 * estimated.
 */
export function answerRanges(entry: Figures & { parts?: TurnParts }, images?: Figures, video?: Figures & { parts?: TurnParts }): FootprintRanges | undefined {
  return periodRanges([entry, ...(images ? [images] : []), ...(video ? [video] : [])]);
}

/**
 * The ranges of records shown together (a period's stored records, an answer with its media): the
 * sums of each record's own range, or its exact figures. Undefined when no record holds an
 * estimate with a range.
 */
export function periodRanges(entries: readonly (Figures & { parts?: TurnParts })[]): FootprintRanges | undefined {
  let sum: FootprintRanges | undefined;
  let ranged = false;
  for (const e of entries) {
    const own = footprintRanges(e);
    ranged ||= own !== undefined;
    const ranges = own ?? exactRanges(e);
    sum = sum ? addRanges(sum, ranges) : ranges;
  }
  return ranged ? sum : undefined;
}
