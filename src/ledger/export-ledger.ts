/** ledger/export: every stored turn (and, in JSON, the daily totals) as a file named by today's date. */
import type { ExportFile } from '../domain/popup';
import { decodeEntries } from '../storage/day-turns';
import { localDay } from '../storage/days';
import { toCsv, toJson, type DayEntries } from './write-ledger-file';
import type { WorkerStorage } from '../storage/worker-storage';
import { readDay, readIndex, readMonth } from './store';

async function readAllDays(storage: WorkerStorage): Promise<DayEntries[]> {
  const index = await readIndex();
  const days = Object.keys(index.days).sort();
  return Promise.all(days.map(async (day) => ({ day, entries: decodeEntries(await readDay(storage, day)) })));
}

export async function exportLedger(storage: WorkerStorage, format: 'csv' | 'json', now: number): Promise<ExportFile> {
  const days = await readAllDays(storage);
  const stamp = localDay(now);
  if (format === 'csv') return { filename: `ai-chat-footprint-${stamp}.csv`, mimeType: 'text/csv', content: toCsv(days) };
  const index = await readIndex();
  const months = await Promise.all(index.months.map((m) => readMonth(storage, m)));
  return { filename: `ai-chat-footprint-${stamp}.json`, mimeType: 'application/json', content: toJson(days, months, now) };
}
