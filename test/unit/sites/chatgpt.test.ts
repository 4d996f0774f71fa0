/**
 * ChatGPT's three transcript markups (a: data-message-author-role, b: li[data-message-role] in
 * ol[data-conversation-transcript], c: [data-turn-key] turns with keyed units), read from real
 * captures and from fixtures derived from them (sources in test/fixtures/sites/README.md).
 */
import { describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../support/adapters';
import type { PageMessage } from '../../../src/sites/adapter';
import { parseReasoningDuration } from '../../../src/sites/reasoning-duration';
import { alternating, expectNoChrome, fixture, loadPage, readFixture } from '../support/load-page';

const chatgpt = ADAPTERS.chatgpt;

function read(file: string, url: string) {
  const doc = loadPage(fixture(file), url);
  const turns = chatgpt.findTurns(doc);
  return { doc, turns, texts: turns.map((t) => chatgpt.readText(t)), roles: turns.map((t) => t.role), ids: turns.map((t) => t.id) };
}

const answers = (turns: PageMessage[]) => turns.filter((t) => t.role === 'assistant');
const B_URL = 'https://chatgpt.com/uc/6ac003a8-d54c-83ea-bb04-28d7229e9e47';
const C_URL = 'https://chatgpt.com/g/g-p-00000000000000000000000000000000-project/c/6aa2ce8d-3010-83ea-befd-6a9df1d7008e';

describe('ChatGPT variant b (ol[data-conversation-transcript] > li[data-message-role])', () => {
  it('reads the live capture: the prompt inside the bubble button, not the visually hidden "你说：" heading', () => {
    const { turns, texts, roles, ids } = read('real-dom/chatgpt-live-2026-10-03.html', B_URL);
    expect(roles).toEqual(['user', 'assistant']);
    expect(ids).toEqual(['6b3ff1fe-f466-47e7-86f7-aa0ba63834f7', '3e473e6b-c99d-4d25-b2a0-9fa93bc96283']);
    expect(turns.every((t) => t.pageId)).toBe(true);
    expect(texts).toEqual(['用一句话解释向量召回', '向量召回就是把查询和候选内容转换成向量，通过计算向量相似度快速找出语义最相关的内容。']);
    expect(chatgpt.answerFinished?.(turns[1].element)).toBe(true);
  });

  it.each([
    [
      'sites/chatgpt-b-zh.html',
      [
        '用一句话解释向量召回',
        '向量召回就是把查询和候选内容转换成向量，通过计算向量相似度快速找出语义最相关的内容。',
        '向量召回和关键词召回有什么区别？',
        '关键词召回按字面词项匹配，速度快、可解释；向量召回按语义相似度匹配，能找到同义表达。\n实际系统常把两者结合使用。',
      ],
    ],
    [
      'sites/chatgpt-b-en.html',
      [
        'Explain vector retrieval in one sentence.',
        'Vector retrieval turns the query and the candidates into vectors and returns the candidates whose vectors are most similar in meaning.',
        'How is it different from keyword retrieval?',
        'Keyword retrieval matches the literal terms, fast and explainable; vector retrieval matches by semantic similarity and finds paraphrases.\nReal systems often combine both.',
      ],
    ],
  ])('%s: every message in order, with the li ids, finished, nothing streaming', (file, expected) => {
    const { doc, turns, texts, roles, ids } = read(file, B_URL);
    expect(roles).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(ids).toEqual([
      '6b3ff1fe-f466-47e7-86f7-aa0ba63834f7',
      '3e473e6b-c99d-4d25-b2a0-9fa93bc96283',
      'c1f0d3a2-5b7e-4c61-9d2a-0e8f4b6a7c11',
      'd2e1c4b3-6c8f-4d72-8e3b-1f9a5c7b8d22',
    ]);
    expect(texts).toEqual(expected);
    expect(answers(turns).map((a) => chatgpt.answerFinished?.(a.element))).toEqual([true, true]);
    expect(chatgpt.isStreaming(doc)).toBe(false);
    expect(chatgpt.readReasoning?.(turns[1])).toBeNull();
  });

  it('follows an answer from pending-<uuid> through its real id to data-message-complete, streaming until the end', () => {
    const { doc } = read('sites/chatgpt-b-en.html', B_URL);
    const li = doc.getElementById('d2e1c4b3-6c8f-4d72-8e3b-1f9a5c7b8d22')!;
    const submit = doc.querySelector('button[data-composer-submit]')!;
    const last = () => chatgpt.findTurns(doc).at(-1)!;
    // 1. Just mounted: pending id, data-message-streaming, the submit button is a stop button.
    li.id = 'pending-0d5c1e2a-9b3f-4e6d-8a7c-112233445566';
    li.removeAttribute('data-message-complete');
    li.setAttribute('data-message-streaming', '');
    submit.setAttribute('data-stop-generating', '');
    submit.setAttribute('aria-label', submit.getAttribute('data-stop-label')!);
    expect(chatgpt.isStreaming(doc)).toBe(true);
    expect(chatgpt.answerFinished?.(last().element)).toBe(false);
    // 2. The URL got its id: the li takes its real id and loses data-message-streaming, still generating.
    li.id = 'd2e1c4b3-6c8f-4d72-8e3b-1f9a5c7b8d22';
    li.removeAttribute('data-message-streaming');
    expect(chatgpt.isStreaming(doc)).toBe(true);
    // Even without the stop button, an answer not yet marked complete is still coming.
    submit.removeAttribute('data-stop-generating');
    expect(chatgpt.isStreaming(doc)).toBe(true);
    // 3. Done.
    li.setAttribute('data-message-complete', '');
    expect(chatgpt.isStreaming(doc)).toBe(false);
    expect(chatgpt.answerFinished?.(last().element)).toBe(true);
    expect(last().id).toBe('d2e1c4b3-6c8f-4d72-8e3b-1f9a5c7b8d22');
  });

  it('takes the conversation id from /uc/<id>, or from section[data-conversation-id] on a page without one', () => {
    expect(chatgpt.conversationId(B_URL)).toBe('6ac003a8-d54c-83ea-bb04-28d7229e9e47');
    const { doc } = read('real-dom/chatgpt-live-2026-10-03.html', 'https://chatgpt.com/');
    expect(chatgpt.conversationId('https://chatgpt.com/')).toBeNull();
    expect(chatgpt.conversationIdInPage?.(doc)).toBe('6ac003a8-d54c-83ea-bb04-28d7229e9e47');
  });

  it('still reads the 2026-07 li markup with data-message-id and no transcript attributes', () => {
    const { turns, texts } = read('sites/chatgpt-li-message-role.html', 'https://chatgpt.com/c/li');
    expect(turns.map((t) => t.id)).toEqual([
      'b0000000-0000-4000-8000-00000000000a',
      'b0000000-0000-4000-8000-00000000000b',
      'b0000000-0000-4000-8000-00000000000c',
      'b0000000-0000-4000-8000-00000000000d',
    ]);
    expect(texts[2]).toBe('And "good night"?');
  });
});

describe('ChatGPT variant c ([data-turn-key] turns, units keyed <turn>:<n>:<role>)', () => {
  const EN = [
    'Omega theta order case point theta vector index. Lambda lambda.lambda point gamma field case. Lambda point limit kappa, case Epsilon matrix matrix index table_1 + beta_4, theta proof ring zeta bound alpha. Table value lambda value 99 graph. Value omega case ring bound.',
    'Point_Prime_24989181\nalpha_5 + sigma_6 = 4 + 72 = 13\nDelta matrix: delta.ring',
    'Zeta value vector vector sum. Table table curve omega field claim delta limit bound; gamma sum field. Gamma vector field Beta_Kappa_34697418 zeta sigma Case node zeta lambda lambda omega index sum beta. Limit gamma lambda 97 bound; limit field lambda table sum curve limit matrix proof.',
    'Omega_Theta_17013741\n58^7 = 631',
  ];
  const IDS = [
    'f3555b9d-44cf-4ca1-b3eb-607f82d41a26',
    '802dc67b-9baf-44b9-a7e7-8d474d21b7ea',
    '7bb04ce5-3776-4689-a6d3-4c07c8061151',
    '108194df-a012-40fd-9136-9947101eee9e',
  ];

  it.each(['real-dom/chatgpt-c-2026-09-25.html', 'sites/chatgpt-c-en.html'])(
    '%s: prompts from the bubble (not the attachment card), answers without the "ChatGPT said:" heading, math as its source',
    (file) => {
      const { doc, turns, texts, roles, ids } = read(file, C_URL);
      expect(roles).toEqual(['user', 'assistant', 'user', 'assistant']);
      expect(ids).toEqual(IDS);
      expect(turns.every((t) => t.pageId)).toBe(true);
      expect(texts).toEqual(EN);
      expect(answers(turns).map((a) => chatgpt.answerFinished?.(a.element))).toEqual([true, true]);
      expect(chatgpt.isStreaming(doc)).toBe(false);
      expect(answers(turns).map((a) => chatgpt.readReasoning?.(a))).toEqual([
        { text: null, summaryOnly: false, durationLabel: 'Worked for 20s' },
        { text: null, summaryOnly: false, durationLabel: 'Worked for 12s' },
      ]);
      expect(chatgpt.conversationIdInPage?.(doc)).toBe('6aa2ce8d-3010-83ea-befd-6a9df1d7008e');
    },
  );

  it('reads the Japanese UI the same way, with the ja duration labels', () => {
    const { turns, texts, ids } = read('sites/chatgpt-c-ja.html', C_URL);
    expect(ids).toEqual(IDS);
    expect(texts).toEqual([
      '添付した資料をもとに、行列の値を計算してください。',
      '計算結果は次のとおりです。\nalpha_5 + sigma_6 = 4 + 72 = 13\n行列ファイル: delta.ring',
      'べき乗の結果も確認できますか？',
      'はい、確認しました。\n58^7 = 631',
    ]);
    const labels = answers(turns).map((a) => chatgpt.readReasoning?.(a)?.durationLabel ?? null);
    expect(labels).toEqual(['思考時間: 7 秒', '思考時間: 3m 42s']);
    expect(labels.map(parseReasoningDuration)).toEqual([7, 222]);
  });

  it('is streaming while the turn has a busy status or the answer has no action bar yet, and while a prompt waits for its answer', () => {
    const { doc } = read('sites/chatgpt-c-en.html', C_URL);
    const lastAnswer = () => answers(chatgpt.findTurns(doc)).at(-1)!;
    const turn = doc.querySelectorAll('[data-turn-key]')[1];
    // The action bar and the rating prompt after the answer come only when it is done.
    const block = turn.querySelector('[data-content-search-unit-key$=":assistant"]')!.closest('.block-BQZwFn')!;
    const after = [block.nextElementSibling!, block.nextElementSibling!.nextElementSibling!];
    const status = doc.createElement('span');
    status.setAttribute('role', 'status');
    status.setAttribute('aria-busy', 'true');
    turn.querySelector('.group')!.appendChild(status);
    expect(chatgpt.isStreaming(doc)).toBe(true);
    expect(chatgpt.answerFinished?.(lastAnswer().element)).toBe(false);
    status.remove();
    after.forEach((e) => e.remove());
    expect(chatgpt.isStreaming(doc)).toBe(true);
    expect(chatgpt.answerFinished?.(lastAnswer().element)).toBe(false);
    after.forEach((e) => block.parentElement!.appendChild(e));
    expect(chatgpt.isStreaming(doc)).toBe(false);
    // A new prompt whose answer has not started.
    const next = doc.querySelectorAll('[data-turn-key]')[1].parentElement!.cloneNode(true) as Element;
    const nextBlock = next.querySelector('[data-content-search-unit-key$=":assistant"]')!.closest('.block-BQZwFn')!;
    while (nextBlock.nextElementSibling) nextBlock.nextElementSibling.remove();
    next.querySelector('[data-chatgpt-agent-turn-start]')!.parentElement!.remove();
    next.querySelector('[data-content-search-unit-key$=":assistant"]')!.parentElement!.remove();
    next.querySelector('[data-turn-key]')!.setAttribute('data-turn-key', 'e0e0e0e0-0000-4000-8000-000000000001');
    doc.querySelectorAll('[data-turn-key]')[1].parentElement!.after(next);
    expect(chatgpt.findTurns(doc).at(-1)!.role).toBe('user');
    expect(chatgpt.isStreaming(doc)).toBe(true);
  });

  it('a code block Copy button inside the answer is not its action bar', () => {
    const { doc } = read('sites/chatgpt-c-en.html', C_URL);
    const turn = doc.querySelectorAll('[data-turn-key]')[1];
    const block = turn.querySelector('[data-content-search-unit-key$=":assistant"]')!.closest('.block-BQZwFn')!;
    while (block.nextElementSibling) block.nextElementSibling.remove();
    turn
      .querySelector('[data-markdown-text-style="assistant-message"]')!
      .insertAdjacentHTML('beforeend', '<pre><div><button aria-label="Copy"></button></div><code>x = 1</code></pre>');
    expect(chatgpt.answerFinished?.(answers(chatgpt.findTurns(doc)).at(-1)!.element)).toBe(false);
  });

  it("reads project and GPT conversation URLs; a new chat's local placeholder id is no conversation yet", () => {
    expect(chatgpt.conversationId(C_URL)).toBe('6aa2ce8d-3010-83ea-befd-6a9df1d7008e');
    expect(chatgpt.conversationId('https://chatgpt.com/g/g-xyz-helper/c/77aa')).toBe('77aa');
    expect(chatgpt.conversationId('https://chatgpt.com/c/6810-abcd')).toBe('6810-abcd');
    expect(chatgpt.conversationId('https://chatgpt.com/c/local-2b8f0c1e-1111-4222-8333-444455556666')).toBeNull();
    expect(chatgpt.conversationId('https://chatgpt.com/g/g-p-00000000000000000000000000000000-project/project')).toBeNull();
  });
});

describe('ChatGPT generated images', () => {
  const URL_IMG = 'https://chatgpt.com/c/6ad01f3e-7a10-83ea-9c2b-1d2e3f405060';

  it('counts the three gallery images once each (two layers of one image are one), never the upload, the chart, favicons or the citation pill', () => {
    const { turns, texts } = read('sites/chatgpt-images.html', URL_IMG);
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(chatgpt.generatedImages?.(turns[0])).toEqual([]);
    expect(chatgpt.generatedImages?.(turns[1])).toEqual([
      { key: 'a7c3e9f0-0001-4d00-8000-0000000000b1:image:0', ready: true },
      { key: 'a7c3e9f0-0001-4d00-8000-0000000000b1:image:1', ready: true },
      { key: 'a7c3e9f0-0001-4d00-8000-0000000000b1:image:2', ready: true },
    ]);
    expect(texts[0]).toBe('Draw three logo variations of a wind turbine, in the style of this sketch.');
    expect(chatgpt.readReasoning?.(turns[1])?.durationLabel).toBe('Thought for 9s');
    expect(chatgpt.answerFinished?.(turns[1].element)).toBe(true);
  });

  it('a placeholder is not ready, keeps the answer unfinished, and keeps its key when the image arrives', () => {
    const { doc, turns } = read('sites/chatgpt-images.html', URL_IMG);
    expect(chatgpt.generatedImages?.(turns[3])).toEqual([{ key: 'a7c3e9f0-0002-4d00-8000-0000000000b2:image:0', ready: false }]);
    expect(chatgpt.answerFinished?.(turns[3].element)).toBe(false);
    expect(chatgpt.isStreaming(doc)).toBe(true);
    // The image arrives (a blob: URL, as the new UI shows it), the turn finishes.
    const preview = doc.querySelectorAll('[data-testid="generated-image-preview"]')[3];
    preview.removeAttribute('aria-busy');
    preview.innerHTML = '<img alt="Generated image 1" src="blob:https://chatgpt.com/11111111-2222-4333-8444-555555555555">';
    const turn = doc.querySelectorAll('[data-turn-key]')[1];
    turn.querySelector('[role="status"]')!.remove();
    turn.querySelector('.group')!.insertAdjacentHTML('beforeend', '<div class="mt-1.5 flex turn-action-controls"><button aria-label="Copy"></button></div>');
    const last = chatgpt.findTurns(doc)[3];
    expect(chatgpt.generatedImages?.(last)).toEqual([{ key: 'a7c3e9f0-0002-4d00-8000-0000000000b2:image:0', ready: true }]);
    expect(chatgpt.answerFinished?.(last.element)).toBe(true);
    expect(chatgpt.isStreaming(doc)).toBe(false);
  });

  it('older markup: an estuary image in an image container of a variant a answer, keyed by the message', () => {
    const doc = loadPage(
      `<main>
        <div data-message-author-role="user" data-message-id="u1"><div class="whitespace-pre-wrap">A fox</div><img src="https://chatgpt.com/backend-api/estuary/content?id=file_0000upload&amp;ts=1"></div>
        <div data-message-author-role="assistant" data-message-id="a1"><div id="image-file_0000fox"><img alt="" src="https://chatgpt.com/backend-api/estuary/content?id=file_0000fox&amp;ts=2"><img alt="Generated image" src="https://chatgpt.com/backend-api/estuary/content?id=file_0000fox&amp;ts=2"></div></div>
      </main>`,
      'https://chatgpt.com/c/old',
    );
    const [user, answer] = chatgpt.findTurns(doc);
    expect(chatgpt.generatedImages?.(user)).toEqual([]);
    expect(chatgpt.generatedImages?.(answer)).toEqual([{ key: 'a1:image:0', ready: true }]);
  });
});

describe('ChatGPT reasoning labels', () => {
  it('reads each label as shown, in every UI language of the fixture, and never as part of the answer', () => {
    const { turns, texts } = read('sites/chatgpt-reasoning.html', 'https://chatgpt.com/c/r');
    const found = answers(turns).map((a) => chatgpt.readReasoning?.(a) ?? null);
    expect(found.map((r) => r?.durationLabel ?? null)).toEqual([
      'Thought for 15m 31s',
      'Reasoned for 12 seconds',
      'Worked for 8m 19s',
      'Thought for a couple of seconds',
      'Réfléchi pendant 20s',
      'Nachgedacht für 1m 9s',
      'Pensó durante 4m 31s',
      'Pensou por 11s',
      '思考時間: 3m 42s',
      '已思考 12s',
      '8m 5s 동안 생각함',
      null,
    ]);
    expect(found.every((r) => r === null || (r.text === null && r.summaryOnly === false))).toBe(true);
    texts.filter((_, i) => i % 2 === 1).forEach((t, i) => expect(t).toBe(`6 times ${i + 1} is ${6 * (i + 1)}.`));
  });
});

describe('ChatGPT named selectors', () => {
  it('names every primary selector, and each one matches in at least one fixture', () => {
    const docs = ['sites/chatgpt.html', 'sites/chatgpt-b-zh.html', 'sites/chatgpt-c-en.html', 'sites/chatgpt-images.html', 'real-dom/chatgpt-dom.html'].map(
      (f) => loadPage(fixture(f), 'https://chatgpt.com/c/x'),
    );
    // States the fixtures only reach while streaming.
    const streaming = loadPage(
      '<button data-testid="stop-button"></button><button data-composer-submit data-stop-generating></button><ol data-conversation-transcript><li data-message-role="assistant" data-message-streaming></li></ol>',
      'https://chatgpt.com/c/x',
    );
    const unmatched = Object.entries(chatgpt.selectors).filter(([, chain]) => ![...docs, streaming].some((d) => d.querySelector(chain.join(', '))));
    expect(unmatched).toEqual([]);
  });
});

describe('ChatGPT on the real snapshots', () => {
  it('finds the five question/answer pairs in order with their page ids and texts', () => {
    const { turns, texts, roles } = readFixture(chatgpt, 'real-dom/chatgpt-dom-5question-ans-pairs.html', 'https://chatgpt.com/c/abc');
    expect(roles).toEqual(alternating(10));
    expect(turns.every((t) => t.pageId)).toBe(true);
    expect(turns[0].id).toBe('1758d9b7-514a-4b1f-989f-015f5374bbe3');
    expect(turns[9].id).toBe('f6225535-ae6d-4a98-aa46-a92dce6cf1b7');
    expect(texts[0]).toBe('what model/version of chatgpt are you?');
    expect(texts[1].startsWith('You’re talking to ChatGPT based on GPT-5.3, one of OpenAI’s newer multimodal models.')).toBe(true);
    expect(texts[1].endsWith('or its current limitations 👍')).toBe(true);
    expect(texts[2]).toBe('can you do search online in real time?');
    expect(texts[6]).toBe('now show some images, or canvas or any embedded stuffs you support');
    expect(texts[8].startsWith('can you show codes for python, golang, bash, typescript and plain text')).toBe(true);
    expect(texts[9].endsWith('embedded code inside tables\nJust say 👍')).toBe(true);
  });

  it('finds one pair and two pairs in the smaller snapshots', () => {
    const one = readFixture(chatgpt, 'real-dom/chatgpt-dom-1question-ans-pair.html', 'https://chatgpt.com/c/abc');
    expect(one.roles).toEqual(alternating(2));
    expect(one.texts[0]).toBe('what model/version of chatgpt are you?');
    const two = readFixture(chatgpt, 'real-dom/chatgpt-dom-2question-ans-pairs.html', 'https://chatgpt.com/c/abc');
    expect(two.roles).toEqual(alternating(4));
    expect(two.texts[3].startsWith('Yes — I can search the web in real time when needed 👍')).toBe(true);
    const page = readFixture(chatgpt, 'real-dom/chatgpt-dom.html', 'https://chatgpt.com/c/abc');
    expect(page.texts[0]).toBe('What ChatGPT version are you?');
    expect(page.texts[1].startsWith("You're currently chatting with GPT-4o")).toBe(true);
  });

  it('reads a code answer without the code block chrome (language label, Copy, Run)', () => {
    const { texts } = readFixture(chatgpt, 'real-dom/chatgpt-dom-1question-ans-pair--with-python-code-response.html', 'https://chatgpt.com/c/abc');
    expect(texts).toEqual(['show a simple python hello world', 'Here’s a simple Python “Hello, World!” example:\nprint("Hello, World!")']);
  });

  it('reads the model from the per-message slug, else from the picker', () => {
    expect(chatgpt.readModelLabel(readFixture(chatgpt, 'real-dom/chatgpt-dom.html', 'https://chatgpt.com/').doc)).toBe('gpt-4o');
    const doc = loadPage('<button data-testid="model-switcher-dropdown-button"><div>GPT-5.5 Pro</div></button>', 'https://chatgpt.com/');
    expect(chatgpt.readModelLabel(doc)).toBe('GPT-5.5 Pro');
  });

  it('finds messages in the newer li[data-message-role] markup', () => {
    const { turns, texts, roles } = readFixture(chatgpt, 'sites/chatgpt-li-message-role.html', 'https://chatgpt.com/c/li');
    expect(roles).toEqual(alternating(4));
    expect(turns[1].id).toBe('b0000000-0000-4000-8000-00000000000b');
    expect(texts).toEqual([
      'Translate "good morning" into French.',
      '"Good morning" in French is "Bonjour".',
      'And "good night"?',
      '"Good night" is "Bonne nuit".',
    ]);
  });

  it('falls back to the turn containers (data-turn, data-turn-id) when messages carry no role attribute', () => {
    const doc = loadPage(
      `<main>
        <section data-testid="conversation-turn-1" data-turn="user" data-turn-id="t-1"><div class="whitespace-pre-wrap">Hi there</div></section>
        <section data-testid="conversation-turn-2" data-turn="assistant" data-turn-id="t-2"><div class="markdown"><p>Hello!</p></div><button>Copy</button></section>
      </main>`,
      'https://chatgpt.com/c/sections',
    );
    const turns = chatgpt.findTurns(doc);
    expect(turns.map((t) => [t.role, t.id, chatgpt.readText(t)])).toEqual([
      ['user', 't-1', 'Hi there'],
      ['assistant', 't-2', 'Hello!'],
    ]);
  });

  it('tells streaming from finished by the stop button', () => {
    const { doc } = readFixture(chatgpt, 'sites/chatgpt.html', 'https://chatgpt.com/c/x');
    expect(chatgpt.isStreaming(doc)).toBe(false);
    doc.getElementById('send-slot')!.innerHTML = '<button data-testid="stop-button">Stop</button>';
    expect(chatgpt.isStreaming(doc)).toBe(true);
  });

  it('reads the conversation id from /c/ and /g/<gpt>/c/ URLs only', () => {
    expect(chatgpt.conversationId('https://chatgpt.com/c/6810-abcd')).toBe('6810-abcd');
    expect(chatgpt.conversationId('https://chatgpt.com/g/g-xyz-helper/c/77aa')).toBe('77aa');
    expect(chatgpt.conversationId('https://chatgpt.com/')).toBeNull();
  });
});

describe('ChatGPT text', () => {
  it.each([
    ['real-dom/chatgpt-dom-5question-ans-pairs.html', 'https://chatgpt.com/c/a'],
    ['sites/chatgpt.html', 'https://chatgpt.com/c/a'],
  ])('never includes UI chrome at the end of a line (%s)', (file, url) => expectNoChrome(chatgpt, file, url));

  it('keeps code indentation inside pre blocks', () => {
    const { texts } = readFixture(chatgpt, 'sites/chatgpt.html', 'https://chatgpt.com/c/a');
    expect(texts[3]).toBe('Here is one:\nfor i in range(3):\n    print(i)');
  });
});
