import { describe, expect, it } from 'vitest';
import { gemini } from '../../../src/sites/gemini/reader';
import { alternating, expectNoChrome, readFixture } from '../support/load-page';

const read = (file: string) => readFixture(gemini, file, 'https://gemini.google.com/app/5a1e0b7f3d2c4e00');

describe('Gemini, 2026 markup', () => {
  it('reads prompts and answers without thinking, images or hidden labels', () => {
    const { turns, texts } = read('sites/gemini-2026-en.html');
    expect(turns.map((t) => t.id)).toEqual([
      'c_5a1e0b7f3d2c4e01:u',
      'c_5a1e0b7f3d2c4e01:a',
      'c_5a1e0b7f3d2c4e02:u',
      'c_5a1e0b7f3d2c4e02:a',
      'c_5a1e0b7f3d2c4e03:u',
      'c_5a1e0b7f3d2c4e03:a',
    ]);
    expect(texts).toEqual([
      'Make an image of a wind farm at dusk, in the style of my photo.',
      'Here is a wind farm at dusk in the style of your photo.',
      'Which country has the most offshore wind?',
      'China has the largest offshore wind capacity, ahead of the United Kingdom.',
      'Show me pictures of the Hornsea wind farm.',
      'Hornsea, off the Yorkshire coast, is among the largest offshore wind farms.',
    ]);
  });

  it('counts generated images by answer and position, never the upload or search images', () => {
    for (const file of ['sites/gemini-2026-en.html', 'sites/gemini-2026-ko.html']) {
      const { turns } = read(file);
      expect(gemini.generatedImages!(turns[1])).toEqual([
        { key: 'c_5a1e0b7f3d2c4e01:a:image:0', ready: true },
        { key: 'c_5a1e0b7f3d2c4e01:a:image:1', ready: true },
      ]);
      expect(gemini.generatedImages!(turns[3])).toEqual([]);
      expect(gemini.generatedImages!(turns[5])).toEqual([]);
    }
  });

  it('reads thinking only when expanded', () => {
    const en = read('sites/gemini-2026-en.html');
    expect(gemini.readReasoning!(en.turns[3])).toEqual({
      text: 'The user asks for the country with the largest offshore wind capacity.\nChina passed the United Kingdom around 2021.',
      summaryOnly: false,
      durationLabel: null,
    });
    expect(gemini.readReasoning!(en.turns[5])).toEqual({ text: null, summaryOnly: false, durationLabel: null });
    expect(gemini.readReasoning!(en.turns[1])).toBeNull();
    const ko = read('sites/gemini-2026-ko.html');
    expect(gemini.readReasoning!(ko.turns[3])).toEqual({ text: null, summaryOnly: false, durationLabel: null });
    expect(ko.texts[3]).toBe('중국이 영국을 앞서 해상 풍력 용량이 가장 큽니다.');
  });
});

describe('Gemini’s busy flag', () => {
  /** The newest answer of the fixture as it shows while written: no action bar, the flag on its text panel (as real pages carry it). */
  function newest(busy: string | null, where: 'panel' | 'content' = 'panel') {
    const { doc, turns } = readFixture(gemini, 'sites/gemini-2026-en.html', 'https://gemini.google.com/app/b1');
    const answer = turns.filter((t) => t.role === 'assistant').at(-1)!;
    answer.element.querySelector('message-actions')?.remove();
    const content = answer.element.querySelector('message-content')!;
    content.removeAttribute('aria-busy');
    const panel = content.querySelector('.markdown')!;
    panel.removeAttribute('aria-busy');
    if (busy !== null) (where === 'panel' ? panel : content).setAttribute('aria-busy', busy);
    return { doc, answer };
  }

  it('is read on the answer’s div.markdown inside message-content, where real pages carry it', () => {
    expect(gemini.answerFinished!(newest('true').answer.element)).toBe(false);
    expect(gemini.answerFinished!(newest('false').answer.element)).toBe(true);
    expect(gemini.answerFinished!(newest(null).answer.element)).toBeNull();
    const { doc } = newest(null);
    expect(gemini.isStreaming(doc)).toBe(true); // neither flag nor action bar: not finished
  });

  it('is still read on message-content itself (older notes)', () => {
    expect(gemini.answerFinished!(newest('true', 'content').answer.element)).toBe(false);
    expect(gemini.answerFinished!(newest('false', 'content').answer.element)).toBe(true);
  });

  it('gives way to the action bar, which comes only once the answer is complete (a flag left on "true")', () => {
    const { answer } = newest('true');
    answer.element.insertAdjacentHTML('beforeend', '<message-actions><button aria-label="Copy"></button></message-actions>');
    expect(gemini.answerFinished!(answer.element)).toBe(true);
  });
});

