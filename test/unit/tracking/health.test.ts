/**
 * The site's health as the tracker reports it (src/tracking/health.ts): each report goes out once
 * until it changes, and the verdicts on time are pure functions of the phase and the clock.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_TIMEOUT_MINUTES } from '../../../src/domain/health-reasons';
import type { SiteHealth } from '../../../src/domain/turns';
import { createHealthReporter, promptVerdict, streamTooLong, type PromptFound, type PromptVerdict } from '../../../src/tracking/health';
import type { Phase } from '../../../src/tracking/phases';
import { completedTurn } from '../support/completed-turn';

const SENT = 1_000_000;
const counted = { messageId: 'a1', turn: completedTurn(), revision: 0 };
const ANSWER_TIMEOUT_MS = ANSWER_TIMEOUT_MINUTES * 60_000;
/** The whole grace of a finding is the wait it gets the moment the prompt is sent. */
const graceOf = (found: PromptFound) => {
  const verdict = promptVerdict({ name: 'prompt-sent', promptAt: SENT }, SENT, found);
  if (verdict.kind !== 'wait') throw new Error(`no wait for ${found}: ${JSON.stringify(verdict)}`);
  return verdict.inMs;
};
const NO_MESSAGES_GRACE_MS = graceOf('no-messages');
const EMPTY_ANSWER_GRACE_MS = graceOf('empty-answer');

describe('the health reporter', () => {
  beforeEach(() => void vi.useFakeTimers({ now: SENT }));
  afterEach(() => void vi.useRealTimers());

  it('reports each status once, until it changes', () => {
    const sent: SiteHealth[] = [];
    const reporter = createHealthReporter('claude', (h) => void sent.push(h));
    expect(reporter.silent).toBe(true);
    reporter.ok();
    reporter.ok();
    reporter.notRecognized('no-messages');
    reporter.notRecognized('no-messages');
    reporter.notRecognized('answer-timeout');
    reporter.ok();
    expect(reporter.silent).toBe(false);
    expect(sent).toEqual([
      { site: 'claude', status: 'ok', reason: null, at: SENT },
      { site: 'claude', status: 'not-recognized', reason: 'no-messages', at: SENT },
      { site: 'claude', status: 'not-recognized', reason: 'answer-timeout', at: SENT },
      { site: 'claude', status: 'ok', reason: null, at: SENT },
    ]);
  });

  it('reads the plan the page shows only for a report that goes out, not at every scan', () => {
    const sent: SiteHealth[] = [];
    const planShown = vi.fn(() => 'free');
    const reporter = createHealthReporter('chatgpt', (h) => void sent.push(h), planShown);
    for (let scan = 0; scan < 5; scan++) reporter.ok();
    expect(planShown).toHaveBeenCalledTimes(1);
    reporter.notRecognized('no-messages');
    expect(planShown).toHaveBeenCalledTimes(2);
    expect(sent.map((h) => h.planShown)).toEqual(['free', 'free']);
  });
});

describe('promptVerdict: a prompt sent, nothing counted', () => {
  const promptSent: Phase = { name: 'prompt-sent', promptAt: SENT };
  const streaming: Phase = { name: 'streaming', promptAt: SENT, since: SENT + 100, counted: null };
  const settling: Phase = { name: 'settling', promptAt: SENT, counted };

  it('gives a page without messages the shortest grace, an empty answer a longer one, and no answer the time limit', () => {
    expect(NO_MESSAGES_GRACE_MS).toBeGreaterThan(0);
    expect(EMPTY_ANSWER_GRACE_MS).toBeGreaterThan(NO_MESSAGES_GRACE_MS);
    expect(graceOf('no-answer')).toBe(ANSWER_TIMEOUT_MS);
    expect(ANSWER_TIMEOUT_MS).toBeGreaterThan(EMPTY_ANSWER_GRACE_MS);
  });

  it.each<[string, Phase, number, PromptFound, PromptVerdict]>([
    // no prompt pending: nothing to judge
    ['idle', { name: 'idle' }, SENT + ANSWER_TIMEOUT_MS * 2, 'no-answer', { kind: 'none' }],
    ['counted', { name: 'counted', counted }, SENT + ANSWER_TIMEOUT_MS * 2, 'no-messages', { kind: 'none' }],
    ['streaming without a prompt', { name: 'streaming', promptAt: null, since: SENT, counted: null }, SENT + ANSWER_TIMEOUT_MS, 'no-answer', { kind: 'none' }],
    // each finding has its own grace: the rest of it is the wait
    ['no messages, 5 s on', promptSent, SENT + 5_000, 'no-messages', { kind: 'wait', inMs: NO_MESSAGES_GRACE_MS - 5_000 }],
    ['no messages, grace over', promptSent, SENT + NO_MESSAGES_GRACE_MS, 'no-messages', { kind: 'late', reason: 'no-messages' }],
    ['an empty answer, 15 s on', streaming, SENT + NO_MESSAGES_GRACE_MS, 'empty-answer', { kind: 'wait', inMs: EMPTY_ANSWER_GRACE_MS - NO_MESSAGES_GRACE_MS }],
    ['an empty answer, grace over', settling, SENT + EMPTY_ANSWER_GRACE_MS, 'empty-answer', { kind: 'late', reason: 'answer-empty' }],
    ['no answer, 1 min on', settling, SENT + 60_000, 'no-answer', { kind: 'wait', inMs: ANSWER_TIMEOUT_MS - 60_000 }],
    ['no answer, time limit over', promptSent, SENT + ANSWER_TIMEOUT_MS + 1, 'no-answer', { kind: 'late', reason: 'answer-timeout' }],
  ])('%s', (_case, phase, now, found, verdict) => {
    expect(promptVerdict(phase, now, found)).toEqual(verdict);
  });
});

describe('streamTooLong: the page says it writes for longer than the time limit', () => {
  it.each<[string, Phase, number, boolean]>([
    ['streaming, just under the limit', { name: 'streaming', promptAt: SENT, since: SENT, counted: null }, SENT + ANSWER_TIMEOUT_MS - 1, false],
    ['streaming, at the limit', { name: 'streaming', promptAt: SENT, since: SENT, counted: null }, SENT + ANSWER_TIMEOUT_MS, true],
    ['streaming since later than the prompt', { name: 'streaming', promptAt: SENT, since: SENT + 60_000, counted: null }, SENT + ANSWER_TIMEOUT_MS, false],
    ['settling, long after', { name: 'settling', promptAt: SENT, counted: null }, SENT + ANSWER_TIMEOUT_MS * 2, false],
    ['prompt sent, long after', { name: 'prompt-sent', promptAt: SENT }, SENT + ANSWER_TIMEOUT_MS * 2, false],
  ])('%s', (_case, phase, now, tooLong) => {
    expect(streamTooLong(phase, now)).toBe(tooLong);
  });
});
