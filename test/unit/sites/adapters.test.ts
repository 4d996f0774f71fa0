import { describe, expect, it } from 'vitest';
import { ADAPTERS, adapterForHost } from '../../../src/sites';
import type { PageMessage, SiteAdapter } from '../../../src/sites/adapter';
import { fixture, loadPage } from './load-page';

function read(adapter: SiteAdapter, file: string, url: string) {
  const doc = loadPage(fixture(file), url);
  const turns = adapter.findTurns(doc);
  return { doc, turns, texts: turns.map((t: PageMessage) => adapter.readText(t)), roles: turns.map((t) => t.role) };
}

const alternating = (n: number) => Array.from({ length: n }, (_, i) => (i % 2 === 0 ? 'user' : 'assistant'));
const CHROME_WORDS = /\b(Copy code|Copy|Run|Retry|Edit|Regenerate|Rewrite|Read aloud|Show thinking)\b$/m;

describe('the site registry', () => {
  it('maps every tracked host to its adapter and others to none', () => {
    expect(adapterForHost('chatgpt.com')?.site).toBe('chatgpt');
    expect(adapterForHost('chat.openai.com')?.site).toBe('chatgpt');
    expect(adapterForHost('claude.ai')?.site).toBe('claude');
    expect(adapterForHost('gemini.google.com')?.site).toBe('gemini');
    expect(adapterForHost('chat.deepseek.com')?.site).toBe('deepseek');
    expect(adapterForHost('www.meta.ai')?.site).toBe('meta');
    expect(adapterForHost('meta.ai')?.site).toBe('meta');
    expect(adapterForHost('chat.mistral.ai')?.site).toBe('mistral');
    expect(adapterForHost('example.com')).toBeNull();
  });
});

