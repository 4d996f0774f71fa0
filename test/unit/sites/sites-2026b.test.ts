/**
 * Perplexity, Microsoft Copilot and Grok: what each adapter reads from its fixtures (the saved
 * Perplexity page and the hand-written 2026 pages; sources in test/fixtures/sites/README.md).
 */
import { describe, expect, it } from 'vitest';
import { copilot } from '../../../src/sites/copilot';
import { grok } from '../../../src/sites/grok';
import { perplexity } from '../../../src/sites/perplexity';
import { adapterForHost } from '../../../src/sites';
import { resolveModel } from '../../../src/counting/models';
import { parseReasoningDuration } from '../../../src/sites/reasoning-duration';
import { readFixture } from './load-page';

describe('Perplexity', () => {
  const url = 'https://www.perplexity.ai/search/please-write-a-short-response-0Jq8Zt1uQXyRrF8m9yWv1A';

  it('reads the saved page: the prompt with its inline link chip, the answer without code-block chrome, math as its TeX source', () => {
    const { turns, texts } = readFixture(perplexity, 'real-dom/perplexity-2026-05-21.html', url);
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant']);
    expect(turns.every((t) => !t.pageId && t.id.startsWith('please-write-a-short-response-0Jq8Zt1uQXyRrF8m9yWv1A:'))).toBe(true);
    expect(texts[0]).toMatch(
      /^Please write a short response that includes: 1\. A paragraph containing \*\*bold text\*\*, \*italic text\*, and a link to deadrat\.in\. 2\./,
    );
    expect(texts[0]).not.toContain('Show more');
    expect(texts[1]).toMatch(/^Here's a response hitting all four elements:\nThis is a bold statement/);
    expect(texts[1]).toContain('defmodule Hello do\n  def world do\n    IO.puts("Hello, World!")');
    expect(texts[1]).toContain('Country\tMedian Wage (USD/mo)\tAvg Work Hrs/Week');
    expect(texts[1]).toContain('e^{i\\pi} + 1 = 0');
    // UI: the code block's language label and copy button, the model line, the action bar.
    expect(texts[1]).not.toMatch(/^elixir$|Copy code|Prepared using|Rewrite/m);
  });

  it('reads the saved page as finished, with the model line under its answer, mapped to the Claude key', () => {
    const { doc, turns } = readFixture(perplexity, 'real-dom/perplexity-2026-05-21.html', url);
    expect(perplexity.isStreaming(doc)).toBe(false);
    expect(perplexity.answerFinished!(turns[1].element)).toBe(true);
    expect(perplexity.readModelLabel(doc)).toBe('Prepared using Claude Sonnet 4.6 Thinking');
    expect(resolveModel('perplexity', perplexity.readModelLabel(doc), {})).toEqual({ modelKey: 'beta-sonnet-4.6' });
  });

  it('tells an answer still being written: no action bar yet, or a stop button', () => {
    const { doc, turns } = readFixture(perplexity, 'sites/perplexity-2026-en.html', url);
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(perplexity.isStreaming(doc)).toBe(false);
    doc.querySelectorAll('.justify-between')[1].remove();
    expect(perplexity.isStreaming(doc)).toBe(true);
    expect(perplexity.answerFinished!(turns[3].element)).toBe(false);
    expect(perplexity.answerFinished!(turns[1].element)).toBe(true);
  });

  it('names threads by their /search/ slug; a new thread at / has none', () => {
    expect(perplexity.conversationId('https://www.perplexity.ai/search/how-much-co2-a1B2c3')).toBe('how-much-co2-a1B2c3');
    expect(perplexity.conversationId('https://perplexity.ai/search/x-1')).toBe('x-1');
    expect(perplexity.conversationId('https://www.perplexity.ai/')).toBeNull();
    expect(adapterForHost('perplexity.ai')).toBe(perplexity);
    expect(adapterForHost('www.perplexity.ai')).toBe(perplexity);
  });
});

describe('Microsoft Copilot', () => {
  const url = 'https://copilot.microsoft.com/chats/2mVq8sJ4kR7tPz';

  it('reads prompts and answers without their hidden headings or reaction bars', () => {
    const { doc, turns, texts } = readFixture(copilot, 'sites/copilot-2026-en.html', url);
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(texts).toEqual([
      'Which uses less water, a solar farm or a coal plant?',
      'A solar farm uses far less water.\nPhotovoltaic panels need water only for cleaning, about 0.1 litres per kWh, while a coal plant withdraws around 2 litres per kWh for cooling.',
      'And wind?',
      'Wind turbines use almost no water while they run.',
    ]);
    expect(copilot.isStreaming(doc)).toBe(false);
    expect(copilot.readModelLabel(doc)).toBe('Smart (GPT-5)');
    expect(resolveModel('copilot', copilot.readModelLabel(doc), {})).toEqual({ modelKey: 'alpha-5.6-terra' });
  });

  it('tells an answer still being written: a stop button, a loading message, or no reaction bar', () => {
    const { doc, turns } = readFixture(copilot, 'sites/copilot-2026-en.html', url);
    const reactions = doc.querySelectorAll('[data-testid="message-item-reactions"]');
    reactions[reactions.length - 1].remove();
    expect(copilot.isStreaming(doc)).toBe(true);
    expect(copilot.answerFinished!(turns[3].element)).toBe(false);
    expect(copilot.answerFinished!(turns[1].element)).toBe(true);
  });

  it('names conversations by /chats/<id>', () => {
    expect(copilot.conversationId(url)).toBe('2mVq8sJ4kR7tPz');
    expect(copilot.conversationId('https://copilot.microsoft.com/')).toBeNull();
  });
});

describe('Grok', () => {
  const url = 'https://grok.com/c/5b7c1e2a-0000-4a1b-9c2d-00000000c0de';

  it('reads messages by their rows, with the rows as page ids, answers without their thinking', () => {
    const { doc, turns, texts } = readFixture(grok, 'sites/grok-2026-en.html', url);
    expect(turns.map((t) => [t.role, t.id, t.pageId])).toEqual([
      ['user', '5b7c1e2a-0000-4a1b-9c2d-000000000001:user', true],
      ['assistant', '5b7c1e2a-0000-4a1b-9c2d-000000000002:assistant', true],
      ['user', '5b7c1e2a-0000-4a1b-9c2d-000000000003:user', true],
      ['assistant', '5b7c1e2a-0000-4a1b-9c2d-000000000004:assistant', true],
    ]);
    expect(texts).toEqual([
      'Draw a wind farm at dusk, then tell me how much it produces.',
      'Here is a wind farm at dusk.\nA 50 MW wind farm produces about 150 GWh a year.',
      'How many homes is that?',
      'About 40,000 European homes, at 3,700 kWh a year each.',
    ]);
    expect(grok.isStreaming(doc)).toBe(false);
  });

  it('reads the thinking shown in full with its label, and the generated picture', () => {
    const { turns } = readFixture(grok, 'sites/grok-2026-en.html', url);
    const reasoning = grok.readReasoning!(turns[1])!;
    expect(reasoning).toEqual({
      text: 'The user wants an image and a yearly output figure.\nA 50 MW farm at 35% capacity factor gives about 150 GWh.',
      summaryOnly: false,
      durationLabel: 'Thought for 12s',
    });
    expect(parseReasoningDuration(reasoning.durationLabel)).toBe(12);
    expect(grok.readReasoning!(turns[3])).toBeNull();
    expect(grok.generatedImages!(turns[1])).toEqual([{ key: '5b7c1e2a-0000-4a1b-9c2d-000000000002:assistant:image:0', ready: true }]);
    expect(grok.generatedImages!(turns[3])).toEqual([]);
  });

  it('tells an answer still being written by its missing action buttons', () => {
    const { doc, turns } = readFixture(grok, 'sites/grok-2026-en.html', url);
    doc.querySelectorAll('.action-buttons')[1].remove();
    expect(grok.isStreaming(doc)).toBe(true);
    expect(grok.answerFinished!(turns[3].element)).toBe(false);
    expect(grok.answerFinished!(turns[1].element)).toBe(true);
  });

  it('counts every Grok model as custom with the rate of data/custom-rates.json', () => {
    const { doc } = readFixture(grok, 'sites/grok-2026-en.html', url);
    expect(grok.readModelLabel(doc)).toBe('Grok 4');
    expect(resolveModel('grok', 'Grok 4', {})).toEqual({ modelKey: 'custom', customWhPer1k: 2 });
    expect(grok.conversationId(url)).toBe('5b7c1e2a-0000-4a1b-9c2d-00000000c0de');
    expect(grok.conversationId('https://grok.com/')).toBeNull();
  });
});

describe('reading text on the three sites', () => {
  const CHROME_WORDS = /\b(Copy code|Copy|Run|Retry|Edit|Regenerate|Rewrite|Read aloud|Show thinking|Share|Like|Submit)\b$/m;

  it.each([
    [perplexity, 'real-dom/perplexity-2026-05-21.html', 'https://www.perplexity.ai/search/a'],
    [perplexity, 'sites/perplexity-2026-en.html', 'https://www.perplexity.ai/search/a'],
    [copilot, 'sites/copilot-2026-en.html', 'https://copilot.microsoft.com/chats/a'],
    [grok, 'sites/grok-2026-en.html', 'https://grok.com/c/a'],
  ] as const)('never includes UI chrome at the end of a line (%#)', (adapter, file, url) => {
    for (const text of readFixture(adapter, file, url).texts) {
      expect(text).not.toBe('');
      expect(text).not.toMatch(CHROME_WORDS);
    }
  });
});
