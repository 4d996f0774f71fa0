/**
 * Test helper: a fixture chat page watched by a PageTracker whose messages go straight to the
 * worker's counting code (countTurn, seedConversation of workerCounting()), as the worker would take them. Fake timers
 * and a fresh fake browser storage for each test of the file that calls `countingOnFakeTimers()`.
 */
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Counting } from '../../../src/counting/count-turn';
import type { ConversationSeed, CountedTurn, TurnCompleted } from '../../../src/domain';
import type { SiteAdapter } from '../../../src/sites/adapter';
import { SETTLE_MS } from '../../../src/tracking/clock';
import { lazyReadersOf } from '../../support/adapters';
import { createPageTracker } from '../../../src/tracking/tracker';
import { fixture, loadPage } from './load-page';
import { recordingSender } from './test-site';
import { newCounting } from '../../support/counting';

let counting: Counting = newCounting();
/** The counting the tracked pages' messages go to: a new one (a fresh worker) for each test. */
export const workerCounting = (): Counting => counting;

export function countingOnFakeTimers(): void {
  beforeEach(() => {
    vi.useFakeTimers();
    fakeBrowser.reset();
    counting = newCounting();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}

/** Advances the fake clock, running the tracker's timers and the counting they start. */
export const flush = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/** The fixture page `file` at `url`, its tracker (not started), and what it sent and the worker counted. */
export function trackedFixture(adapter: SiteAdapter, file: string, url: string) {
  const doc = loadPage(fixture(file), url);
  const counted: CountedTurn[] = [];
  const { send, turns, seeds } = recordingSender(async (type, data) => {
    if (type === 'turn/completed') counted.push((await counting.countTurn(data as TurnCompleted)).counted);
    if (type === 'conversation/seed') await counting.seedConversation(data as ConversationSeed);
  });
  const tracker = createPageTracker({ adapter, doc, url: () => url, send: send as never, lazyReaders: lazyReadersOf(adapter.site) });
  return { doc, tracker, counted, turns, seeds };
}

/**
 * Plays one live answer on a tracked page: `start` sends the prompt and shows the page busy, each
 * of `parts` then shows the next piece of the answer 300 ms after the one before (nothing may be
 * counted meanwhile), and `finish` shows the page idle before the tracker's settle time passes.
 */
export async function playAnswer(
  page: { turns(): TurnCompleted[] },
  steps: { start(): void; parts: ReadonlyArray<() => void>; finish(): void },
): Promise<void> {
  const before = page.turns().length;
  steps.start();
  for (const show of steps.parts) {
    await flush(300);
    show();
    expect(page.turns()).toHaveLength(before);
  }
  await flush(300);
  steps.finish();
  await flush(SETTLE_MS.reliable + 600);
}
