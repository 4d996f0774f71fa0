/**
 * When the tracker takes an answer for finished, how it corrects one that went on, which
 * conversation a turn belongs to, and when it says the page is not recognized.
 * On a minimal test site, so these rules are checked apart from any real site's markup.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_MS } from '../../../src/tracking/clock';
import { ANSWER_TIMEOUT_MINUTES } from '../../../src/domain/health-reasons';
import { PAGE, testSite, trackTestSite, type TestPage } from '../support/test-site';

const flush = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

type Signal = 'page' | 'message' | 'none';

/**
 * Streams `words` into a new answer, 50 ms apart; after `pauseAfter` words it stops for `pauseMs`
 * while the page (or the message, or nothing) still says it is generating.
 */
async function stream(page: TestPage, id: string, words: string[], opts: { signal: Signal; pauseAfter?: number; pauseMs?: number }) {
  const answer = page.add('assistant', id, '', opts.signal === 'message' ? 'data-done="false"' : '');
  const p = answer.querySelector('p')!;
  if (opts.signal === 'page') page.busy(true);
  for (let i = 0; i < words.length; i++) {
    p.textContent += words[i];
    await flush(50);
    if (i + 1 === opts.pauseAfter) await flush(opts.pauseMs ?? 0);
  }
  if (opts.signal === 'page') page.busy(false);
  if (opts.signal === 'message') answer.setAttribute('data-done', 'true');
}

const WORDS = Array.from({ length: 30 }, (_, i) => `w${i} `);
const FULL = WORDS.join('').trim();

async function started(adapter = testSite(), url = 'https://test.example/c/conv-a') {
  const page = trackTestSite(adapter, url);
  page.add('user', 'u0', 'Earlier question');
  page.add('assistant', 'a0', 'Earlier answer', 'data-done="true"');
  page.tracker.start();
  await flush(SETTLE_MS.quiet + 500);
  return page;
}

describe('an answer that pauses mid-way', () => {
  it.each<Signal>(['page', 'message'])('is not counted while the %s says it is still generating, then once in full', async (signal) => {
    const page = await started();
    page.type('Tell me more');
    page.add('user', 'u1', 'Tell me more');
    await stream(page, 'a1', WORDS, { signal, pauseAfter: 10, pauseMs: 8_000 });
    await flush(SETTLE_MS.quiet + 500);
    expect(page.turns()).toEqual([expect.objectContaining({ turnId: 'a1', promptText: 'Tell me more', answerText: FULL })]);
    expect(page.turns()[0].revision).toBeUndefined();
    page.tracker.stop();
  });

  it('on a site whose stop signal was never seen (a changed hook), waits for a long quiet period instead of the short one', async () => {
    const page = await started(testSite({ streaming: () => null, answerFinished: undefined }));
    page.type('Q');
    page.add('user', 'u1', 'Q');
    // A pause longer than the short settle time but shorter than the long one.
    await stream(page, 'a1', WORDS, { signal: 'none', pauseAfter: 10, pauseMs: SETTLE_MS.reliable * 4 });
    await flush(SETTLE_MS.quiet + 500);
    expect(page.turns().map((t) => t.answerText)).toEqual([FULL]);
    page.tracker.stop();
  });

  it('on a site without any signal, a pause longer than the quiet period is corrected in place: one turn, final counts', async () => {
    const page = await started(testSite({ streaming: () => null, answerFinished: undefined, streamingSignal: 'quiet' }));
    page.type('Q');
    page.add('user', 'u1', 'Q');
    await stream(page, 'a1', WORDS, { signal: 'none', pauseAfter: 10, pauseMs: SETTLE_MS.quiet * 3 });
    await flush(SETTLE_MS.quiet * 2);
    const reports = page.turns();
    expect(new Set(reports.map((t) => t.turnId))).toEqual(new Set(['a1']));
    // The worker replaces by turnId and revision: the last report holds the final text.
    expect(reports.at(-1)).toMatchObject({ turnId: 'a1', answerText: FULL, revision: reports.length - 1 });
    expect(reports[0].revision).toBeUndefined();
    // Nothing is sent again once the answer stays the same.
    await flush(30_000);
    expect(page.turns()).toHaveLength(reports.length);
    page.tracker.stop();
  });

  it('reads no text while the answer streams', async () => {
    const adapter = testSite();
    const page = await started(adapter);
    const readText = vi.spyOn(adapter, 'readText');
    page.type('Q');
    page.add('user', 'u1', 'Q');
    page.busy(true);
    const answer = page.add('assistant', 'a1', '');
    for (const w of WORDS) {
      answer.querySelector('p')!.textContent += w;
      await flush(50);
    }
    expect(readText).not.toHaveBeenCalled();
    page.busy(false);
    await flush(SETTLE_MS.quiet);
    expect(page.turns()).toHaveLength(1);
    page.tracker.stop();
  });
});

