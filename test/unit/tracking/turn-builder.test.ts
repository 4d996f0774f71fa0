/**
 * The turn builder (src/tracking/turn-builder.ts): pure over what it is given (the adapter reads
 * the elements it is handed, nothing else), so each case is a table row of an answer as the page
 * shows it and what the builder returns.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TurnCompleted } from '../../../src/domain/turns';
import type { PageMessage, Role } from '../../../src/sites/adapter';
import { fingerprint } from '../../../src/sites/dom';
import { SETTLE_MS, STREAMING_POLL_MS } from '../../../src/tracking/clock';
import type { Known } from '../../../src/tracking/memory';
import type { Counted, Phase } from '../../../src/tracking/phases';
import { readAnswer, reviseCounted, seedBatches, type BuildContext } from '../../../src/tracking/turn-builder';
import { loadPage } from '../support/load-page';
import { testSite } from '../support/test-site';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const adapter = testSite();
const doc = loadPage('<main><div id="thread"></div></main>', 'https://test.example/c/conv');

/** A message element: its text, and the page's per-message finished mark (`data-done`) when given. */
function message(role: Role, id: string, text: string, opts: { done?: boolean; pageId?: boolean } = {}): PageMessage {
  const element = doc.createElement('div');
  element.textContent = text;
  if (opts.done !== undefined) element.setAttribute('data-done', String(opts.done));
  return { id, role, element, pageId: opts.pageId ?? true };
}

function context(over: Partial<BuildContext> = {}): BuildContext {
  return { adapter, doc, conversation: 'conv', phase: { name: 'idle' }, known: new Map(), lastChangeAt: NOW - 60_000, ...over };
}

const prompt = message('user', 'u1', 'How much water does a data centre use?');
const done = (text: string, id = 'a1', pageId = true) => message('assistant', id, text, { done: true, pageId });

beforeEach(() => void vi.useFakeTimers({ now: NOW }));
afterEach(() => void vi.useRealTimers());

describe('readAnswer: when an answer is finished', () => {
  it.each<[string, PageMessage, Partial<BuildContext>, { kind: string; inMs?: number; unfinished?: boolean }]>([
    [
      'its own mark says it is being written',
      message('assistant', 'a1', 'Partly', { done: false }),
      {},
      { kind: 'wait', inMs: STREAMING_POLL_MS, unfinished: true },
    ],
    [
      'no mark, the page quiet for only 1 s',
      message('assistant', 'a1', 'Maybe all'),
      { lastChangeAt: NOW - 1_000 },
      { kind: 'wait', inMs: SETTLE_MS.quiet - 1_000, unfinished: false },
    ],
    ['no mark, the page quiet long enough', message('assistant', 'a1', 'All of it'), { lastChangeAt: NOW - SETTLE_MS.quiet }, { kind: 'counted' }],
    [
      'no mark, the page was seen writing it',
      message('assistant', 'a1', 'All of it'),
      { lastChangeAt: NOW, phase: { name: 'settling', promptAt: NOW - 5_000, counted: null } },
      { kind: 'counted' },
    ],
    ['finished but still empty (a placeholder)', done('   '), {}, { kind: 'empty' }],
  ])('%s', (_case, answer, over, outcome) => {
    expect(readAnswer(context(over), { prompt, parts: [answer] }, NOW)).toMatchObject(outcome);
  });
});

