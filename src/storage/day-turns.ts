/**
 * Raw ledger turns, one storage item per local day (`local:turns:YYYY-MM-DD`),
 * so that each write stays small (about 13 KB on a heavy day) and old days can
 * be pruned by removing whole keys.
 *
 * Version 1 (the first design) stored the day as an array of entry objects.
 * At about 410 bytes a turn, a year of heavy use (36,500 turns) came to
 * about 15 MB, over chrome.storage.local's 10 MB. Version 2 stores each turn
 * as a positional row with repeated strings (site, conversation, model,
 * region, plan...) in a per-day dictionary: about 120 bytes a turn, 4.4 MB a
 * year (`npm run bench -- ledger-year`).
 *
 * Version 3 appends three numbers to each row: reasoning tokens counted from
 * text the page showed, hidden reasoning tokens estimated from a duration, and
 * the output tokens the turn was computed with (answer + reasoning + the
 * estimate when estimates were on). Image-gen records are rows of their own
 * (model `image-gen`, answer and output = the number of images).
 *
 * Version 4 appends the tokenizer that counted the turn (an index into `strings`, like the model),
 * then the rate a `custom` model was computed with (Wh per 1,000 tokens; 0 for every other model),
 * so a turn of a model the table does not have keeps its rate through recomputes and exports.
 * Turns recorded before were all counted with o200k, and keep their counts.
 *
 * Version 5 appends what the turn read beyond its text (attachments, searches, research, voice audio:
 * `TurnExtras`, an object with names), or 0 for a turn with none: most turns have none, and the parts
 * are few and grow with the product, so they are not worth positions of their own.
 *
 * Version 6 appends the turn's record of parts (src/features/part.ts), what its calculation was sent
 * part by part, or 0 for a record without (images and videos are records of their own), in a short
 * form (`EncodedParts`): a counted part is its tokens, an estimated one its [low, central, high].
 * Turns recorded before get the parts they were priced with, read off their counts and input.
 */
import { DEFAULT_REGION } from '../core/tables';
import type { LedgerEntry } from '../domain/ledger';
import type { TokenizerId } from '../domain/tokenizers';
import type { TurnExtras } from '../domain/turns';
import { decodeParts, encodeParts, withRecordParts, type EncodedParts } from './encoded-parts';
import { withMediaParts } from '../features/pricing';
import { SITE_IDS, type SiteId } from '../domain/site-ids';

/** Version 1: one object per turn. Kept as a type for the migration. */
export type DayTurnsV1 = LedgerEntry[];

/**
 * One turn in version 2, positional: [turnId, time, site, conversation, model,
 * prompt, history, answer, input, region, energyKwh, carbonG, waterL, stress,
 * computedBy, plan]. String fields other than turnId are indexes into
 * `strings`; output tokens equal answer tokens.
 */
export type TurnRowV2 = [
  turnId: string,
  time: number,
  site: number,
  conversation: number,
  model: number,
  prompt: number,
  history: number,
  answer: number,
  input: number,
  region: number,
  energyKwh: number,
  carbonG: number,
  waterL: number,
  stress: number,
  computedBy: number,
  plan: number,
];

export interface DayTurnsV2 {
  strings: string[];
  rows: TurnRowV2[];
}

/** Version 3: a version 2 row, then [reasoning, estimatedReasoning, output]. */
export type TurnRowV3 = [...TurnRowV2, reasoning: number, estimatedReasoning: number, output: number];

export interface DayTurnsV3 {
  strings: string[];
  rows: TurnRowV3[];
}

/** Version 4: a version 3 row, then [tokenizer (a string index), custom rate (0: not a custom model)]. */
export type TurnRowV4 = [...TurnRowV3, tokenizer: number, customWhPer1k: number];

export interface DayTurnsV4 {
  strings: string[];
  rows: TurnRowV4[];
}

/** Version 5: a version 4 row, then the turn's extras (0: none). */
export type TurnRowV5 = [...TurnRowV4, extras: TurnExtras | 0];