describe('conversations', () => {
  it('takes the id from the page when the URL has none', async () => {
    const adapter = testSite();
    const page = trackTestSite(adapter, 'https://test.example/', PAGE.replace('<section id="conv">', '<section id="conv" data-conversation="from-page">'));
    page.tracker.start();
    await flush(1_000);
    page.type('Hi');
    page.add('user', 'u1', 'Hi');
    await stream(page, 'a1', WORDS, { signal: 'page' });
    await flush(2_000);
    expect(page.turns()).toEqual([expect.objectContaining({ conversationId: 'from-page', turnId: 'a1' })]);
    page.tracker.stop();
  });

  it('never seeds another conversation with the messages of the one left, while they are still on the page', async () => {
    const page = await started();
    page.navigate('https://test.example/c/conv-b');
    await flush(SETTLE_MS.quiet * 2); // the old messages are still there
    page.doc.getElementById('thread')!.innerHTML = '';
    page.add('user', 'b1', 'Question in B');
    page.add('assistant', 'b2', 'Answer in B');
    await flush(SETTLE_MS.quiet * 2);
    expect(page.seeds().map((s) => [s.conversationId, s.messages.map((m) => m.text)])).toEqual([
      ['conv-a', ['Earlier question', 'Earlier answer']],
      ['conv-b', ['Question in B', 'Answer in B']],
    ]);
    expect(page.turns()).toEqual([]);
    page.tracker.stop();
  });

  it('keeps the first turn of a new chat that gets its id after the answer, and seeds that chat with it', async () => {
    const page = trackTestSite(testSite(), 'https://test.example/');
    page.tracker.start();
    await flush(1_000);
    page.type('First');
    page.add('user', 'u1', 'First');
    await stream(page, 'a1', WORDS, { signal: 'page' });
    await flush(2_000);
    const [first] = page.turns();
    expect(first).toMatchObject({ turnId: 'a1', answerText: FULL });
    page.setUrl('https://test.example/c/named'); // the site names the chat after its first answer
    page.add('user', 'u2', 'Second');
    page.type('Second');
    await stream(page, 'a2', WORDS, { signal: 'page' });
    await flush(SETTLE_MS.quiet);
    expect(page.turns().map((t) => [t.conversationId, t.turnId])).toEqual([
      [first.conversationId, 'a1'],
      ['named', 'a2'],
    ]);
    // The named chat's history holds the first turn.
    expect(
      page
        .seeds()
        .find((s) => s.conversationId === 'named')
        ?.messages.map((m) => m.id),
    ).toEqual(['u1', 'a1']);
    page.tracker.stop();
  });

  it('counts an answer to a prompt sent in a way it did not see (an unknown send button)', async () => {
    const page = await started();
    page.add('user', 'u1', 'Sent by a button we do not know');
    await stream(page, 'a1', WORDS, { signal: 'page' });
    await flush(2_000);
    expect(page.turns()).toEqual([expect.objectContaining({ turnId: 'a1', promptText: 'Sent by a button we do not know' })]);
    page.tracker.stop();
  });
});

