/** The planner (src/tracking/plan.ts): pure, over the messages, what is known and the tracker's state. */
import { describe, expect, it } from 'vitest';
import type { PageMessage, Role } from '../../../src/sites/adapter';
import type { Known } from '../../../src/tracking/memory';
import { INITIAL_STATE, type Phase, type TrackerState } from '../../../src/tracking/phases';
import { plan } from '../../../src/tracking/plan';
import { loadPage } from '../support/load-page';

const doc = loadPage('<main></main>', 'https://test.example/c/a');
const message = (role: Role, id: string): PageMessage => ({ id, role, element: doc.createElement('div'), pageId: true });
const turn = (n: number) => [message('user', `u${n}`), message('assistant', `a${n}`)];
const ids = (groups: PageMessage[][]) => groups.map((g) => g.map((m) => m.id));
const known = (...list: string[]) => new Map<string, Known>(list.map((id) => [id, {}]));
const seeded = (phase: Phase = { name: 'idle' }): TrackerState => ({ seeding: false, phase });

describe('the planner', () => {
  it('seeds what the page shows when it is first read, and counts nothing without a sign of a turn', () => {
    const p = plan({ messages: [...turn(1), ...turn(2)], state: INITIAL_STATE, known: known(), emptySeen: false });
    expect(ids(p.seeds)).toEqual([['u1'], ['a1'], ['u2'], ['a2']]);
    expect(p.live).toEqual([]);
    expect(p.unplaced).toBeNull();
  });

  it('counts the answer to a prompt that follows every message known, even if the send was not seen', () => {
    const p = plan({ messages: [...turn(1), ...turn(2)], state: seeded(), known: known('u1', 'a1'), emptySeen: false });
    expect(p.seeds).toEqual([]);
    expect(p.live.map((e) => e.prompt?.id)).toEqual(['u2']);
  });

  it('while seeding, counts the last exchange once a prompt was sent or an answer seen being written', () => {
    const streaming: Phase = { name: 'settling', promptAt: null, counted: null };
    const p = plan({ messages: [...turn(1), ...turn(2)], state: { seeding: true, phase: streaming }, known: known(), emptySeen: true });
    expect(ids(p.seeds)).toEqual([['u1'], ['a1']]);
    expect(p.live.map((e) => e.prompt?.id)).toEqual(['u2']);
    expect(p.unplaced).toBeNull();
  });

  it('cannot place one prompt and its answer that appeared in a chat read as empty with no sign of how: seeded, and named', () => {
    const p = plan({ messages: turn(1), state: INITIAL_STATE, known: known(), emptySeen: true });
    expect(ids(p.seeds)).toEqual([['u1'], ['a1']]);
    expect(p.live).toEqual([]);
    expect(p.unplaced?.prompt?.id).toBe('u1');
  });

  it('places as history a whole conversation appearing in a chat read as empty (a send adds one prompt), and a prompt alone', () => {
    expect(plan({ messages: [...turn(1), ...turn(2)], state: INITIAL_STATE, known: known(), emptySeen: true }).unplaced).toBeNull();
    expect(plan({ messages: [message('user', 'u1')], state: INITIAL_STATE, known: known(), emptySeen: true }).unplaced).toBeNull();
    // Never read as empty: what the first read shows is history.
    expect(plan({ messages: turn(1), state: INITIAL_STATE, known: known(), emptySeen: false }).unplaced).toBeNull();
  });

  it('seeds earlier turns a page mounts as it scrolls up, its newer turns unmounted: never counted as a new prompt', () => {
    // Turns 3 and 4 were read; scrolled up, the page shows turns 1 and 2 only.
    const p = plan({ messages: [...turn(1), ...turn(2)], state: seeded(), known: known('u3', 'a3', 'u4', 'a4'), emptySeen: false });
    expect(ids(p.seeds)).toEqual([['u1'], ['a1'], ['u2'], ['a2']]);
    expect(p.live).toEqual([]);
    // Scrolled halfway: an earlier turn mounted before the known ones is history too.
    const half = plan({ messages: [...turn(2), ...turn(3)], state: seeded(), known: known('u3', 'a3', 'u4', 'a4'), emptySeen: false });
    expect(ids(half.seeds)).toEqual([['u2'], ['a2']]);
    expect(half.live).toEqual([]);
    // A prompt sent while the page shows the known turns is still counted.
    expect(
      plan({ messages: [...turn(3), ...turn(4), ...turn(5)], state: seeded(), known: known('u3', 'a3', 'u4', 'a4'), emptySeen: false }).live.map(
        (e) => e.prompt?.id,
      ),
    ).toEqual(['u5']);
  });
});