export interface DayTurnsV5 {
  strings: string[];
  rows: TurnRowV5[];
}

/** Version 6: a version 5 row, then the turn's parts (0: none). */
export type TurnRow = [...TurnRowV5, parts: EncodedParts | 0];

export interface DayTurns {
  strings: string[];
  rows: TurnRow[];
}

const V2_ROW_LENGTH = 16;
const V3_ROW_LENGTH = 19;
const V4_ROW_LENGTH = 21;
const V5_ROW_LENGTH = 22;
const ROW_LENGTH = 23;

export function emptyDay(): DayTurns {
  return { strings: [], rows: [] };
}

function intern(day: DayTurns, index: Map<string, number>, s: string): number {
  let i = index.get(s);
  if (i === undefined) {
    i = day.strings.length;
    day.strings.push(s);
    index.set(s, i);
  }
  return i;
}

export function encodeEntries(entries: readonly LedgerEntry[]): DayTurns {
  const day = emptyDay();
  const index = new Map<string, number>();
  for (const e of entries) {
    const s = (x: string) => intern(day, index, x);
    day.rows.push([
      e.turnId,
      e.time,
      s(e.site),
      s(e.conversationId),
      s(e.modelKey),
      e.promptTokens,
      e.historyTokens,
      e.answerTokens,
      e.inputTokens,
      s(e.region),
      e.energyKwh,
      e.carbonG,
      e.waterL,
      s(e.stressLevel),
      s(e.computedBy),
      s(e.plan),
      e.reasoningTokens ?? 0,
      e.estimatedReasoningTokens ?? 0,
      e.outputTokens,
      s(e.tokenizer),
      e.customWhPer1k ?? 0,
      e.extras ?? 0,
      e.parts ? encodeParts(e.parts) : 0,
    ]);
  }
  return day;
}

function decodeRow(day: DayTurns, r: TurnRow): LedgerEntry {
  const s = (i: number) => day.strings[i];
  const entry: LedgerEntry = {
    turnId: r[0],
    time: r[1],
    site: s(r[2]) as SiteId,
    conversationId: s(r[3]),
    modelKey: s(r[4]),
    promptTokens: r[5],
    historyTokens: r[6],
    answerTokens: r[7],
    tokenizer: s(r[19]) as TokenizerId,
    inputTokens: r[8],
    outputTokens: r[18],
    region: s(r[9]),
    energyKwh: r[10],
    carbonG: r[11],
    waterL: r[12],
    stressLevel: s(r[13]) as LedgerEntry['stressLevel'],
    computedBy: s(r[14]) as LedgerEntry['computedBy'],
    plan: s(r[15]),
  };
  // Only what a turn has: a turn without reasoning decodes as it was recorded.
  if (r[16] > 0) entry.reasoningTokens = r[16];
  if (r[17] > 0) entry.estimatedReasoningTokens = r[17];
  if (r[20] > 0) entry.customWhPer1k = r[20];
  if (r[21]) entry.extras = r[21];
  if (r[22]) entry.parts = decodeParts(r[22]);
  return entry;
}

export function decodeEntries(day: DayTurns): LedgerEntry[] {
  return day.rows.map((r) => decodeRow(day, r));
}

function hasRows(x: unknown, length: number): boolean {
  if (!x || typeof x !== 'object' || Array.isArray(x)) return false;
  const d = x as Partial<DayTurns>;
  return Array.isArray(d.strings) && Array.isArray(d.rows) && d.rows.every((r) => Array.isArray(r) && r.length === length);
}

/** A well-formed day of the current version (checked on read: a failed migration leaves the old shape behind). */
export const isDayTurns = (x: unknown): x is DayTurns => hasRows(x, ROW_LENGTH);

/** v6 -> v7: each record of generated images or videos gets its part (src/features/pricing.ts withMediaParts); the rows keep their shape. */
export function migrateDayTurnsV6toV7(old: unknown): DayTurns {
  if (!isDayTurns(old)) throw new Error('turns v6: expected { strings, rows } with 23 fields a row');
  return encodeEntries(withMediaParts(decodeEntries(old)));
}

