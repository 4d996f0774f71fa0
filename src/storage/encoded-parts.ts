/**
 * A record's parts as the day's rows keep them (src/storage/day-turns.ts, version 6): each part by
 * its name, a counted part as its tokens and an estimated one as its [low, central, high]; images
 * as their count; videos with their energy range. About a third of the size of the parts as objects.
 */
import type { LedgerEntry } from '../domain/ledger';
import { answersIn } from '../domain/image-records';
import { TOKEN_PART_KINDS, type TokenPart, type TurnParts } from '../features/part';
import { partsOfRecord } from '../features/pricing';

type Triple = [low: number, central: number, high: number];
type EncodedTokenPart = number | Triple;

export type EncodedParts = Partial<Record<(typeof TOKEN_PART_KINDS)[number], EncodedTokenPart>> & {
  images?: number;
  video?: { count: number; seconds: number; wh: Triple };
};

const encodeToken = (part: TokenPart): EncodedTokenPart => (part.basis === 'counted' ? part.tokens : [part.range.low, part.range.central, part.range.high]);

const decodeToken = (part: EncodedTokenPart): TokenPart =>
  typeof part === 'number'
    ? { basis: 'counted', tokens: part }
    : { basis: 'estimated', tokens: part[1], range: { low: part[0], central: part[1], high: part[2] } };

export function encodeParts(parts: TurnParts): EncodedParts {
  const out: EncodedParts = {};
  for (const kind of TOKEN_PART_KINDS) {
    const part = parts[kind];
    if (part) out[kind] = encodeToken(part);
  }
  if (parts.images) out.images = parts.images.count;
  if (parts.video)
    out.video = { count: parts.video.count, seconds: parts.video.seconds, wh: [parts.video.wh.low, parts.video.wh.central, parts.video.wh.high] };
  return out;
}

export function decodeParts(encoded: EncodedParts): TurnParts {
  const parts: TurnParts = {};
  for (const kind of TOKEN_PART_KINDS) {
    const part = encoded[kind];
    if (part !== undefined) parts[kind] = decodeToken(part);
  }
  if (encoded.images !== undefined) parts.images = { basis: 'counted', count: encoded.images };
  const video = encoded.video;
  if (video)
    parts.video = { basis: 'estimated', count: video.count, seconds: video.seconds, wh: { low: video.wh[0], central: video.wh[1], high: video.wh[2] } };
  return parts;
}

/** A record of an answer with the parts it was priced with (records kept before parts, and imported ones); image and video records have none. */
export function withRecordParts(e: LedgerEntry): LedgerEntry {
  if (e.parts || answersIn(e) === 0) return e;
  return { ...e, parts: partsOfRecord(e) };
}
