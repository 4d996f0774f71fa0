/**
 * One answer is one turn on the sites that do not split an answer into messages: claude.ai shows an
 * answer that uses tools as one container, its text parts with tool blocks between them; Gemini
 * shows one draft (reply candidate) at a time in the answer's one model-response, and another draft
 * replaces it in place. From the page (the fixtures, replayed as live turns) through the worker's
 * count: the prompt charged once, the output every text part, the next turn's history every part
 * (for Gemini, the draft shown). Sources of both pages in test/fixtures/sites/README.md.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { Count } from '../../../src/counting/tokens';
import { ADAPTERS } from '../../support/adapters';
import { SETTLE_MS } from '../../../src/tracking/clock';
import { nodeCounter } from '../../../scripts/build/vocabularies';
import { countingOnFakeTimers, flush, playAnswer, trackedFixture, workerCounting } from '../support/tracked-fixture';

countingOnFakeTimers();

describe('an answer that uses tools (claude.ai): one container, text parts with tool blocks between them', () => {
  const URL_C = 'https://claude.ai/chat/tools-1';
  const PROMPTS = ["How much of Germany's electricity came from wind last year?", 'Chart the monthly shares for me.'];
  // The text the model wrote, every part; not the tool labels, queries, results or the artifact card.
  const ANSWERS = [
    [
      "I'll look up the latest figures.",
      "Wind turbines supplied about a third of Germany's public net electricity in 2025, more than any other source.",
      'Onshore wind gave most of it; offshore added a little under a fifth of the wind total.',
    ],
    [
      "I'll compute the monthly shares first.",
      'Here is the chart of the monthly shares:',
      'Wind peaked in the stormy winter months and dipped to about a fifth in summer.',
    ],
  ].map((lines) => lines.join('\n'));
  const tokens = (texts: string[]) => texts.reduce((sum, t) => sum + countTokens(t), 0);

  function claudePage() {
    const page = trackedFixture(ADAPTERS.claude, 'sites/claude-2026-tools-en.html', URL_C);
    const { doc } = page;
    const thread = doc.getElementById('thread')!;
    const rows = Array.from(thread.children);
    return {
      ...page,
      /**
       * Replays the fixture's turn `n` as a live one: the prompt sent, the answer's container with its
       * streaming flag on, then each of its blocks (thinking, a text part, a tool block, ...) 300 ms
       * after the one before, then the flag off. Nothing may be counted before that.
       */
      async replay(n: number) {
        const [user, answer] = [rows[2 * n - 2], rows[2 * n - 1]].map((r) => r.cloneNode(true) as Element);
        const flag = answer.querySelector('[data-is-streaming]')!;
        const response = answer.querySelector('.font-claude-response')!;
        const blocks = Array.from(response.children);
        response.textContent = '';
        const slot = doc.getElementById('send-slot')!;
        await playAnswer(page, {
          start() {
            flag.setAttribute('data-is-streaming', 'true');
            (doc.querySelector('[data-send]') as HTMLElement).click();
            thread.append(user);
            slot.innerHTML = '<button type="button" aria-label="Stop response"></button>';
            thread.append(answer);
          },
          parts: blocks.map((block) => () => response.append(block)),
          finish() {
            flag.setAttribute('data-is-streaming', 'false');
            slot.innerHTML = '<button type="button" aria-label="Send message" data-send></button>';
          },
        });
      },
    };
  }

  it('seeds each answer on the page as one message holding every text part', async () => {
    const page = claudePage();
    page.tracker.start();
    await flush(2_000);
    const messages = page.seeds().flatMap((s) => s.messages);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(messages.filter((m) => m.role === 'assistant').map((m) => m.text)).toEqual(ANSWERS);
    page.tracker.stop();
  });

  it.each([
    { n: 1, kind: 'thinking, text, a web search, text', reasoning: 'Planned a search for current figures' },
    { n: 2, kind: 'text, the analysis tool, text, an artifact card, text', reasoning: undefined },
  ])('counts $kind as one turn: the prompt once, every text part in the output and in the next history', async ({ n, reasoning }) => {
    const page = claudePage();
    page.tracker.start();
    await flush(2_000);
    const seeded = (await workerCounting().conversations.read('claude', 'tools-1')).historyTokens;
    expect(seeded).toBe(tokens([...PROMPTS, ...ANSWERS]));

    await page.replay(n);
    const turns = page.turns();
    expect(turns).toHaveLength(1);
    expect(turns[0]).toMatchObject({ promptText: PROMPTS[n - 1], answerText: ANSWERS[n - 1] });
    expect(turns[0].revision).toBeUndefined();
    // A tool block is never taken for the thinking: only a thinking block gives reasoning.
    expect(turns[0].reasoning?.text).toBe(reasoning);
    expect(page.counted).toEqual([
      expect.objectContaining({ promptTokens: countTokens(PROMPTS[n - 1]), historyTokens: seeded, answerTokens: countTokens(ANSWERS[n - 1]) }),
    ]);

    // The next turn re-reads every part of this one.
    await page.replay(1);
    expect(page.turns()).toHaveLength(2);
    expect(page.counted[1]).toMatchObject({ historyTokens: seeded + countTokens(PROMPTS[n - 1]) + countTokens(ANSWERS[n - 1]) });
    page.tracker.stop();
  });
});