/** v5 -> v6: each answer gets the parts it was priced with (images and videos, records of their own, none). */
export function migrateDayTurnsV5toV6(old: unknown): DayTurns {
  if (!hasRows(old, V5_ROW_LENGTH)) throw new Error('turns v5: expected { strings, rows } with 22 fields a row');
  const v5 = old as DayTurnsV5;
  const day: DayTurns = { strings: v5.strings, rows: v5.rows.map((r): TurnRow => [...r, 0]) };
  return encodeEntries(decodeEntries(day).map(withRecordParts));
}

/** v4 -> v5: no turn read anything beyond its text before version 5. */
export function migrateDayTurnsV4toV5(old: unknown): DayTurnsV5 {
  if (!hasRows(old, V4_ROW_LENGTH)) throw new Error('turns v4: expected { strings, rows } with 21 fields a row');
  const v4 = old as DayTurnsV4;
  return { strings: v4.strings, rows: v4.rows.map((r): TurnRowV5 => [...r, 0]) };
}

/** v3 -> v4: every turn recorded before version 4 was counted with o200k, and none with a custom rate. */
export function migrateDayTurnsV3toV4(old: unknown): DayTurnsV4 {
  if (!hasRows(old, V3_ROW_LENGTH)) throw new Error('turns v3: expected { strings, rows } with 19 fields a row');
  const v3 = old as DayTurnsV3;
  const o200k: TokenizerId = 'o200k';
  const strings = [...v3.strings];
  let at = strings.indexOf(o200k);
  if (at === -1) at = strings.push(o200k) - 1;
  return { strings, rows: v3.rows.map((r): TurnRowV4 => [...r, at, 0]) };
}

/** v2 -> v3: no reasoning was counted before version 3, and output tokens were the answer tokens. */
export function migrateDayTurnsV2toV3(old: unknown): DayTurnsV3 {
  if (!hasRows(old, V2_ROW_LENGTH)) throw new Error('turns v2: expected { strings, rows } with 16 fields a row');
  const v2 = old as DayTurnsV2;
  return { strings: v2.strings, rows: v2.rows.map((r): TurnRowV3 => [...r, 0, 0, r[7]]) };
}

/** v1 -> v2. Version 1 objects lacked nothing v2 needs; fields it may miss get safe values. */
export function migrateDayTurnsV1toV2(old: unknown): DayTurnsV2 {
  if (!Array.isArray(old)) throw new Error('turns v1: expected an array of entries');
  const entries = (old as Partial<LedgerEntry>[]).map((e): LedgerEntry => {
    if (typeof e.turnId !== 'string' || typeof e.time !== 'number' || !SITE_IDS.includes(e.site as SiteId)) {
      throw new Error(`turns v1: malformed entry ${JSON.stringify(e).slice(0, 80)}`);
    }
    const prompt = e.promptTokens ?? 0;
    const history = e.historyTokens ?? 0;
    const answer = e.answerTokens ?? 0;
    return {
      turnId: e.turnId,
      time: e.time,
      site: e.site as SiteId,
      conversationId: e.conversationId ?? '',
      modelKey: e.modelKey ?? 'custom',
      promptTokens: prompt,
      historyTokens: history,
      answerTokens: answer,
      tokenizer: 'o200k',
      inputTokens: e.inputTokens ?? prompt + history,
      outputTokens: answer,
      region: e.region ?? DEFAULT_REGION,
      energyKwh: e.energyKwh ?? 0,
      carbonG: e.carbonG ?? 0,
      waterL: e.waterL ?? 0,
      stressLevel: e.stressLevel ?? 'moderate',
      computedBy: e.computedBy ?? 'local',
      plan: e.plan ?? 'local',
    };
  });
  const latest = encodeEntries(entries);
  return { strings: latest.strings, rows: latest.rows.map((r) => r.slice(0, V2_ROW_LENGTH) as TurnRowV2) };
}
