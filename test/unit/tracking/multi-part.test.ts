/**
 * One answer is one turn: an answer in several assistant messages (ChatGPT: a tool call then the
 * text, an image then the text, a continuation) is counted once, its prompt charged once, its
 * output the sum of its parts, and the next turn's history holds every part. From the page
 * (test/fixtures/sites/chatgpt-multipart.html, replayed as live turns) through the worker's count.
 */
import { describe, expect, it, vi } from 'vitest';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { ADAPTERS } from '../../support/adapters';
import { joinParts } from '../../../src/tracking/exchanges';
import { SETTLE_MS } from '../../../src/tracking/clock';
import { testSite, trackTestSite } from '../support/test-site';
import { countingOnFakeTimers, flush, playAnswer, trackedFixture, workerCounting } from '../support/tracked-fixture';

const URL_A = 'https://chatgpt.com/c/multi-part';

countingOnFakeTimers();

/** The fixture page and its tracker; every message goes to the worker's counting code as sent. */
function multiPartPage() {
  const page = trackedFixture(ADAPTERS.chatgpt, 'sites/chatgpt-multipart.html', URL_A);
  const { doc } = page;
  const thread = doc.getElementById('thread')!;
  return {
    ...page,
    /**
     * Replays the fixture's turn `n` (its prompt article and its answer article) as a live turn: the
     * prompt, the stop button, then each part appearing 300 ms after the one before, then the action bar.
     */
    async replay(n: number, suffix: string) {
      const [userArticle, answerArticle] = [2 * n - 1, 2 * n].map(
        (i) => doc.querySelector(`[data-testid="conversation-turn-${i}"]`)!.cloneNode(true) as Element,
      );
      for (const el of [userArticle, answerArticle])
        el.querySelectorAll('[data-message-id]').forEach((m) => m.setAttribute('data-message-id', `${m.getAttribute('data-message-id')}-${suffix}`));
      const parts = Array.from(answerArticle.querySelectorAll('[data-message-author-role]'));
      answerArticle.textContent = '';
      const box = doc.getElementById('prompt-textarea') as HTMLTextAreaElement;
      const slot = doc.getElementById('send-slot')!;
      await playAnswer(page, {
        start() {
          box.value = userArticle.textContent!.trim();
          box.dispatchEvent(new doc.defaultView!.KeyboardEvent('keydown', { key: 'Enter', bubbles: true }) as unknown as Event);
          thread.append(userArticle);
          slot.innerHTML = '<button data-testid="stop-button">Stop</button>';
          thread.append(answerArticle);
        },
        parts: parts.map((part) => () => answerArticle.append(part)),
        finish() {
          slot.innerHTML = '<button data-testid="send-button" data-send>Send</button>';
          answerArticle.insertAdjacentHTML(
            'beforeend',
            '<div class="flex"><button data-testid="copy-turn-action-button" aria-label="Copy">Copy</button></div>',
          );
        },
      });
    },
  };
}

const PROMPTS = [
  'How much energy does a 3 MW turbine make in a day at a 35% capacity factor?',
  'Draw that turbine on a hill at sunrise.',
  'List the main parts of a wind turbine, with one sentence each.',
];
const CODE = 'capacity_mw = 3\nfactor = 0.35\nprint(capacity_mw * 24 * factor)';
const ANSWERS = [
  [CODE, 'About 25.2 MWh a day: 3 MW for 24 hours at 35% of its rated power.\nThat is enough for roughly 2,500 European homes for that day.'],
  ['Here is the turbine on a green hill, its blades catching the first light.'],
  [
    "1. The rotor: three blades that turn the wind's push into rotation.\n2. The nacelle: the housing on top of the tower that holds the drive train.",
    '3. The gearbox: it raises the slow rotor speed to what the generator needs.\n4. The generator: it turns the rotation into electricity.',
    '5. The tower: it lifts the rotor into stronger, steadier wind.',
  ],
].map((parts) => joinParts(parts));
const tokens = (texts: string[]) => texts.reduce((sum, t) => sum + countTokens(t), 0);

