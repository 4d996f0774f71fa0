/**
 * How large a ledger file the popup's "Import" takes, written once here (no imports, so the popup
 * checks a file's size before loading anything). docs/export-format.md gives the reasons:
 * - `fileBytes`: the file travels to the worker as one runtime message, and Chrome refuses a
 *   message over 64 MiB (the text is sent JSON-encoded, its quotes escaped: about 12 % more).
 *   A full ledger exports to less: raw turns are kept within 6 MB of storage, about 50,000
 *   turns, about 26 MB as exported JSON.
 * - `turns`: the most turns a file may hold, half again what the ledger keeps.
 * - `dailyTotals`: one row per day, site and model; 100 years of 20 groups a day stay under it.
 */
export const IMPORT_LIMITS = {
  fileBytes: 40 * 1024 * 1024,
  turns: 75_000,
  dailyTotals: 1_000_000,
} as const;