describe('not recognized, within one turn', () => {
  /** The ChatGPT logged-out shape: a visually hidden heading, and the prompt inside a button (UI chrome). */
  const headingOnly = (text: string) => `<h4>You said:</h4><button><p>${text}</p></button>`;

  it('when prompts read as their heading only: no turn counted, the reason given', async () => {
    const page = trackTestSite(testSite(), 'https://test.example/c/x');
    page.tracker.start();
    await flush(1_000);
    page.type('What is a watt?');
    page.add('user', 'u1', '').innerHTML = headingOnly('What is a watt?');
    await stream(page, 'a1', WORDS, { signal: 'page' });
    await flush(2_000);
    expect(page.turns()).toEqual([]);
    expect(page.health().at(-1)).toMatchObject({ status: 'not-recognized', reason: 'prompt-heading-only' });
    page.tracker.stop();
  });

  it('when the page opens on such a conversation, before any prompt', async () => {
    const page = trackTestSite(testSite(), 'https://test.example/c/x');
    page.add('user', 'u1', '').innerHTML = headingOnly('First question');
    page.add('assistant', 'a1', 'First answer');
    page.tracker.start();
    await flush(2_000);
    expect(page.seeds()).toEqual([]);
    expect(page.health()).toEqual([expect.objectContaining({ status: 'not-recognized', reason: 'prompt-heading-only' })]);
    page.tracker.stop();
  });

  it('when every prompt reads as the same label', async () => {
    const page = trackTestSite(
      testSite({ readText: ({ role, element }) => (role === 'user' ? 'Prompt' : (element.textContent ?? '')) }),
      'https://test.example/c/x',
    );
    page.add('user', 'u1', 'First question');
    page.add('assistant', 'a1', 'First answer');
    page.add('user', 'u2', 'Second question');
    page.add('assistant', 'a2', 'Second answer');
    page.tracker.start();
    await flush(2_000);
    expect(page.health()).toEqual([expect.objectContaining({ status: 'not-recognized', reason: 'prompts-same-label' })]);
    page.tracker.stop();
  });

  it('when a finished answer reads as empty', async () => {
    const page = await started(
      testSite({ readText: ({ role, element }) => (role === 'user' ? (element.textContent ?? '') : element.id === 'x' ? 'never' : '') }),
    );
    page.type('Q');
    page.add('user', 'u1', 'Q');
    await stream(page, 'a1', WORDS, { signal: 'page' });
    // Past the grace for an answer that reads empty, within the answer's time limit.
    await flush(ANSWER_TIMEOUT_MINUTES * 60_000 - 5_000);
    expect(page.turns()).toEqual([]);
    expect(page.health().at(-1)).toMatchObject({ status: 'not-recognized', reason: 'answer-empty' });
    page.tracker.stop();
  });
});

describe('a prompt sent at once after opening another chat in the same tab', () => {
  /** Opens conversation B the way the page does, then sends a prompt at once while B's page is still busy. */
  async function openAndSend(how: 'destination' | 'event-before-url' | 'no-event') {
    const page = await started();
    const b = 'https://test.example/c/conv-b';
    if (how === 'destination') page.tracker.navigated(b); // the Navigation API's destination, before location changes
    if (how === 'event-before-url') page.tracker.navigated(); // an event that fires before the URL changed, without its destination
    page.setUrl(b);
    page.doc.getElementById('thread')!.innerHTML = '';
    page.add('user', 'b1', 'Question in B');
    page.add('assistant', 'b2', 'Answer in B');
    page.busy(true); // B's page keeps changing: no quiet moment before the prompt
    await flush(100);
    page.type('New question in B');
    page.add('user', 'b3', 'New question in B');
    await stream(page, 'b4', WORDS, { signal: 'page' });
    await flush(SETTLE_MS.quiet + 500);
    return page;
  }

  it.each(['destination', 'event-before-url', 'no-event'] as const)('is counted in the new conversation (navigation seen by: %s)', async (how) => {
    const page = await openAndSend(how);
    expect(page.turns()).toEqual([
      expect.objectContaining({ conversationId: 'conv-b', turnId: 'b4', promptId: 'b3', promptText: 'New question in B', answerText: FULL }),
    ]);
    expect(page.seeds().map((s) => [s.conversationId, s.messages.map((m) => m.id)])).toEqual([
      ['conv-a', ['u0', 'a0']],
      ['conv-b', ['b1', 'b2']],
    ]);
    expect(page.health().at(-1)).toMatchObject({ status: 'ok' });
    page.tracker.stop();
  });

  it('notices the URL change while the answer streams (one string compare per recheck), not only after it', async () => {
    const page = await started();
    page.type('Question');
    page.add('user', 'u1', 'Question');
    page.busy(true);
    await flush(600);
    expect(page.tracker.current).toMatchObject({ seeding: false, phase: { name: 'streaming', promptAt: expect.any(Number) } });
    page.setUrl('https://test.example/c/conv-b');
    // The next recheck, seconds on.
    await flush(6_000);
    // Another conversation: it seeds first, and the prompt sent in the one left is not its reply.
    expect(page.tracker.current).toMatchObject({ seeding: true, phase: { name: 'streaming', promptAt: null } });
    page.tracker.stop();
  });
});
