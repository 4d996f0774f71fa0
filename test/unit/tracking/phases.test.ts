/** The tracker's state machine (src/tracking/phases.ts): every transition, and what it refuses. */
import { describe, expect, it } from 'vitest';
import type { TurnCompleted } from '../../../src/domain';
import {
  countedOf,
  INITIAL_STATE,
  promptAtOf,
  sawStreaming,
  step,
  type Counted,
  type Phase,
  type TrackerEvent,
  type TrackerState,
} from '../../../src/tracking/phases';

const turn: TurnCompleted = {
  site: 'chatgpt',
  conversationId: 'c1',
  turnId: 'a1',
  modelLabel: null,
  promptText: 'Hi',
  answerText: 'Hello',
  finishedAt: 1,
};
const counted: Counted = { messageId: 'a1', turn, revision: 0 };

const PHASES: Record<Phase['name'], Phase> = {
  idle: { name: 'idle' },
  'prompt-sent': { name: 'prompt-sent', promptAt: 100 },
  streaming: { name: 'streaming', promptAt: 100, since: 150, counted: null },
  settling: { name: 'settling', promptAt: 100, counted: null },
  counted: { name: 'counted', counted },
};
const at = (phase: Phase, seeding = false): TrackerState => ({ seeding, phase });

describe('the tracker state machine', () => {
  it('starts seeding, with nothing pending', () => {
    expect(INITIAL_STATE).toEqual({ seeding: true, phase: { name: 'idle' } });
  });

  it('navigated: to another conversation, seeds again and drops what was pending', () => {
    for (const phase of Object.values(PHASES)) {
      expect(step(at(phase), { type: 'navigated', fromUnsaved: false })).toEqual({ seeding: true, phase: { name: 'idle' } });
    }
  });

  it('navigated: a new chat that got its id keeps its pending prompt and its stream, not the answer counted before', () => {
    expect(step(at(PHASES['prompt-sent']), { type: 'navigated', fromUnsaved: true })).toEqual(at(PHASES['prompt-sent'], true));
    const streaming: Phase = { name: 'streaming', promptAt: 100, since: 150, counted };
    expect(step(at(streaming), { type: 'navigated', fromUnsaved: true })).toEqual(at({ ...streaming, counted: null }, true));
    expect(step(at(PHASES.counted), { type: 'navigated', fromUnsaved: true })).toEqual(at(PHASES.idle, true));
  });

  it('promptSent: from any phase, a prompt pending since then (the answer counted before is no longer watched)', () => {
    for (const phase of Object.values(PHASES)) {
      for (const seeding of [true, false]) {
        expect(step(at(phase, seeding), { type: 'promptSent', at: 500 })).toEqual(at({ name: 'prompt-sent', promptAt: 500 }, seeding));
      }
    }
  });

  it('streamingSeen: the page writes; the prompt and the answer counted last are kept; a stream already seen keeps its start', () => {
    expect(step(at(PHASES.idle), { type: 'streamingSeen', at: 9 }).phase).toEqual({ name: 'streaming', promptAt: null, since: 9, counted: null });
    expect(step(at(PHASES['prompt-sent']), { type: 'streamingSeen', at: 9 }).phase).toEqual({ name: 'streaming', promptAt: 100, since: 9, counted: null });
    expect(step(at(PHASES.counted), { type: 'streamingSeen', at: 9 }).phase).toEqual({ name: 'streaming', promptAt: null, since: 9, counted });
    expect(step(at(PHASES.settling), { type: 'streamingSeen', at: 9 }).phase).toEqual({ name: 'streaming', promptAt: 100, since: 9, counted: null });
    expect(step(at(PHASES.streaming), { type: 'streamingSeen', at: 999 })).toEqual(at(PHASES.streaming));
  });

  it('streamingStopped: streaming becomes settling; elsewhere nothing changes', () => {
    const streaming: Phase = { name: 'streaming', promptAt: 100, since: 150, counted };
    expect(step(at(streaming), { type: 'streamingStopped' }).phase).toEqual({ name: 'settling', promptAt: 100, counted });
    for (const name of ['idle', 'prompt-sent', 'settling', 'counted'] as const) {
      expect(step(at(PHASES[name]), { type: 'streamingStopped' })).toEqual(at(PHASES[name]));
    }
  });

  it('answerUnfinished: an answer the page marks as not finished means settling (it was being written)', () => {
    expect(step(at(PHASES['prompt-sent']), { type: 'answerUnfinished' }).phase).toEqual({ name: 'settling', promptAt: 100, counted: null });
    expect(step(at(PHASES.counted), { type: 'answerUnfinished' }).phase).toEqual({ name: 'settling', promptAt: null, counted });
    expect(step(at(PHASES.settling), { type: 'answerUnfinished' })).toEqual(at(PHASES.settling));
  });

  it('seeded: the history is seeded, the phase unchanged', () => {
    for (const phase of Object.values(PHASES)) expect(step(at(phase, true), { type: 'seeded' })).toEqual(at(phase, false));
    expect(step(at(PHASES.idle, false), { type: 'seeded' })).toEqual(at(PHASES.idle, false));
  });

  it('answerCounted: the answer is counted and watched; never while the page still writes', () => {
    for (const name of ['idle', 'prompt-sent', 'settling', 'counted'] as const) {
      expect(step(at(PHASES[name]), { type: 'answerCounted', counted }).phase).toEqual({ name: 'counted', counted });
    }
    expect(step(at(PHASES.streaming), { type: 'answerCounted', counted })).toEqual(at(PHASES.streaming));
  });

  it('answerRevised (the revision path): the answer counted last, grown, with its new revision; nothing without one', () => {
    const revised = { ...turn, answerText: 'Hello there', revision: 1 };
    expect(step(at(PHASES.counted), { type: 'answerRevised', turn: revised }).phase).toEqual({
      name: 'counted',
      counted: { messageId: 'a1', turn: revised, revision: 1 },
    });
    const settling: Phase = { name: 'settling', promptAt: null, counted };
    expect(step(at(settling), { type: 'answerRevised', turn: revised }).phase).toEqual({
      name: 'counted',
      counted: { messageId: 'a1', turn: revised, revision: 1 },
    });
    expect(step(at(PHASES.settling), { type: 'answerRevised', turn: revised })).toEqual(at(PHASES.settling));
    for (const name of ['idle', 'prompt-sent', 'streaming'] as const) {
      expect(step(at(PHASES[name]), { type: 'answerRevised', turn: revised })).toEqual(at(PHASES[name]));
    }
  });

  it('promptAbandoned: no answer came in time; stop waiting for it (a stream seen stays settling)', () => {
    expect(step(at(PHASES['prompt-sent']), { type: 'promptAbandoned' }).phase).toEqual({ name: 'idle' });
    expect(step(at(PHASES.settling), { type: 'promptAbandoned' }).phase).toEqual({ name: 'settling', promptAt: null, counted: null });
    for (const name of ['idle', 'streaming', 'counted'] as const) {
      expect(step(at(PHASES[name]), { type: 'promptAbandoned' })).toEqual(at(PHASES[name]));
    }
  });

  it('an event changes nothing in the phases that ignore it', () => {
    // Every event (the type holds each to one), and the phases where it does not apply.
    const events: { [T in TrackerEvent['type']]: Extract<TrackerEvent, { type: T }> } = {
      navigated: { type: 'navigated', fromUnsaved: false },
      promptSent: { type: 'promptSent', at: 7 },
      streamingSeen: { type: 'streamingSeen', at: 7 },
      streamingStopped: { type: 'streamingStopped' },
      answerUnfinished: { type: 'answerUnfinished' },
      seeded: { type: 'seeded' },
      answerCounted: { type: 'answerCounted', counted },
      answerRevised: { type: 'answerRevised', turn: { ...turn, revision: 1 } },
      promptAbandoned: { type: 'promptAbandoned' },
    };
    const ignoredIn: { [T in TrackerEvent['type']]?: Array<Phase['name']> } = {
      streamingStopped: ['idle', 'prompt-sent', 'settling', 'counted'],
      answerCounted: ['streaming'],
      answerRevised: ['idle', 'prompt-sent', 'streaming'],
      promptAbandoned: ['idle', 'streaming', 'counted'],
    };
    for (const event of Object.values(events)) {
      for (const name of ignoredIn[event.type] ?? []) expect(step(at(PHASES[name], true), event), `${event.type} in ${name}`).toEqual(at(PHASES[name], true));
    }
  });

  it('reads what each phase holds', () => {
    expect(Object.values(PHASES).map((p) => [p.name, promptAtOf(p), countedOf(p) !== null, sawStreaming(p)])).toEqual([
      ['idle', null, false, false],
      ['prompt-sent', 100, false, false],
      ['streaming', 100, false, true],
      ['settling', 100, false, true],
      ['counted', null, true, false],
    ]);
  });
});
