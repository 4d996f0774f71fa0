/**
 * Out-of-sight work in the turn the tracker sends (src/features/work/page.ts, the turn builder):
 * read over the answer's parts once it is counted, and a revision when more of it shows afterwards.
 * The adapter here reads it from `data-*` attributes of hand-made elements; the site readers are
 * tested against real pages in test/unit/sites/hidden-work.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HiddenWorkShown } from '../../../../src/domain/turns';
import type { PageMessage, SiteAdapter } from '../../../../src/sites/adapter';
import { hiddenWorkGrew, hiddenWorkOf } from '../../../../src/features/work/page';
import type { Counted, Phase } from '../../../../src/tracking/phases';
import { readAnswer, reviseCounted, type BuildContext } from '../../../../src/tracking/turn-builder';
import { loadPage } from '../../support/load-page';
import { testSite } from '../../support/test-site';

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const doc = loadPage('<main></main>', 'https://test.example/c/conv');
/** Each part's reading is its `data-work` JSON; the calls are counted. */
const reads: string[] = [];
const adapter: SiteAdapter = {
  ...testSite(),
  readHiddenWork(answer) {
    reads.push(answer.id);
    const work = answer.element.getAttribute('data-work');
    return work ? (JSON.parse(work) as HiddenWorkShown) : null;
  },
};

function part(id: string, text: string, work?: HiddenWorkShown, role: 'user' | 'assistant' = 'assistant'): PageMessage {
  const element = doc.createElement('div');
  element.textContent = text;
  element.setAttribute('data-done', 'true');
  if (work) element.setAttribute('data-work', JSON.stringify(work));
  return { id, role, element, pageId: true };
}

const prompt = part('u1', 'What changed in the grid this year?', undefined, 'user');
const context = (over: Partial<BuildContext> = {}): BuildContext => ({
  adapter,
  doc,
  conversation: 'conv',
  phase: { name: 'idle' },
  known: new Map(),
  lastChangeAt: NOW - 60_000,
  ...over,
});

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  reads.length = 0;
});
afterEach(() => void vi.useRealTimers());

describe('hiddenWorkOf: an answer’s parts', () => {
  it('takes each kind from the first part that shows it, drops a search beside a research run, joins what was unreadable', () => {
    const parts = [
      part('a1', 'Searching.', { search: { searches: 2, sources: 7 }, unreadable: ['video'] }),
      part('a1.1', 'Found.', { search: { searches: 1, sources: 7 }, videos: [{ seconds: 8 }], unreadable: ['voice'] }),
    ];
    expect(hiddenWorkOf(adapter, parts, doc)).toEqual({ search: { searches: 2, sources: 7 }, videos: [{ seconds: 8 }], unreadable: ['video', 'voice'] });
    const run = [
      part('a2', 'Started.', { research: { runs: 1, sources: 9, searches: 18, seconds: 120 } }),
      part('a2.1', 'Report.', { search: { searches: 1, sources: 30 } }),
    ];
    expect(hiddenWorkOf(adapter, run, doc)).toEqual({ research: { runs: 1, sources: 9, searches: 18, seconds: 120 } });
  });

  it('is undefined when no part shows any, or the site has no reader for it', () => {
    expect(hiddenWorkOf(adapter, [part('a1', 'Plain.')], doc)).toBeUndefined();
    expect(hiddenWorkOf(testSite(), [part('a1', 'Plain.', { search: { searches: 1 } })], doc)).toBeUndefined();
  });
});

describe('hiddenWorkGrew', () => {
  it.each<[string, HiddenWorkShown | undefined, HiddenWorkShown | undefined, boolean]>([
    ['sources appeared', undefined, { search: { searches: 1, sources: 4 } }, true],
    ['a block opened to its results', { search: { searches: 1 } }, { search: { searches: 3, sources: 30 } }, true],
    ['a video showed', { search: { searches: 1 } }, { search: { searches: 1 }, videos: [{}] }, true],
    ['the same', { search: { searches: 1, sources: 4 } }, { search: { searches: 1, sources: 4 } }, false],
    ['part of it unmounted', { search: { searches: 1, sources: 4 } }, { search: { searches: 1 } }, false],
    ['all of it unmounted', { research: { runs: 1 } }, undefined, false],
  ])('%s: %s', (_case, before, now, grew) => {
    expect(hiddenWorkGrew(before, now)).toBe(grew);
  });
});

describe('the turn builder', () => {
  it('sends the work with the counted turn, read once for the answer, never for its prompt', () => {
    const answer = part('a1', 'Wind led.', { search: { searches: 1, sources: 4 } });
    const outcome = readAnswer(context(), { prompt, parts: [answer] }, NOW);
    expect(outcome.kind).toBe('counted');
    if (outcome.kind !== 'counted') return;
    expect(outcome.turn.hiddenWork).toEqual({ search: { searches: 1, sources: 4 } });
    expect(reads).toEqual(['a1']);
  });

  it('sends no hiddenWork key for an answer that shows none: the turn is what it was', () => {
    const outcome = readAnswer(context(), { prompt, parts: [part('a1', 'Wind led.')] }, NOW);
    expect(outcome.kind === 'counted' && Object.keys(outcome.turn)).not.toContain('hiddenWork');
  });

  it('revises the answer counted last when its sources show after it was counted, and only then', () => {
    const first = readAnswer(context(), { prompt, parts: [part('a1', 'Wind led.')] }, NOW);
    if (first.kind !== 'counted') throw new Error(first.kind);
    const counted: Counted = { messageId: 'a1', turn: first.turn, revision: 0 };
    const phase: Phase = { name: 'counted', counted };
    expect(reviseCounted(context({ phase }), [{ prompt, parts: [part('a1', 'Wind led.')] }])).toBeNull();
    const later = reviseCounted(context({ phase }), [{ prompt, parts: [part('a1', 'Wind led.', { search: { searches: 1, sources: 4 } })] }]);
    expect(later?.turn).toMatchObject({ turnId: 'a1', revision: 1, answerText: 'Wind led.', hiddenWork: { search: { searches: 1, sources: 4 } } });
    const shown: Counted = { ...counted, turn: later!.turn, revision: 1 };
    const fewer = reviseCounted(context({ phase: { name: 'counted', counted: shown } }), [
      { prompt, parts: [part('a1', 'Wind led.', { search: { searches: 1 } })] },
    ]);
    expect(fewer).toBeNull();
  });
});