describe('Gemini’s drafts (reply candidates): one shown at a time, in the answer’s one model-response', () => {
  const DRAFTS = 'sites/gemini-2026-drafts-en.html';

  it('reads one answer per container, the shown draft only, without the draft and action controls', () => {
    const { doc, turns, texts } = read(DRAFTS);
    expect(turns.map((t) => t.id)).toEqual(['d4a1c0e2b3f40501:u', 'd4a1c0e2b3f40501:a', 'd4a1c0e2b3f40502:u', 'd4a1c0e2b3f40502:a']);
    expect(doc.querySelectorAll('model-response [data-test-draft-id]')).toHaveLength(2);
    expect(texts[1]).toBe('How about Common Breeze Energy? It says the turbines belong to everyone who lives near them.');
    expect(texts[3]).toBe('At a 30% capacity factor, two 4 MW turbines make about 21 GWh a year.\nThat covers roughly 6,000 homes using 3,500 kWh each.');
    expect(turns.filter((t) => t.role === 'assistant').map((t) => gemini.answerFinished!(t.element))).toEqual([true, true]);
  });

  it('reads another draft, shown in place, as the same answer with that draft’s text', () => {
    const { doc } = read(DRAFTS);
    const answer = doc.querySelectorAll('model-response')[0];
    answer.querySelector('[data-test-draft-id]')!.setAttribute('data-test-draft-id', 'rc_5e0d2a7c91b34f09');
    answer.querySelector('message-content .markdown')!.innerHTML = '<p>Try <strong>Windshare Commons</strong>.</p>';
    const turns = gemini.findTurns(doc);
    expect(turns.map((t) => t.id)).toEqual(['d4a1c0e2b3f40501:u', 'd4a1c0e2b3f40501:a', 'd4a1c0e2b3f40502:u', 'd4a1c0e2b3f40502:a']);
    expect(gemini.readText(turns[1])).toBe('Try Windshare Commons.');
  });
});

describe('Gemini on the real snapshots', () => {
  it('finds the three pairs in order, with ids from their containers', () => {
    const { turns, texts, roles } = readFixture(gemini, 'real-dom/gemini-dom.html', 'https://gemini.google.com/app/5f1d');
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
    const { doc, turns } = readFixture(gemini, 'real-dom/gemini-scrollback-loading-dom.html', 'https://gemini.google.com/app/5f1d');
    expect(turns).toEqual([]);
    expect(gemini.isStreaming(doc)).toBe(false);
  });

  it('reads the mode picker and tells streaming by the send button turning into stop', () => {
    const { doc } = readFixture(gemini, 'sites/gemini.html', 'https://gemini.google.com/app/5f1d');
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

describe('Gemini text', () => {
  it.each(['real-dom/gemini-dom.html', 'sites/gemini-2026-ko.html', 'sites/gemini-2026-en.html'])(
    'never includes UI chrome at the end of a line (%s)',
    (file) => expectNoChrome(gemini, file, 'https://gemini.google.com/app/a'),
  );
});
