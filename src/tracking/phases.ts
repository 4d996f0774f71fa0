/**
 * The tracker's state machine: where the newest answer of a chat page stands, and whether the
 * conversation's history is still to be seeded. Pure data and one `step` function; the tracker
 * (tracker.ts) turns page events and scan results into these events and acts on the state it gets.
 *
 *   idle ──promptSent──▶ prompt-sent ──streamingSeen──▶ streaming ──streamingStopped──▶ settling
 *     ▲                      │                              ▲                             │
 *     │                      └──────────answerCounted───────┼──────────────answerCounted──┤
 *     │                                                     │                             ▼
 *     └──promptAbandoned (prompt-sent)            streamingSeen ◀────────────────── counted ◀─┐
 *                                                                                     └─answerRevised
 *
 * `answerRevised` is the revision path: the answer counted last grew after it was counted (it went
 * on after a pause, a part or an image appeared), and the same turn is sent again with a higher
 * revision. `counted` keeps watching for that until the next prompt. Seeding is apart: after load
 * and after a navigation the first scan that finds messages only seeds the conversation's history,
 * whatever the answer's phase (a prompt sent at once after a navigation is still counted).
 */
import type { TurnCompleted } from '../domain/turns';

/** The answer counted last: watched until the next prompt, so a paused answer or a late part is corrected in place. */
export interface Counted {
  /** The page id of the answer's first part: the answer's identity on the page. */
  messageId: string;
  turn: TurnCompleted;
  revision: number;
}

export type Phase =
  /** Nothing pending: no prompt sent, nothing being written. */
  | { readonly name: 'idle' }
  /** A prompt was sent at `promptAt`; the page has not said it is writing yet. */
  | { readonly name: 'prompt-sent'; readonly promptAt: number }
  /** The page says an answer is being written (since `since`); nothing is read. */
  | { readonly name: 'streaming'; readonly promptAt: number | null; readonly since: number; readonly counted: Counted | null }
  /** The page stopped saying so (or an answer's own mark said it was not finished): count once it is quiet. */
  | { readonly name: 'settling'; readonly promptAt: number | null; readonly counted: Counted | null }
  /** The newest answer was counted; it is watched for growth until the next prompt. */
  | { readonly name: 'counted'; readonly counted: Counted };

export interface TrackerState {
  /** True until the first scan after load or navigation that finds messages: those only seed. */
  readonly seeding: boolean;
  readonly phase: Phase;
}

export type TrackerEvent =
  /** Another conversation opened in the tab (`fromUnsaved`: a new chat got its id, the same messages). */
  | { readonly type: 'navigated'; readonly fromUnsaved: boolean }
  | { readonly type: 'promptSent'; readonly at: number }
  | { readonly type: 'streamingSeen'; readonly at: number }
  | { readonly type: 'streamingStopped' }
  /** A scan found an answer the page marks as not finished (its own per-message signal). */
  | { readonly type: 'answerUnfinished' }
  | { readonly type: 'seeded' }
  | { readonly type: 'answerCounted'; readonly counted: Counted }
  | { readonly type: 'answerRevised'; readonly turn: TurnCompleted }
  /** No answer came for the prompt in time (reported): stop waiting for it. */
  | { readonly type: 'promptAbandoned' };

export type TrackerEventType = TrackerEvent['type'];
export type PhaseName = Phase['name'];

export const INITIAL_STATE: TrackerState = { seeding: true, phase: { name: 'idle' } };

/** The answer counted last, in the phases that keep it. */
export function countedOf(phase: Phase): Counted | null {
  return phase.name === 'counted' || phase.name === 'streaming' || phase.name === 'settling' ? phase.counted : null;
}

/** When the pending prompt was sent, or null when none is pending. */
export function promptAtOf(phase: Phase): number | null {
  return phase.name === 'prompt-sent' || phase.name === 'streaming' || phase.name === 'settling' ? phase.promptAt : null;
}

/** True when the page was seen writing an answer that has not been counted yet. */
export const sawStreaming = (phase: Phase): boolean => phase.name === 'streaming' || phase.name === 'settling';

/** How an event is taken in a phase: it moves the state (`step` says where), or it is ignored (the table says why). */
export type Rule = 'moves' | 'ignored';

