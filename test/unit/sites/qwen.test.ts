/**
 * Qwen Chat: what the adapter reads from the real capture of chat.qwen.ai and the pages written
 * after it (sources in test/fixtures/real-dom/README.md and test/fixtures/sites/README.md).
 */
import { describe, expect, it } from 'vitest';
import { qwen } from '../../../src/sites/qwen/reader';
import { readers } from '../../../src/sites/qwen/lazy-readers';
import { resolveModel, resolveTokenizer } from '../../../src/counting/models';
import { customRate } from '../../../src/core/custom-rates';
import { parseReasoningDuration } from '../../../src/sites/reasoning-duration';
import { expectNoChrome, readFixture } from '../support/load-page';

const url = 'https://chat.qwen.ai/c/4a7e2c10-0000-4b1e-8d3c-00000000c0de';
const ID = (n: number) => `4a7e2c10-0000-4b1e-8d3c-00000000000${n}`;

describe('Qwen Chat, the saved page', () => {
  it('reads the prompt and the answer of the real capture, the code as its lines, without the thinking card or the footer', () => {
    const { doc, turns, texts } = readFixture(qwen, 'real-dom/qwen-2026-05-21.html', 'https://chat.qwen.ai/c/d7c6c087-2b33-4649-9631-b3b3dbe8f52f');
    expect(turns.map((t) => [t.role, t.id, t.pageId])).toEqual([
      ['user', 'user-d7c6c087-2b33-4649-9631-b3b3dbe8f52f', true],
      ['assistant', 'assistant-d51858c6-a1f4-45ba-bb96-d85c2b26f914', true],
    ]);
    expect(texts[0]).toMatch(/^Please write a short response that includes: 1\. A paragraph containing \*\*bold text\*\*/);
    expect(texts[0]).toMatch(/maybe Euler's Identity\.$/);
    expect(texts[1]).toMatch(
      /^Here's your requested response:\nFormatting Demo\nThis is a paragraph with bold text for emphasis, italic text for subtle highlights, and a link to deadrat\.in/,
    );
    expect(texts[1]).toContain('# Elixir Hello World\nIO.puts("Hello, World!")');
    expect(texts[1]).not.toMatch(/Thought completed|elixir\n|^1$/m);
    expect(texts[1]).not.toContain('+38');
    expectNoChrome(qwen, 'real-dom/qwen-2026-05-21.html', url);
    expect(qwen.isStreaming(doc)).toBe(false);
    expect(qwen.readModelLabel(doc)).toBe('Qwen3.6-Plus');
  });

  it('reads the thinking card as a label without a duration, and the sources row as one search of 42 sources', () => {
    const { turns } = readFixture(qwen, 'real-dom/qwen-2026-05-21.html', url);
    const reasoning = qwen.readReasoning!(turns[1])!;
    expect(reasoning).toEqual({ text: null, summaryOnly: false, durationLabel: 'Thought completed' });
    expect(parseReasoningDuration(reasoning.durationLabel)).toBeNull();
    expect(readers.readHiddenWork!(turns[1], turns[1].element.ownerDocument)).toEqual({ search: { searches: 1, sources: 42 } });
    expect(readers.readHiddenWork!(turns[0], turns[0].element.ownerDocument)).toBeNull();
    expect(qwen.answerFinished!(turns[1].element)).toBe(true);
  });
});

describe('Qwen Chat, two turns', () => {
  it('reads every message in order with the page ids, the texts, the model and the conversation', () => {
    const { doc, turns, texts } = readFixture(qwen, 'sites/qwen-2026-en.html', url);
    expect(turns.map((t) => [t.role, t.id, t.pageId])).toEqual([
      ['user', `user-${ID(1)}`, true],
      ['assistant', `assistant-${ID(2)}`, true],
      ['user', `user-${ID(3)}`, true],
      ['assistant', `assistant-${ID(4)}`, true],
    ]);
    expect(texts).toEqual([
      'How much does an offshore wind turbine produce in a year?',
      'A 15 MW offshore turbine makes about 60 GWh a year.\nThat is a capacity factor near 45%.',
      'Draw one at dusk.',
      'Here is an offshore wind farm at dusk.',
    ]);
    expect(qwen.readModelLabel(doc)).toBe('Qwen3.6-Plus');
    expect(qwen.conversationId(url)).toBe('4a7e2c10-0000-4b1e-8d3c-00000000c0de');
    expect(qwen.conversationId('https://chat.qwen.ai/')).toBeNull();
    expect(qwen.isStreaming(doc)).toBe(false);
  });

  it('reads the generated picture, the sent file and the search', () => {
    const { turns } = readFixture(qwen, 'sites/qwen-2026-en.html', url);
    expect(qwen.generatedImages!(turns[3])).toEqual([{ key: `assistant-${ID(4)}:image:0`, ready: true }]);
    expect(qwen.generatedImages!(turns[1])).toEqual([]);
    expect(readers.readAttachments!(turns[0])).toEqual([{ from: 'page', kind: 'pdf', mime: '', bytes: Math.round(245.3 * 1024) }]);
    expect(readers.readAttachments!(turns[2])).toEqual([]);
    expect(readers.readHiddenWork!(turns[1], turns[1].element.ownerDocument)).toEqual({ search: { searches: 1, sources: 12 } });
    expect(readers.readHiddenWork!(turns[3], turns[3].element.ownerDocument)).toBeNull();
  });

  it('tells an answer being written by the stop button, or by its missing footer', () => {
    const { doc, turns } = readFixture(qwen, 'sites/qwen-2026-en.html', url);
    doc.querySelectorAll('.response-message-footer')[1]!.remove();
    expect(qwen.streaming(doc)).toBe('unmarked');
    expect(qwen.answerFinished!(turns[3].element)).toBe(false);
    doc.getElementById('send-slot')!.innerHTML = '<button class="stop-button"></button>';
    expect(qwen.streaming(doc)).toBe(doc.querySelector('.stop-button'));
  });

  it('reads every message without a control’s label', () => {
    expectNoChrome(qwen, 'sites/qwen-2026-en.html', url);
    expectNoChrome(qwen, 'sites/qwen-2026-zh.html', url);
  });

  it('counts every Qwen model at the qwen rate, in Qwen3’s own vocabulary', () => {
    expect(resolveModel('qwen', 'Qwen3.6-Plus', {})).toEqual({ modelKey: 'custom', customWhPer1k: customRate('qwen').wh_per_1k });
    expect(resolveTokenizer('qwen', 'Qwen3.6-Plus', {})).toBe('qwen3');
  });
});

describe('Qwen Chat in Chinese', () => {
  it('reads the same messages, the Chinese thinking label and the model label in Chinese', () => {
    const { doc, turns, texts } = readFixture(qwen, 'sites/qwen-2026-zh.html', url);
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(texts).toEqual([
      '一台海上风机一年发多少电？',
      '一台 15 兆瓦的海上风机一年约发电 60 吉瓦时。\n容量系数约为 45%。',
      '画一幅黄昏时的风电场。',
      '这是一幅黄昏时的海上风电场。',
    ]);
    expect(qwen.readReasoning!(turns[1])).toEqual({ text: null, summaryOnly: false, durationLabel: '已完成思考' });
    expect(qwen.readModelLabel(doc)).toBe('千问3.6-Plus');
    expect(resolveModel('qwen', '千问3.6-Plus', {})).toEqual({ modelKey: 'custom', customWhPer1k: customRate('qwen').wh_per_1k });
  });
});