describe('readAnswer: what a finished answer becomes', () => {
  it('a turn: the prompt and every part read once, the model asked of the adapter, the page id as turnId', () => {
    const parts = [done('Part one.'), done('Part two.', 'a1.2')];
    const outcome = readAnswer(context(), { prompt, parts }, NOW);
    const turn: TurnCompleted = {
      site: 'chatgpt',
      conversationId: 'conv',
      turnId: 'a1',
      promptId: 'u1',
      modelLabel: null,
      promptText: 'How much water does a data centre use?',
      answerText: 'Part one.\nPart two.',
      finishedAt: NOW,
    };
    expect(outcome).toEqual({
      kind: 'counted',
      turn,
      counted: { messageId: 'a1', turn, revision: 0 },
      read: { parts, texts: ['Part one.', 'Part two.'], fingerprint: undefined },
      prompt,
      answer: parts[1],
    });
  });

  const derived = fingerprint('Regenerated in place.');
  it.each<[string, PageMessage, Array<[string, Known]>, string]>([
    ['a page id seen before', done('Re-rendered.'), [['a1', {}]], 'known'],
    ['a derived id seen before with the same text', done('Regenerated in place.', 'a1', false), [['a1', { fingerprint: derived }]], 'known'],
    ['a derived id seen before with another text (regenerated)', done('Regenerated in place.', 'a1', false), [['a1', { fingerprint: 'other' }]], 'counted'],
    ['a page id not seen before', done('New.'), [['a0', {}]], 'counted'],
  ])('%s', (_case, answer, known, kind) => {
    expect(readAnswer(context({ known: new Map(known) }), { prompt, parts: [answer] }, NOW).kind).toBe(kind);
  });

  it('names a derived-id answer by its id and its text', () => {
    const outcome = readAnswer(context(), { prompt, parts: [done('Regenerated in place.', 'a1', false)] }, NOW);
    expect(outcome).toMatchObject({ kind: 'counted', turn: { turnId: `a1~${derived}` }, read: { fingerprint: derived } });
  });

  it('is not counted for an empty prompt', () => {
    const answer = done('An answer.');
    const outcome = readAnswer(context(), { prompt: message('user', 'u1', ' '), parts: [answer] }, NOW);
    expect(outcome).toEqual({ kind: 'unrecognized', reason: 'prompt-empty', answer });
  });

  it('is not counted for a prompt read only from its heading (a selector that drifted to the title)', () => {
    const titled = message('user', 'u1', '');
    titled.element.innerHTML = '<h2>Heading</h2><p>The prompt itself</p>';
    const headingReader = {
      ...adapter,
      readText: (m: PageMessage) => (m.role === 'user' ? (m.element.querySelector('h2')?.textContent ?? '') : adapter.readText(m)),
    };
    const answer = done('An answer.');
    const outcome = readAnswer(context({ adapter: headingReader }), { prompt: titled, parts: [answer] }, NOW);
    expect(outcome).toEqual({ kind: 'unrecognized', reason: 'prompt-heading-only', answer });
  });
});

describe('revisions of the answer counted last', () => {
  const first = 'The answer, paused.';
  const counted: Counted = { messageId: 'a1', turn: readTurn(first), revision: 0 };
  const phase: Phase = { name: 'counted', counted };

  function readTurn(text: string): TurnCompleted {
    const outcome = readAnswer(context(), { prompt, parts: [done(text)] }, NOW);
    if (outcome.kind !== 'counted') throw new Error(outcome.kind);
    return outcome.turn;
  }

  it.each<[string, string[], string]>([
    ['the same text', [first], 'known'],
    ['the text went on', [`${first} And then some.`], 'revised'],
    ['another part appeared', [first, 'A second part.'], 'revised'],
  ])('readAnswer, %s', (_case, texts, kind) => {
    const parts = texts.map((t, i) => done(t, i === 0 ? 'a1' : `a1.${i}`));
    const outcome = readAnswer(context({ phase, known: new Map([['a1', {}]]) }), { prompt, parts }, NOW);
    expect(outcome.kind).toBe(kind);
    if (outcome.kind === 'revised') {
      expect(outcome.turn).toMatchObject({ turnId: 'a1', revision: 1, answerText: texts.join('\n') });
      expect(outcome.answer).toBe(parts[parts.length - 1]);
    }
  });

  it.each<[string, Phase, PageMessage[], number | null]>([
    ['nothing counted', { name: 'idle' }, [done(`${first} More.`)], null],
    ['unchanged', phase, [done(first)], null],
    ['still being written', phase, [message('assistant', 'a1', `${first} More.`, { done: false })], null],
    ['grown', phase, [done(`${first} More.`)], 1],
  ])('reviseCounted after a scan with no new answer, %s', (_case, p, parts, revision) => {
    const outcome = reviseCounted(context({ phase: p }), [{ prompt, parts }]);
    expect(outcome?.turn.revision ?? null).toBe(revision);
  });
});