const ALL: { readonly [P in PhaseName]: 'moves' } = { idle: 'moves', 'prompt-sent': 'moves', streaming: 'moves', settling: 'moves', counted: 'moves' };

/**
 * Every event in every phase: none is dropped by accident. The tracker sends each event where it
 * happens (a look at the page, a scan's verdict); where one cannot apply, the comment says why.
 * (Reasons are comments, not strings: the table ships in every content script.)
 */
const TRANSITIONS: { readonly [T in TrackerEventType]: { readonly [P in PhaseName]: Rule } } = {
  navigated: ALL,
  promptSent: ALL,
  streamingSeen: ALL,
  streamingStopped: {
    idle: 'ignored', // a navigation to another conversation dropped the stream it ends
    'prompt-sent': 'ignored', // a prompt sent while the page wrote stays pending: its answer is still to come
    streaming: 'moves',
    settling: 'ignored', // the end of the stream was taken already
    counted: 'ignored', // counted before the page wrote again: the next scan reads whether the answer grew
  },
  answerUnfinished: ALL,
  seeded: ALL,
  answerCounted: {
    ...ALL,
    streaming: 'ignored', // never counted while the page writes: the next quiet scan reads the answer again
  },
  answerRevised: {
    idle: 'ignored', // no answer counted is watched
    'prompt-sent': 'ignored', // a new prompt ends the watch over the answer counted before it
    streaming: 'ignored', // the page writes again: the next quiet scan reads the final text
    settling: 'moves',
    counted: 'moves',
  },
  promptAbandoned: {
    idle: 'ignored', // no prompt is pending
    'prompt-sent': 'moves',
    streaming: 'ignored', // the page still writes: the answer-unfinished limit applies instead
    settling: 'moves',
    counted: 'ignored', // the prompt was answered
  },
};

/** Whether the event moves the state in this phase (otherwise `step` returns it unchanged, for the reason in TRANSITIONS). */
function allowed(phase: Phase, type: TrackerEventType): boolean {
  return TRANSITIONS[type][phase.name] === 'moves';
}

/** The state after the event. An event the table ignores in the current phase changes nothing. */
export function step(state: TrackerState, event: TrackerEvent): TrackerState {
  const phase = state.phase;
  if (!allowed(phase, event.type)) return state;
  switch (event.type) {
    case 'navigated': {
      // A new chat that got its id keeps a pending prompt (the same messages, now under its id);
      // another conversation starts with nothing pending: its last answer is not the reply.
      const promptAt = event.fromUnsaved ? promptAtOf(phase) : null;
      const keep = event.fromUnsaved && sawStreaming(phase);
      return {
        seeding: true,
        phase: keep
          ? { ...(phase as Extract<Phase, { name: 'streaming' | 'settling' }>), counted: null }
          : promptAt !== null
            ? { name: 'prompt-sent', promptAt }
            : { name: 'idle' },
      };
    }
    case 'promptSent':
      return { ...state, phase: { name: 'prompt-sent', promptAt: event.at } };
    case 'streamingSeen':
      return phase.name === 'streaming'
        ? state
        : { ...state, phase: { name: 'streaming', promptAt: promptAtOf(phase), since: event.at, counted: countedOf(phase) } };
    case 'streamingStopped':
      return { ...state, phase: { name: 'settling', promptAt: promptAtOf(phase), counted: countedOf(phase) } };
    case 'answerUnfinished':
      return phase.name === 'settling' ? state : { ...state, phase: { name: 'settling', promptAt: promptAtOf(phase), counted: countedOf(phase) } };
    case 'seeded':
      return state.seeding ? { ...state, seeding: false } : state;
    case 'answerCounted':
      return { ...state, phase: { name: 'counted', counted: event.counted } };
    case 'answerRevised': {
      const counted = countedOf(phase);
      if (!counted) return state;
      return { ...state, phase: { name: 'counted', counted: { ...counted, turn: event.turn, revision: event.turn.revision ?? counted.revision } } };
    }
    case 'promptAbandoned':
      return phase.name === 'settling' ? { ...state, phase: { ...phase, promptAt: null } } : { ...state, phase: { name: 'idle' } };
  }
}