describe('Gemini’s drafts: one shown at a time in the answer’s one model-response', () => {
  const URL_G = 'https://gemini.google.com/app/drafts-1';
  const PROMPTS = ['Suggest a name for a community wind cooperative.', 'How many homes would two 4 MW turbines supply?'];
  const ANSWERS = [
    'How about Common Breeze Energy? It says the turbines belong to everyone who lives near them.',
    'At a 30% capacity factor, two 4 MW turbines make about 21 GWh a year.\nThat covers roughly 6,000 homes using 3,500 kWh each.',
  ];
  /** Another draft of the first answer, as the page shows it when the user picks it. */
  const OTHER_DRAFT = 'Try Windshare Commons: short, and it says what members get.\nOr Neighbour Wind, if the turbines stand close to the village.';
  let count: Count;

  beforeEach(() => {
    count = nodeCounter('gemma3');
  }, 120_000);
  const tokens = (texts: string[]) => texts.reduce((sum, t) => sum + count(t), 0);

  function geminiPage() {
    const page = trackedFixture(ADAPTERS.gemini, 'sites/gemini-2026-drafts-en.html', URL_G);
    const { doc } = page;
    const history = doc.getElementById('chat-history')!;
    const containers = Array.from(history.children);
    const sendButton = doc.querySelector('button.send-button')!;
    const stop = (on: boolean) => {
      sendButton.classList.toggle('stop', on);
      sendButton.querySelector('mat-icon')!.setAttribute('fonticon', on ? 'stop' : 'send');
    };
    return {
      ...page,
      /**
       * Replays the fixture's exchange `n` under the container id `id`: the prompt sent, the answer
       * busy and without its action bar while its paragraphs appear 300 ms apart, then done.
       */
      async replay(n: number, id: string) {
        const box = containers[n - 1].cloneNode(true) as Element;
        box.id = id;
        const answer = box.querySelector('model-response')!;
        answer.remove();
        const actions = answer.querySelector('message-actions')!;
        actions.remove();
        const panel = answer.querySelector('message-content .markdown')!;
        const paragraphs = Array.from(panel.children);
        panel.textContent = '';
        await playAnswer(page, {
          start() {
            panel.setAttribute('aria-busy', 'true');
            (sendButton as HTMLElement).click();
            stop(true);
            history.append(box);
            box.append(answer);
          },
          parts: paragraphs.map((p) => () => panel.append(p)),
          finish() {
            panel.setAttribute('aria-busy', 'false');
            answer.querySelector('.response-container-footer')!.append(actions);
            stop(false);
          },
        });
      },
      /** The user picks another draft of the answer in container `id`: the same model-response shows it. */
      async showDraft(id: string, text: string, draftId: string) {
        const answer = doc.getElementById(id)!.querySelector('model-response')!;
        answer.querySelector('[data-test-draft-id]')!.setAttribute('data-test-draft-id', draftId);
        answer.querySelector('message-content .markdown')!.innerHTML = text
          .split('\n')
          .map((p) => `<p>${p}</p>`)
          .join('');
        await flush(SETTLE_MS.reliable + 600);
      },
    };
  }

  it('counts an answer once; another draft shown for it is the same turn, revised; the next history holds the draft shown', { timeout: 120_000 }, async () => {
    const page = geminiPage();
    page.tracker.start();
    await flush(2_000);
    const seeded = (await workerCounting().conversations.read('gemini', 'drafts-1')).historyTokens;
    expect(seeded).toBe(tokens([...PROMPTS, ...ANSWERS]));

    await page.replay(1, 'd4a1c0e2b3f40503');
    expect(page.turns()).toEqual([
      expect.objectContaining({ turnId: 'd4a1c0e2b3f40503:a', promptId: 'd4a1c0e2b3f40503:u', promptText: PROMPTS[0], answerText: ANSWERS[0] }),
    ]);
    expect(page.counted[0]).toMatchObject({ promptTokens: count(PROMPTS[0]), historyTokens: seeded, answerTokens: count(ANSWERS[0]) });

    // Another draft: not a new turn and not a second charge for the prompt, the same turn with that draft's text.
    await page.showDraft('d4a1c0e2b3f40503', OTHER_DRAFT, 'rc_5e0d2a7c91b34f09');
    expect(page.turns().map((t) => [t.turnId, t.revision, t.answerText])).toEqual([
      ['d4a1c0e2b3f40503:a', undefined, ANSWERS[0]],
      ['d4a1c0e2b3f40503:a', 1, OTHER_DRAFT],
    ]);
    expect(page.counted[1]).toEqual({ ...page.counted[0], answerTokens: count(OTHER_DRAFT), revision: 1 });
    const state = await workerCounting().conversations.read('gemini', 'drafts-1');
    expect(Object.keys(state.turns)).toEqual(['d4a1c0e2b3f40503:a']);

    // The conversation goes on from the draft shown, not from the one shown first.
    await page.replay(2, 'd4a1c0e2b3f40504');
    expect(page.counted[2]).toMatchObject({ promptTokens: count(PROMPTS[1]), historyTokens: seeded + count(PROMPTS[0]) + count(OTHER_DRAFT) });
    expect(count(OTHER_DRAFT)).not.toBe(count(ANSWERS[0]));
    page.tracker.stop();
  });
});
