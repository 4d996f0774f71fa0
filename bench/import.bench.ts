/**
 * `npm run bench -- import`: what reading a ledger file for "Import" costs (src/ledger/read-ledger-file.ts),
 * split into JSON.parse and the zod checks (readLedgerFile's time less JSON.parse's), for files of
 * 10,000 turns, 50,000 (a full ledger), 75,000 (IMPORT_LIMITS.turns) and 300,000, side by side in one
 * run. The file of 300,000 turns is refused for its size before it is parsed; timed here as the sum
 * of its four quarters, each read as a file of its own (whole, it stops at the turns limit before
 * checking a turn). Node's V8, as in Chrome's worker; the median of
 * 3 runs each. Turns as the ledger exports them: UUID ids, four sites and models, one region.
 * Writes bench/results/import.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { calculate } from '../src/core';
import { IMPORT_LIMITS } from '../src/domain/import-limits';
import { EXPORT_FORMAT, EXPORT_VERSION } from '../src/ledger/write-ledger-file';
import { readLedgerFile } from '../src/ledger/read-ledger-file';
import { addDays } from '../src/storage/days';

const SIZES = [10_000, 50_000, IMPORT_LIMITS.turns, 300_000];
const RUNS = 3;
const MIX = [
  ['chatgpt', 'alpha-5.5', 'o200k'],
  ['claude', 'beta-sonnet-5', 'o200k'],
  ['gemini', 'gamma-3.5-flash', 'gemma3'],
  ['deepseek', 'delta-v3', 'deepseek-v3'],
] as const;

function fileOf(turns: number): string {
  const conversations = Array.from({ length: 500 }, () => randomUUID());
  const list = Array.from({ length: turns }, (_, i) => {
    const [site, modelKey, tokenizer] = MIX[i % MIX.length]!;
    const prompt = 40 + ((i * 37) % 460);
    const answer = 200 + ((i * 53) % 1300);
    const history = (i * 211) % 20_000;
    const r = calculate({ model: modelKey, input_tokens: prompt + history, output_tokens: answer, region: 'eu-germany' });
    if (!r.ok) throw new Error(r.error.message);
    return {
      turnId: randomUUID(),
      time: Date.UTC(2025, 0, 1) + i * 600_000,
      localDay: addDays('2025-01-01', Math.floor(i / 144)),
      site,
      conversationId: conversations[i % conversations.length],
      modelKey,
      promptTokens: prompt,
      historyTokens: history,
      answerTokens: answer,
      reasoningTokens: 0,
      estimatedReasoningTokens: 0,
      inputTokens: prompt + history,
      outputTokens: answer,
      tokenizer,
      tokenCount: 'exact',
      region: 'eu-germany',
      energyKwh: r.value.energy_kwh,
      carbonG: r.value.carbon_gco2e,
      waterL: r.value.water.liters,
      stressLevel: r.value.water.stress_level,
      computedBy: 'local',
      plan: 'local',
    };
  });
  return JSON.stringify({ format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: new Date().toISOString(), turns: list, dailyTotals: [] });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const rows = SIZES.map((turns) => {
  const text = fileOf(turns);
  // A file over the turns limit is read in parts within it, each part a file of its own.
  const parts = Math.ceil(turns / IMPORT_LIMITS.turns);
  const size = Math.ceil(turns / parts);
  const parsed = JSON.parse(text) as { turns: unknown[] };
  const partTexts =
    parts === 1 ? [text] : Array.from({ length: parts }, (_, p) => JSON.stringify({ ...parsed, turns: parsed.turns.slice(p * size, (p + 1) * size) }));
  const parse: number[] = [];
  const read: number[] = [];
  let accepted = false;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    for (const part of partTexts) JSON.parse(part);
    const t1 = performance.now();
    accepted = true;
    for (const part of partTexts) accepted &&= readLedgerFile(part).ok;
    const t2 = performance.now();
    parse.push(t1 - t0);
    read.push(t2 - t1);
  }
  // readLedgerFile parses and checks: the checks are what it takes beyond the parse.
  const check = read.map((r, i) => r - parse[i]!);
  const t0 = performance.now();
  const whole = readLedgerFile(text);
  const refusedMs = performance.now() - t0;
  return {
    turns,
    megabytes: Math.round((text.length / 1024 / 1024) * 10) / 10,
    bytesPerTurn: Math.round(text.length / turns),
    parseMs: Math.round(median(parse)),
    checkMs: Math.round(median(check)),
    totalMs: Math.round(median(parse) + median(check)),
    checksPass: accepted,
    importAnswer: whole.ok ? 'read' : `refused: ${whole.refusal.code} (${Math.round(refusedMs * 1000) / 1000} ms)`,
  };
});

console.table(rows);
console.log(`limits: ${IMPORT_LIMITS.fileBytes / 1024 / 1024} MiB, ${IMPORT_LIMITS.turns} turns`);
const dir = resolve('bench/results');
mkdirSync(dir, { recursive: true });
writeFileSync(resolve(dir, 'import.json'), JSON.stringify({ rows, limits: IMPORT_LIMITS }, null, 2));
