/**
 * Kimi: what the adapter reads from the pages written after the maintained tools' selectors
 * (sources in test/fixtures/sites/README.md).
 */
import { describe, expect, it } from 'vitest';
import { kimi } from '../../../src/sites/kimi/reader';
import { readers } from '../../../src/sites/kimi/lazy-readers';
import { resolveModel, resolveTokenizer } from '../../../src/counting/models';
import { customRate } from '../../../src/core/custom-rates';
import { expectNoChrome, readFixture } from '../support/load-page';

const url = 'https://www.kimi.com/chat/d4f2k8qb1s0c7m3v0001?chat_enter_method=history';
const CHAT = 'd4f2k8qb1s0c7m3v0001';

describe('Kimi, two turns', () => {
  it('reads every message in order, ids derived from the conversation and the prompt, the texts without thinking, search or actions', () => {
    const { doc, turns, texts } = readFixture(kimi, 'sites/kimi-2026-en.html', url);
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(turns.every((t) => !t.pageId && t.id.startsWith(`${CHAT}:`))).toBe(true);
    expect(turns[1]!.id).toBe(turns[0]!.id.replace(/:u$/, ':a0'));
    expect(new Set(turns.map((t) => t.id)).size).toBe(4);
    expect(texts).toEqual([
      'How much does an offshore wind turbine produce in a year?',
      'A 15 MW offshore turbine makes about 60 GWh a year.\nThat is a capacity factor near 45%.',
      'How many homes is that?',
      'About 16,000 European homes, at 3,700 kWh a year each.',
    ]);
    expect(kimi.readModelLabel(doc)).toBe('K2.6');
    expect(kimi.conversationId(url)).toBe(CHAT);
    expect(kimi.conversationId('https://www.kimi.com/')).toBeNull();
    expect(kimi.isStreaming(doc)).toBe(false);
    expectNoChrome(kimi, 'sites/kimi-2026-en.html', url);
  });

  it('counts the thinking shown in full, with its title', () => {
    const { turns } = readFixture(kimi, 'sites/kimi-2026-en.html', url);
    expect(kimi.readReasoning!(turns[1]!)).toEqual({
      text: 'The user asks for a yearly figure; a 15 MW turbine at 45% gives about 60 GWh.',
      summaryOnly: false,
      durationLabel: 'Thinking complete',
    });
    expect(kimi.readReasoning!(turns[3]!)).toBeNull();
  });

  it('reads the web search: one search, the ten results its title states', () => {
    const { turns } = readFixture(kimi, 'sites/kimi-2026-en.html', url);
    const doc = turns[1]!.element.ownerDocument;
    expect(readers.readHiddenWork!(turns[1]!, doc)).toEqual({ search: { searches: 1, sources: 10 } });
    expect(readers.readHiddenWork!(turns[3]!, doc)).toBeNull();
    // Without a count in its title: the distinct sources its citations link to.
    turns[1]!.element.querySelector('.toolcall-web_search .toolcall-title-name-text')!.textContent = 'Search';
    expect(readers.readHiddenWork!(turns[1]!, doc)).toEqual({ search: { searches: 1, sources: 2 } });
  });

  it('tells an answer being written by the send control reading "stop", or by its missing action row', () => {
    const { doc, turns } = readFixture(kimi, 'sites/kimi-2026-en.html', url);
    expect(kimi.answerFinished!(turns[3]!.element)).toBe(true);
    turns[3]!.element.querySelector('.segment-assistant-actions')!.remove();
    expect(kimi.streaming(doc)).toBe('unmarked');
    expect(kimi.answerFinished!(turns[3]!.element)).toBe(false);
    doc.getElementById('send-slot')!.innerHTML = '<div class="send-button-container disabled stop"></div>';
    expect(kimi.streaming(doc)).toBe(doc.querySelector('.send-button-container.stop'));
  });

  it('counts every Kimi model at the kimi rate, in o200k (no package ships Kimi’s vocabulary)', () => {
    expect(resolveModel('kimi', 'K2.6', {})).toEqual({ modelKey: 'custom', customWhPer1k: customRate('kimi').wh_per_1k });
    expect(resolveTokenizer('kimi', 'K2.6', {})).toBe('o200k');
  });
});

describe('Kimi in Chinese', () => {
  it('reads the same messages, the thinking under "思考已完成" and the search of "10 个结果"', () => {
    const { doc, turns, texts } = readFixture(kimi, 'sites/kimi-2026-zh.html', url);
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(texts).toEqual([
      '一台海上风机一年发多少电？',
      '一台 15 兆瓦的海上风机一年约发电 60 吉瓦时。\n容量系数约为 45%。',
      '够多少户人家用？',
      '按每户每年 3,700 千瓦时计，约 16,000 户欧洲家庭。',
    ]);
    expect(kimi.readReasoning!(turns[1]!)).toEqual({
      text: '用户想知道年发电量；15 兆瓦风机、容量系数 45%，约 60 吉瓦时。',
      summaryOnly: false,
      durationLabel: '思考已完成',
    });
    expect(readers.readHiddenWork!(turns[1]!, doc)).toEqual({ search: { searches: 1, sources: 10 } });
    expectNoChrome(kimi, 'sites/kimi-2026-zh.html', url);
  });

  it('a model label no rule knows ("长思考") counts with the site’s default', () => {
    const { doc } = readFixture(kimi, 'sites/kimi-2026-zh.html', url);
    expect(kimi.readModelLabel(doc)).toBe('长思考');
    expect(resolveModel('kimi', '长思考', {})).toEqual(resolveModel('kimi', null, {}));
  });
});