describe('seedBatches: the messages already on the page', () => {
  const textOf = (groups: PageMessage[][]) => new Map(groups.flat().map((m) => [m, m.element.textContent ?? '']));

  it('sends an answer’s parts as one message under its first part’s id, and knows every part', () => {
    const groups = [[prompt], [done('One.'), done('Two.', 'a1.2')]];
    expect(seedBatches('chatgpt', 'conv', groups, textOf(groups))).toEqual({
      kind: 'batches',
      batches: [
        {
          seed: {
            site: 'chatgpt',
            conversationId: 'conv',
            messages: [
              { id: 'u1', role: 'user', text: prompt.element.textContent },
              { id: 'a1', role: 'assistant', text: 'One.\nTwo.' },
            ],
          },
          answers: [{ turnId: 'a1', answer: groups[1][1] }],
        },
      ],
      known: [
        ['u1', {}],
        ['a1', {}],
        ['a1.2', {}],
      ],
    });
  });

  it('names a derived-id answer by its id and its text, as a counted one', () => {
    const groups = [[prompt], [done('Derived.', 'a1', false)]];
    const outcome = seedBatches('chatgpt', 'conv', groups, textOf(groups));
    const print = fingerprint('Derived.');
    expect(outcome).toMatchObject({
      kind: 'batches',
      known: [
        ['u1', {}],
        ['a1', { fingerprint: print }],
      ],
    });
    if (outcome.kind === 'batches') expect(outcome.batches[0].seed.messages[1].id).toBe(`a1~${print}`);
  });

  it.each<[string, number, number[]]>([
    // messages of 6,000 characters: a batch closes once it holds 20,000 or more
    ['3 messages', 3, [3]],
    ['4 messages', 4, [4]],
    ['5 messages', 5, [4, 1]],
    ['9 messages', 9, [4, 4, 1]],
  ])('splits %s into batches of %j', (_case, count, sizes) => {
    const groups = Array.from({ length: count }, (_, i) => [message(i % 2 ? 'assistant' : 'user', `m${i}`, `${i}`.padEnd(6_000, 'x'))]);
    const outcome = seedBatches('chatgpt', 'conv', groups, textOf(groups));
    expect(outcome.kind === 'batches' && outcome.batches.map((b) => b.seed.messages.length)).toEqual(sizes);
  });

  it('says on its first batch only that the page did not show the conversation from its start', () => {
    const groups = Array.from({ length: 5 }, (_, i) => [message(i % 2 ? 'assistant' : 'user', `m${i}`, `${i}`.padEnd(6_000, 'x'))]);
    const partial = seedBatches('chatgpt', 'conv', groups, textOf(groups), true);
    expect(partial.kind === 'batches' && partial.batches.map((b) => b.seed.partial)).toEqual([true, undefined]);
    const whole = seedBatches('chatgpt', 'conv', groups, textOf(groups));
    expect(whole.kind === 'batches' && whole.batches.every((b) => !('partial' in b.seed))).toBe(true);
  });

  it.each<[string, PageMessage[][], string]>([
    ['every message still the conversation left behind', [[prompt], [done('Old.')]], 'stale'],
    ['a prompt that reads empty', [[message('user', 'u1', ' ')], [done('An answer.')]], 'unrecognized'],
  ])('sends nothing when %s', (_case, groups, kind) => {
    const texts = kind === 'stale' ? new Map<PageMessage, string>() : textOf(groups);
    expect(seedBatches('chatgpt', 'conv', groups, texts).kind).toBe(kind);
  });
});