describe('an answer in several parts (chatgpt.com)', () => {
  it('seeds each answer on the page as one message under its first part’s id, every part’s text in it', async () => {
    const page = multiPartPage();
    page.tracker.start();
    await flush(2_000);
    const messages = page.seeds().flatMap((s) => s.messages);
    expect(messages.map((m) => [m.role, m.id.slice(-2)])).toEqual([
      ['user', '01'],
      ['assistant', '02'],
      ['user', '04'],
      ['assistant', '05'],
      ['user', '07'],
      ['assistant', '08'],
    ]);
    expect(messages.filter((m) => m.role === 'assistant').map((m) => m.text)).toEqual(ANSWERS);
    expect(page.turns()).toEqual([]);
    page.tracker.stop();
  });

  it.each([
    { n: 1, kind: 'text after a tool call', parts: 2, images: undefined },
    { n: 2, kind: 'text after an image', parts: 2, images: 1 },
    { n: 3, kind: 'a continuation', parts: 3, images: undefined },
  ])('counts $kind ($parts parts) as one turn: the prompt once, every part in the output and in the next history', async ({ n, images }) => {
    const page = multiPartPage();
    page.tracker.start();
    await flush(2_000);
    const seeded = (await workerCounting().conversations.read('chatgpt', 'multi-part')).historyTokens;
    expect(seeded).toBe(tokens([...PROMPTS, ...ANSWERS]));

    await page.replay(n, 'live');
    const turns = page.turns();
    expect(turns).toHaveLength(1);
    expect(turns[0]).toMatchObject({ promptText: PROMPTS[n - 1], answerText: ANSWERS[n - 1], turnId: expect.stringMatching(/-live$/) });
    expect(turns[0].revision).toBeUndefined();
    expect(turns[0].images?.length).toBe(images);
    expect(page.counted).toEqual([
      expect.objectContaining({ promptTokens: countTokens(PROMPTS[n - 1]), historyTokens: seeded, answerTokens: countTokens(ANSWERS[n - 1]) }),
    ]);
    expect(page.counted[0].images).toBe(images);

    // The next turn re-reads every part of this one.
    await page.replay(1, 'next');
    expect(page.counted[1]).toMatchObject({ historyTokens: seeded + countTokens(PROMPTS[n - 1]) + countTokens(ANSWERS[n - 1]) });
    page.tracker.stop();
  });
});

describe('a part that appears after its answer was counted', () => {
  async function counted() {
    const page = trackTestSite(testSite(), 'https://test.example/c/conv-a');
    page.add('user', 'u0', 'Earlier question');
    page.add('assistant', 'a0', 'Earlier answer', 'data-done="true"');
    page.tracker.start();
    await flush(SETTLE_MS.quiet + 500);
    page.type('Tell me more');
    page.add('user', 'u1', 'Tell me more');
    page.busy(true);
    await flush(300);
    page.add('assistant', 'a1', 'First part.');
    await flush(300);
    page.busy(false);
    await flush(SETTLE_MS.quiet + 500);
    expect(page.turns()).toEqual([expect.objectContaining({ turnId: 'a1', answerText: 'First part.' })]);
    return page;
  }

  it('is a revision of that turn, never a new one (a continuation the page streams)', async () => {
    const page = await counted();
    page.busy(true);
    await flush(300);
    page.add('assistant', 'a1b', 'Second part.');
    await flush(300);
    page.busy(false);
    await flush(SETTLE_MS.quiet + 500);
    expect(page.turns()).toEqual([
      expect.objectContaining({ turnId: 'a1', answerText: 'First part.' }),
      expect.objectContaining({ turnId: 'a1', promptId: 'u1', answerText: joinParts(['First part.', 'Second part.']), revision: 1 }),
    ]);
    // Neither part is seeded on its own.
    expect(page.seeds().flatMap((s) => s.messages.map((m) => m.id))).toEqual(['u0', 'a0']);
    page.tracker.stop();
  });

  it('is a revision too when the page shows no streaming signal for it (a late tool result, an image message)', async () => {
    const page = await counted();
    page.add('assistant', 'a1b', 'Late part.');
    await flush(SETTLE_MS.quiet + 500);
    expect(page.turns().map((t) => [t.turnId, t.revision, t.answerText])).toEqual([
      ['a1', undefined, 'First part.'],
      ['a1', 1, joinParts(['First part.', 'Late part.'])],
    ]);
    expect(page.seeds().flatMap((s) => s.messages.map((m) => m.id))).toEqual(['u0', 'a0']);
    page.tracker.stop();
  });

  it('goes to the worker as a revision: the same turn, the output of both parts, the prompt and history once', async () => {
    const page = await counted();
    page.add('assistant', 'a1b', 'Late part.');
    await flush(SETTLE_MS.quiet + 500);
    const [first, revised] = page.turns();
    page.tracker.stop();
    vi.useRealTimers();
    await workerCounting().seedConversation(page.seeds()[0]);
    const a = (await workerCounting().countTurn(first)).counted;
    const b = (await workerCounting().countTurn(revised)).counted;
    expect(b).toEqual({ ...a, answerTokens: countTokens(revised.answerText), revision: 1 });
    const state = await workerCounting().conversations.read('chatgpt', 'conv-a');
    expect(Object.keys(state.turns)).toEqual(['a1']);
    expect(state.historyTokens).toBe(tokens(['Earlier question', 'Earlier answer', 'Tell me more', revised.answerText]));
  });
});
