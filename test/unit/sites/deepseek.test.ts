import { describe, expect, it } from 'vitest';
import { deepseek } from '../../../src/sites/deepseek/reader';
import { parseReasoningDuration } from '../../../src/sites/reasoning-duration';
import { alternating, expectNoChrome, loadPage, readFixture } from '../support/load-page';

const URL_ = 'https://chat.deepseek.com/a/chat/s/219872f6-17aa-48f6-9fdb-42ddf1f04bb0';
const read = (file: string) => {
  const page = readFixture(deepseek, file, URL_);
  return { ...page, roles: page.turns.map((t) => t.role) };
};

describe('DeepSeek, 2026-10 markup', () => {
  it('reads the live capture: the prompt, the answer, finished, nothing streaming', () => {
    const { doc, roles, texts, turns } = read('real-dom/deepseek-live-2026-10-03.html');
    expect(roles).toEqual(['user', 'assistant']);
    expect(texts).toEqual(['用一句话解释向量召回', '向量召回就是：把用户查询和所有候选内容都转成向量，然后快速找出与查询向量最相似（距离最近）的那一批候选。']);
    expect(turns.every((t) => !t.pageId && t.id.startsWith('219872f6-17aa-48f6-9fdb-42ddf1f04bb0:'))).toBe(true);
    expect(deepseek.isStreaming(doc)).toBe(false);
    expect(deepseek.answerFinished!(turns[1].element)).toBe(true);
    expect(deepseek.readReasoning!(turns[1])).toBeNull();
    // DeepSeek generates no images: the adapter has no image reader, so the tracker finds none.
    expect(deepseek.generatedImages).toBeUndefined();
    // The mode toggles: DeepThink (the first) is off in the capture.
    expect(deepseek.readModelLabel(doc)).toBeNull();
  });

  it('says for sure that nothing streams on the live capture, and cannot tell while the composer holds text', () => {
    // Finished, as captured: the round button disabled, the composer empty.
    const { doc, turns } = read('real-dom/deepseek-live-2026-10-03.html');
    const button = doc.querySelector('.ds-button--primary.ds-button--circle')!;
    const box = doc.querySelector('textarea')! as HTMLTextAreaElement;
    expect(deepseek.streaming(doc)).toBeNull();
    expect(deepseek.idleSignal!(doc)).toBe('reliable');
    // No capture of the page while an answer streams exists. Derived from this one by the change the
    // live notes describe (MengMa-dev/studyStudio tests/fixtures/LIVE_NOTES.md @ e362727): the round
    // button loses ds-button--disabled and becomes the stop button; the action bar is not there yet.
    button.classList.remove('ds-button--disabled');
    turns[1].element.nextElementSibling!.remove();
    expect(deepseek.streaming(doc)).toBe('unmarked');
    expect(deepseek.idleSignal!(doc)).toBe('quiet');
    expect(deepseek.answerFinished!(turns[1].element)).toBe(false);
    // The user types during the answer: the same enabled button could be send or stop.
    box.value = 'next question';
    expect(deepseek.streaming(doc)).toBeNull();
    expect(deepseek.idleSignal!(doc)).toBe('quiet');
    // The answer ends while the text is still there: the button stays enabled (send), so still unsure.
    turns[1].element.insertAdjacentHTML('afterend', '<div class="ds-flex"><div role="button" class="ds-button"></div></div>');
    expect(deepseek.idleSignal!(doc)).toBe('quiet');
    expect(deepseek.answerFinished!(turns[1].element)).toBe(true);
    // The composer emptied: the button is disabled again and says so for sure.
    box.value = '';
    button.classList.add('ds-button--disabled');
    expect(deepseek.idleSignal!(doc)).toBe('reliable');
  });

  it('reads the round button as disabled by aria-disabled too (as an automation tool reads it), and stays unsure without it', () => {
    const { doc } = read('real-dom/deepseek-live-2026-10-03.html');
    const button = doc.querySelector('.ds-button--primary.ds-button--circle')!;
    // robertpiosik/CodeWebChat chatbots/deepseek.ts @ 25d353db: generating is `input[type=file] + div[aria-disabled=false]` with an empty textarea.
    button.classList.remove('ds-button--disabled');
    button.setAttribute('aria-disabled', 'true');
    expect(deepseek.streaming(doc)).toBeNull();
    expect(deepseek.idleSignal!(doc)).toBe('reliable');
    button.setAttribute('aria-disabled', 'false');
    expect(deepseek.streaming(doc)).toBe('unmarked');
    // A renamed round button: the page cannot say for sure.
    button.className = 'ds-button ds-button--renamed';
    expect(deepseek.idleSignal!(doc)).toBe('quiet');
  });

  it.each([
    [
      'sites/deepseek-2026-10.html',
      '已深度思考（用时 25 秒）',
      '向量召回和关键词召回有什么区别？',
      '两者的主要区别：\n关键词召回按字面词项匹配，速度快、可解释。\n向量召回按语义相似度匹配，能找到同义表达。',
      '用户想比较两种召回方式。\n关键词召回看字面匹配，向量召回看语义相似。',
    ],
    [
      'sites/deepseek-2026-10-rotated.html',
      'Thought for 25 seconds',
      'How does vector recall differ from keyword recall?',
      'The main differences:\nKeyword recall matches literal terms: fast and explainable.\nVector recall matches by semantic similarity, so it finds paraphrases.',
      'The user wants the two recall methods compared.\nKeyword recall matches terms literally; vector recall matches meaning.',
    ],
  ])('%s: the answer without its reasoning, the reasoning in full with its header', (file, label, prompt, answer, reasoning) => {
    const { roles, texts, turns } = read(file);
    expect(roles).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(texts[2]).toBe(prompt);
    expect(texts[3]).toBe(answer);
    expect(deepseek.readReasoning!(turns[3])).toEqual({ text: reasoning, summaryOnly: false, durationLabel: label });
    expect(parseReasoningDuration(label)).toBe(25);
  });

  it('skips the empty message shell the page mounts before an answer', () => {
    const { doc } = read('sites/deepseek-2026-10.html');
    const list = doc.querySelector('.ds-virtual-list-visible-items')!;
    list.insertAdjacentHTML('beforeend', '<div data-virtual-list-item-key="6"><div class="ds-message _63c77b1"></div></div>');
    expect(deepseek.findTurns(doc).map((t) => t.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });

  it('tells a streaming answer by the round button enabled with an empty composer, and a finished one by its action bar', () => {
    const { doc, turns } = read('sites/deepseek-2026-10-rotated.html');
    const button = doc.querySelector('.ds-button--circle')!;
    const box = doc.querySelector('textarea')! as HTMLTextAreaElement;
    expect(deepseek.isStreaming(doc)).toBe(false);
    expect(deepseek.answerFinished!(turns[3].element)).toBe(true);
    // Generating: the button turns into the (unlabelled) stop button; the answer has no action bar yet.
    button.classList.remove('ds-button--disabled');
    turns[3].element.parentElement!.lastElementChild!.remove();
    expect(deepseek.isStreaming(doc)).toBe(true);
    expect(deepseek.answerFinished!(turns[3].element)).toBe(false);
    expect(deepseek.answerFinished!(turns[1].element)).toBe(true);
    // Idle with text typed in: the same enabled button is the send button.
    box.value = 'next question';
    expect(deepseek.isStreaming(doc)).toBe(false);
  });

  it('keeps ids when the virtual list scrolls (the list keys are not message ids)', () => {
    const { doc, turns } = read('sites/deepseek-2026-10.html');
    const later = turns.slice(2).map((t) => t.id);
    doc.querySelectorAll('[data-virtual-list-item-key="-2"], [data-virtual-list-item-key="2"]').forEach((el) => el.remove());
    expect(deepseek.findTurns(doc).map((t) => t.id)).toEqual(later);
  });

  it('reads the Instant/Expert mode radio, else the DeepThink toggle', () => {
    const doc = loadPage(
      '<div role="radiogroup"><div role="radio" aria-checked="false">Instant</div><div role="radio" aria-checked="true">Expert</div></div>',
      URL_,
    );
    expect(deepseek.readModelLabel(doc)).toBe('Expert');
    const { doc: page } = read('sites/deepseek-2026-10.html');
    page.querySelector('.ds-toggle-button')!.setAttribute('aria-pressed', 'true');
    expect(deepseek.readModelLabel(page)).toBe('DeepThink');
  });
});

describe('DeepSeek', () => {
  it('reads the 2025 markup: prompt and answer, the reasoning apart with its header', () => {
    const { turns, texts } = readFixture(deepseek, 'sites/deepseek-2025.html', 'https://chat.deepseek.com/a/chat/s/d25');
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant']);
    expect(texts).toEqual(['What is 17 times 23?', '17 × 23 = 391.']);
    expect(deepseek.readReasoning!(turns[1])).toEqual({
      text: '17 times 20 is 340, and 17 times 3 is 51.',
      summaryOnly: false,
      durationLabel: 'Thought for 3 seconds',
    });
  });

  it('reads the 2026-03 virtual list markup, its reasoning apart, and the DeepThink toggle', () => {
    const { doc, turns, texts } = readFixture(deepseek, 'sites/deepseek-2026.html', 'https://chat.deepseek.com/a/chat/s/d26');
    expect(turns.map((t) => t.role)).toEqual(alternating(4));
    expect(texts[1]).toBe('Recursion is when a function solves a problem by calling itself on smaller parts of it.');
    expect(deepseek.readReasoning!(turns[1])!.text).toBe('The user wants a single sentence; a function calling itself is the core idea.');
    expect(texts[3]).toBe('Iteration repeats steps in a loop instead.');
    expect(deepseek.readModelLabel(doc)).toBe('DeepThink');
    expect(deepseek.conversationId('https://chat.deepseek.com/a/chat/s/d26')).toBe('d26');
  });

  it('keeps ids when the virtual list scrolls (ids do not depend on position)', () => {
    const { doc, turns } = readFixture(deepseek, 'sites/deepseek-2026.html', 'https://chat.deepseek.com/a/chat/s/d26');
    const before = turns.slice(2).map((t) => t.id);
    const list = doc.getElementById('list')!;
    list.removeChild(list.children[0]);
    list.removeChild(list.children[0]);
    expect(deepseek.findTurns(doc).map((t) => t.id)).toEqual(before);
  });
});

describe('DeepSeek streaming and text', () => {
  it('tells streaming by a stop button when one shows, and waits for the page to settle as well', () => {
    const { doc } = readFixture(deepseek, 'sites/deepseek-2026-10.html', 'https://chat.deepseek.com/a/chat/s/a');
    expect(deepseek.isStreaming(doc)).toBe(false);
    doc.body.insertAdjacentHTML('beforeend', '<button aria-label="Stop generating">■</button>');
    expect(deepseek.isStreaming(doc)).toBe(true);
    expect(deepseek.streamingSignal).toBe('quiet');
  });

  it.each(['sites/deepseek-2025.html', 'sites/deepseek-2026-10-rotated.html'])('never includes UI chrome at the end of a line (%s)', (file) =>
    expectNoChrome(deepseek, file, 'https://chat.deepseek.com/a/chat/s/a'),
  );
});