describe('ChatGPT on the real snapshots', () => {
  const { chatgpt } = ADAPTERS;

  it('finds the five question/answer pairs in order with their page ids and texts', () => {
    const { turns, texts, roles } = read(chatgpt, 'real-dom/chatgpt-dom-5question-ans-pairs.html', 'https://chatgpt.com/c/abc');
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
    const one = read(chatgpt, 'real-dom/chatgpt-dom-1question-ans-pair.html', 'https://chatgpt.com/c/abc');
    expect(one.roles).toEqual(alternating(2));
    expect(one.texts[0]).toBe('what model/version of chatgpt are you?');
    const two = read(chatgpt, 'real-dom/chatgpt-dom-2question-ans-pairs.html', 'https://chatgpt.com/c/abc');
    expect(two.roles).toEqual(alternating(4));
    expect(two.texts[3].startsWith('Yes — I can search the web in real time when needed 👍')).toBe(true);
    const page = read(chatgpt, 'real-dom/chatgpt-dom.html', 'https://chatgpt.com/c/abc');
    expect(page.texts[0]).toBe('What ChatGPT version are you?');
    expect(page.texts[1].startsWith("You're currently chatting with GPT-4o")).toBe(true);
  });

  it('reads a code answer without the code block chrome (language label, Copy, Run)', () => {
    const { texts } = read(chatgpt, 'real-dom/chatgpt-dom-1question-ans-pair--with-python-code-response.html', 'https://chatgpt.com/c/abc');
    expect(texts).toEqual(['show a simple python hello world', 'Here’s a simple Python “Hello, World!” example:\nprint("Hello, World!")']);
  });

  it('reads the model from the per-message slug, else from the picker', () => {
    expect(chatgpt.readModelLabel(read(chatgpt, 'real-dom/chatgpt-dom.html', 'https://chatgpt.com/').doc)).toBe('gpt-4o');
    const doc = loadPage('<button data-testid="model-switcher-dropdown-button"><div>GPT-5.5 Pro</div></button>', 'https://chatgpt.com/');
    expect(chatgpt.readModelLabel(doc)).toBe('GPT-5.5 Pro');
  });

  it('finds messages in the newer li[data-message-role] markup', () => {
    const { turns, texts, roles } = read(chatgpt, 'sites/chatgpt-li-message-role.html', 'https://chatgpt.com/c/li');
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
    const { doc } = read(chatgpt, 'sites/chatgpt.html', 'https://chatgpt.com/c/x');
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

describe('Claude on the real snapshots (assistant side only)', () => {
  const { claude } = ADAPTERS;

  it('finds the one answer of the code snapshot, without the warning and the Retry button', () => {
    const { turns, texts } = read(claude, 'real-dom/claude-codeblock-larger-dom.html', 'https://claude.ai/chat/11-22');
    expect(turns.map((t) => t.role)).toEqual(['assistant']);
    expect(texts[0].startsWith('Absolutely! Running open source coding AI models in a homelab is very feasible')).toBe(true);
    expect(texts[0].endsWith('especially since these languages have good representation in training data.')).toBe(true);
    expect(texts[0]).not.toContain('Retry');
    expect(texts[0]).not.toContain('Claude does not have the ability to run the code');
  });

  it('reads an answer with an artifact card without the card', () => {
    const { texts } = read(claude, 'real-dom/claude-single-user-response-with-artifact-dom.html', 'https://claude.ai/chat/11-22');
    expect(texts).toHaveLength(1);
    expect(texts[0].startsWith('Yes, exactly! There are 3 main DeepSeek series. Let me create a comprehensive table:')).toBe(true);
    expect(texts[0]).not.toContain('Comparison Table');
    expect(texts[0].endsWith('complex system design decisions for your Reddit platform.')).toBe(true);
  });

  it('finds no messages in a bare code block', () => {
    expect(read(claude, 'real-dom/claude-codeblock-dom.html', 'https://claude.ai/chat/11-22').turns).toEqual([]);
  });

  it('finds both sides of a conversation, derives ids from the prompt, and reads the model picker', () => {
    const { doc, turns, texts } = read(claude, 'sites/claude.html', 'https://claude.ai/chat/5e6f');
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant']);
    expect(turns.every((t) => !t.pageId && t.id.startsWith('5e6f:'))).toBe(true);
    expect(texts[0]).toBe('What is a kilowatt-hour?');
    expect(texts[1]).toBe('A kilowatt-hour is the energy of one kilowatt used for one hour.\nA kettle uses about 0.1 kWh to boil a litre of water.');
    expect(claude.readModelLabel(doc)).toBe('Claude Opus 4.5');
    expect(claude.isStreaming(doc)).toBe(false);
    doc.querySelector('[data-is-streaming]')!.setAttribute('data-is-streaming', 'true');
    expect(claude.isStreaming(doc)).toBe(true);
  });

  it('derives the same ids for the same page every time', () => {
    const a = read(claude, 'sites/claude.html', 'https://claude.ai/chat/5e6f').turns.map((t) => t.id);
    const b = read(claude, 'sites/claude.html', 'https://claude.ai/chat/5e6f').turns.map((t) => t.id);
    expect(a).toEqual(b);
  });
});

describe('Gemini on the real snapshots', () => {
  const { gemini } = ADAPTERS;

  it('finds the three pairs in order, with ids from their containers', () => {
    const { turns, texts, roles } = read(gemini, 'real-dom/gemini-dom.html', 'https://gemini.google.com/app/5f1d');
    expect(roles).toEqual(alternating(6));
    expect(turns.map((t) => t.id)).toEqual([
      'a90a6a0004767ad3:u',
      'a90a6a0004767ad3:a',
      '9ca6094d970016a5:u',
      '9ca6094d970016a5:a',
      '23eafd8a4cb4f161:u',
      '23eafd8a4cb4f161:a',
    ]);
    expect(texts[0]).toBe("i'm inspecting the gemini chat page for creating an export tool, can you give me a short response only");
    expect(texts[1].startsWith('Extracting chat content from the Gemini page for an export tool typically involves')).toBe(true);
    expect(texts[2]).toBe('one more response, a short one, so I can inspect the html dom');
    expect(texts[4]).toBe('then last , one more short response.. thanks');
    expect(texts[5].startsWith('Got it. Look specifically for div elements containing the actual message text')).toBe(true);
    expect(texts[5].endsWith('perhaps by different parent element classes or specific icons.')).toBe(true);
  });

  it('finds nothing (and nothing streaming) while older turns load on scroll-back', () => {
    const { doc, turns } = read(gemini, 'real-dom/gemini-scrollback-loading-dom.html', 'https://gemini.google.com/app/5f1d');
    expect(turns).toEqual([]);
    expect(gemini.isStreaming(doc)).toBe(false);
  });

  it('reads the mode picker and tells streaming by the send button turning into stop', () => {
    const { doc } = read(gemini, 'sites/gemini.html', 'https://gemini.google.com/app/5f1d');
    expect(gemini.readModelLabel(doc)).toBe('3.1 Pro');
    expect(gemini.isStreaming(doc)).toBe(false);
    doc.querySelector('.send-button')!.classList.add('stop');
    expect(gemini.isStreaming(doc)).toBe(true);
  });

  it('reads conversation ids of chats and of Gems', () => {
    expect(gemini.conversationId('https://gemini.google.com/app/5f1d0c')).toBe('5f1d0c');
    expect(gemini.conversationId('https://gemini.google.com/u/1/app/77')).toBe('77');
    expect(gemini.conversationId('https://gemini.google.com/gem/coding-partner/9a9a')).toBe('9a9a');
    expect(gemini.conversationId('https://gemini.google.com/app')).toBeNull();
  });
});

describe('DeepSeek', () => {
  const { deepseek } = ADAPTERS;

  it('reads the 2025 markup: prompt and answer, the reasoning apart with its header', () => {
    const { turns, texts } = read(deepseek, 'sites/deepseek-2025.html', 'https://chat.deepseek.com/a/chat/s/d25');
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant']);
    expect(texts).toEqual(['What is 17 times 23?', '17 × 23 = 391.']);
    expect(deepseek.readReasoning!(turns[1])).toEqual({
      text: '17 times 20 is 340, and 17 times 3 is 51.',
      summaryOnly: false,
      durationLabel: 'Thought for 3 seconds',
    });
  });

  it('reads the 2026-03 virtual list markup, its reasoning apart, and the DeepThink toggle', () => {
    const { doc, turns, texts } = read(deepseek, 'sites/deepseek-2026.html', 'https://chat.deepseek.com/a/chat/s/d26');
    expect(turns.map((t) => t.role)).toEqual(alternating(4));
    expect(texts[1]).toBe('Recursion is when a function solves a problem by calling itself on smaller parts of it.');
    expect(deepseek.readReasoning!(turns[1])!.text).toBe('The user wants a single sentence; a function calling itself is the core idea.');
    expect(texts[3]).toBe('Iteration repeats steps in a loop instead.');
    expect(deepseek.readModelLabel(doc)).toBe('DeepThink');
    expect(deepseek.conversationId('https://chat.deepseek.com/a/chat/s/d26')).toBe('d26');
  });

  it('keeps ids when the virtual list scrolls (ids do not depend on position)', () => {
    const { doc, turns } = read(deepseek, 'sites/deepseek-2026.html', 'https://chat.deepseek.com/a/chat/s/d26');
    const before = turns.slice(2).map((t) => t.id);
    const list = doc.getElementById('list')!;
    list.removeChild(list.children[0]);
    list.removeChild(list.children[0]);
    expect(deepseek.findTurns(doc).map((t) => t.id)).toEqual(before);
  });
});

describe('Mistral and Meta AI', () => {
  it('Mistral: finds messages with their ids and reads the prompt and answer text', () => {
    const { doc, turns, texts } = read(ADAPTERS.mistral, 'sites/mistral.html', 'https://chat.mistral.ai/chat/m1');
    expect(turns.map((t) => [t.role, t.id])).toEqual([
      ['user', '7d1e9a20-0000-4c00-9000-000000000101'],
      ['assistant', '7d1e9a20-0000-4c00-9000-000000000102'],
    ]);
    expect(texts).toEqual(['Write a haiku about wind turbines.', 'White arms turn slowly,\nthe hill exhales into light,\nwind becomes the lamp.']);
    expect(ADAPTERS.mistral.readModelLabel(doc)).toBe('Mistral Medium');
  });

  it('Meta AI: finds nothing on a page without its message markup (reported as not recognized, never counted as zero)', () => {
    expect(read(ADAPTERS.meta, 'sites/meta.html', 'https://www.meta.ai/prompt/abc').turns).toEqual([]);
    const doc = loadPage('<div role="main"><div contenteditable="true"></div></div>', 'https://www.meta.ai/');
    expect(ADAPTERS.meta.findTurns(doc)).toEqual([]);
  });

  it('Mistral and DeepSeek tell streaming by a stop button when one shows, and wait for the page to settle as well', () => {
    for (const [adapter, file] of [
      [ADAPTERS.mistral, 'sites/mistral.html'],
      [ADAPTERS.deepseek, 'sites/deepseek-2026-10.html'],
    ] as const) {
      const { doc } = read(adapter, file, 'https://example.test/');
      expect(adapter.isStreaming(doc)).toBe(false);
      doc.body.insertAdjacentHTML('beforeend', '<button aria-label="Stop generating">■</button>');
      expect(adapter.isStreaming(doc)).toBe(true);
      expect(adapter.streamingSignal).toBe('quiet');
    }
  });
});

describe('reading text', () => {
  it('never includes UI chrome at the end of a line in any fixture', () => {
    const cases: Array<[SiteAdapter, string, string]> = [
      [ADAPTERS.chatgpt, 'real-dom/chatgpt-dom-5question-ans-pairs.html', 'https://chatgpt.com/c/a'],
      [ADAPTERS.chatgpt, 'sites/chatgpt.html', 'https://chatgpt.com/c/a'],
      [ADAPTERS.gemini, 'real-dom/gemini-dom.html', 'https://gemini.google.com/app/a'],
      [ADAPTERS.deepseek, 'sites/deepseek-2025.html', 'https://chat.deepseek.com/a/chat/s/a'],
      [ADAPTERS.mistral, 'sites/mistral.html', 'https://chat.mistral.ai/chat/a'],
      [ADAPTERS.meta, 'sites/meta-2026-en.html', 'https://www.meta.ai/prompt/a'],
      [ADAPTERS.mistral, 'sites/mistral-2026-fr.html', 'https://chat.mistral.ai/work/a'],
      [ADAPTERS.deepseek, 'sites/deepseek-2026-10-rotated.html', 'https://chat.deepseek.com/a/chat/s/a'],
      [ADAPTERS.gemini, 'sites/gemini-2026-ko.html', 'https://gemini.google.com/app/a'],
      [ADAPTERS.claude, 'sites/claude-2026-de.html', 'https://claude.ai/chat/a'],
    ];
    for (const [adapter, file, url] of cases) {
      for (const text of read(adapter, file, url).texts) {
        expect(text).not.toBe('');
        expect(text).not.toMatch(CHROME_WORDS);
      }
    }
  });

  it('keeps code indentation inside pre blocks', () => {
    const { texts } = read(ADAPTERS.chatgpt, 'sites/chatgpt.html', 'https://chatgpt.com/c/a');
    expect(texts[3]).toBe('Here is one:\nfor i in range(3):\n    print(i)');
  });
});
