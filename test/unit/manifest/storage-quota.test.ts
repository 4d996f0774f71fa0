/**
 * Why the extension does not ask for unlimitedStorage (docs/store-listing.md): everything it keeps
 * in storage.local stays far below Chrome's default 10 MiB quota for many years of heavy use
 * (100 answers a day), because the raw per-answer ledger has a byte budget (older days keep only
 * their daily totals) and conversation histories are pruned after 30 days without a change.
 *
 * Measured, not assumed: conversation states are built by the real counting code (fake browser
 * storage), the ledger's days come from the year-of-heavy-use fixture, what the raw ledger keeps is
 * what the real ledger leaves after pruning two years of it, and sizes are counted the way Chrome
 * counts the quota (key + JSON of the value).
 * PRINT_STORAGE_BUDGET=1 prints the numbers the store listing quotes.
 */
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { yearOfHeavyUse } from '../support/year-fixture';
import { NOW, newLedger, resetBrowser, turn } from '../support/ledger';
import { newCounting } from '../../support/counting';

/** chrome.storage.local.QUOTA_BYTES without unlimitedStorage. */
const CHROME_DEFAULT_QUOTA = 10_485_760;
const TURNS_PER_DAY = 100;
const YEARS = 10;

const bytesOf = (values: Record<string, unknown>, keep: (k: string) => boolean) =>
  Object.entries(values)
    .filter(([k]) => keep(k))
    .reduce((s, [k, v]) => s + k.length + JSON.stringify(v).length, 0);

describe('storage.local over years of heavy use', () => {
  it('stays under the default quota for ten years of 100 answers a day, so unlimitedStorage is not needed', async () => {
    // Conversations: the most that can be live at once is 30 days of answers (older ones are pruned).
    fakeBrowser.reset();
    const counting = newCounting();
    // docs/privacy.md: a conversation's token history is deleted 30 days after its last change.
    const liveDays = 30;
    const liveTurns = liveDays * TURNS_PER_DAY;
    const prompt = 'How much water does a data centre use to cool one rack for an hour, and where do the numbers come from?';
    const answer = 'It depends on the cooling design. '.repeat(20);
    // Measured on a sample (300 answers, ten per conversation) and scaled: a state grows linearly with its answers.
    const sample = 300;
    const conversationIds = Array.from({ length: sample / 10 }, () => crypto.randomUUID());
    for (let i = 0; i < sample; i++) {
      const turn = { turnId: crypto.randomUUID(), promptId: crypto.randomUUID(), finishedAt: 1_780_000_000_000 + i * 60_000 };
      await counting.countTurn({
        site: 'chatgpt',
        conversationId: conversationIds[Math.floor(i / 10)]!,
        modelLabel: 'gpt-4o',
        promptText: prompt,
        answerText: answer,
        ...turn,
      });
    }
    const stored = await fakeBrowser.storage.local.get(null);
    const conversations = (bytesOf(stored, (k) => k.startsWith('conversation:')) / sample) * liveTurns;

    // Ledger: raw answers are capped by their budget; daily totals and the index grow by the year.
    const years = yearOfHeavyUse({ now: NOW, days: 730, turnsPerDay: TURNS_PER_DAY });
    const isRaw = (k: string) => k.startsWith('turns:');
    const rawPerYear = bytesOf(years.values, isRaw) / 2;
    const totalsPerYear = bytesOf(years.values, (k) => k.startsWith('totals:') || k.startsWith('ledger')) / 2;
    // What the ledger keeps of two years' raw answers once it prunes (at the next answer), plus a
    // day: the most it holds, just before the next pruning.
    resetBrowser();
    await fakeBrowser.storage.local.set(years.values);
    await newLedger().record(turn({ time: NOW - 60_000 }));
    const rawKept = bytesOf(await fakeBrowser.storage.local.get(null), isRaw);
    const rawDay = Math.max(...Object.entries(years.values).map(([k, v]) => (isRaw(k) ? k.length + JSON.stringify(v).length : 0)));
    const rawMost = rawKept + rawDay;
    resetBrowser();

    const afterYears = (n: number) => Math.min(rawMost, rawPerYear * n) + totalsPerYear * n + conversations;
    if (process.env.PRINT_STORAGE_BUDGET === '1') {
      console.table({
        'conversations, 30 days live (KB)': Math.round(conversations / 1000),
        'conversation bytes per answer': Math.round(conversations / liveTurns),
        'raw ledger per year (KB)': Math.round(rawPerYear / 1000),
        'daily totals + index per year (KB)': Math.round(totalsPerYear / 1000),
        'raw ledger at most (KB)': Math.round(rawMost / 1000),
        'after 1 year (KB)': Math.round(afterYears(1) / 1000),
        'after 3 years (KB)': Math.round(afterYears(3) / 1000),
        'after 10 years (KB)': Math.round(afterYears(10) / 1000),
        'default quota (KB)': CHROME_DEFAULT_QUOTA / 1000,
      });
    }
    expect(conversations).toBeGreaterThan(0);
    expect(rawPerYear).toBeGreaterThan(0);
    // The pruning ran: two years' raw answers are more than the ledger keeps.
    expect(rawKept).toBeLessThan(rawPerYear * 2);
    expect(afterYears(YEARS)).toBeLessThan(CHROME_DEFAULT_QUOTA);
  }, 120_000);
});
