/**
 * Doubao: what the adapter reads from the hand-written 2026 page (sources in test/fixtures/sites/README.md).
 */
import { describe, expect, it } from 'vitest';
import { doubao } from '../../../src/sites/doubao/reader';
import { readers as lazy } from '../../../src/sites/doubao/lazy-readers';
import { resolveModel } from '../../../src/counting/models';
import { customRate } from '../../../src/core/custom-rates';
import { parseReasoningDuration } from '../../../src/sites/reasoning-duration';
import { expectNoChrome, readFixture } from '../support/load-page';

const FIXTURE = 'sites/doubao-2026-zh.html';
const url = 'https://www.doubao.com/chat/7301234567890123456';

describe('Doubao', () => {
  it('reads messages by their rows, with the rows as page ids, answers without their thinking or search results', () => {
    const { doc, turns, texts } = readFixture(doubao, FIXTURE, url);
    expect(turns.map((t) => [t.role, t.id, t.pageId])).toEqual([
      ['user', '7301234567890200001', true],
      ['assistant', '7301234567890200002', true],
      ['user', '7301234567890200003', true],
      ['assistant', '7301234567890200004', true],
    ]);
    expect(texts).toEqual([
      '海上风电比陆上风电多发多少电？',
      '海上风电的容量因数通常为 40% 到 50%，明显高于多数陆上风电场。\n同样装机容量，海上每年多发约三分之一的电。',
      '一台 15 兆瓦的海上风机一年发多少电？',
      '约 6000 万千瓦时，按 45% 的容量因数计算。',
    ]);
    expect(doubao.isStreaming(doc)).toBe(false);
    expect(doubao.answerFinished!(turns[1].element)).toBe(true);
  });

  it('reads the deep thinking shown in full with its title, and only the title of a collapsed one', () => {
    const { turns } = readFixture(doubao, FIXTURE, url);
    const shown = doubao.readReasoning!(turns[1])!;
    expect(shown).toEqual({
      text: '用户在比较海上与陆上风电的发电量。\n海上风速更高更稳，容量因数约 40% 到 50%。',
      summaryOnly: false,
      durationLabel: '已完成思考，参考 3 篇资料',
    });
    // The title as exporters show it names no duration: "3 篇" (sources) is not a time.
    expect(parseReasoningDuration(shown.durationLabel)).toBeNull();
    expect(doubao.readReasoning!(turns[3])).toEqual({ text: null, summaryOnly: false, durationLabel: '已完成思考' });
    expect(parseReasoningDuration('已完成思考')).toBeNull();
    expect(doubao.readReasoning!(turns[0])).toBeNull();
  });

  it('reads the duration when a collapsed thinking title shows one', () => {
    const { turns } = readFixture(doubao, FIXTURE, url);
    turns[3].element.querySelector('[data-thinking-box="title"]')!.textContent = '已深度思考（用时 25 秒）';
    const collapsed = doubao.readReasoning!(turns[3])!;
    expect(collapsed).toEqual({ text: null, summaryOnly: false, durationLabel: '已深度思考（用时 25 秒）' });
    expect(parseReasoningDuration(collapsed.durationLabel)).toBe(25);
  });

  it('reads the generated pictures of an answer, not the avatar', () => {
    const { turns } = readFixture(doubao, FIXTURE, url);
    expect(doubao.generatedImages!(turns[1])).toEqual([
      { key: '7301234567890200002:image:0', ready: true },
      { key: '7301234567890200002:image:1', ready: true },
    ]);
    expect(doubao.generatedImages!(turns[3])).toEqual([]);
  });

  it('reads the web search with its sources, and the file the prompt carried', () => {
    const { doc, turns } = readFixture(doubao, FIXTURE, url);
    expect(lazy.readHiddenWork!(turns[1], doc)).toEqual({ search: { searches: 3, sources: 3 } });
    expect(lazy.readHiddenWork!(turns[3], doc)).toBeNull();
    // Without the search block's links, the thinking title still says how many sources were read.
    doc.querySelector('[data-plugin-identifier="block_type:10025"]')!.remove();
    expect(lazy.readHiddenWork!(turns[1], doc)).toEqual({ search: { searches: 1, sources: 3 } });
    expect(lazy.readAttachments!(turns[0])).toEqual([{ from: 'page', kind: 'pdf', mime: '' }]);
    expect(lazy.readAttachments!(turns[2])).toEqual([]);
    expect(lazy.readAttachments!(turns[1])).toEqual([]);
  });

  it('reads an uploaded picture of a prompt with the size it is drawn at', () => {
    const { turns } = readFixture(doubao, FIXTURE, url);
    turns[2].element
      .querySelector('.bg-g-send-msg-bubble-bg')!
      .insertAdjacentHTML(
        'afterbegin',
        '<div data-plugin-identifier="block_type:10052"><img width="1024" height="768" src="https://p3-flow-imagex-sign.byteimg.com/a.png"></div>',
      );
    expect(lazy.readAttachments!(turns[2])).toEqual([{ from: 'page', kind: 'image', mime: '', width: 1024, height: 768 }]);
  });

  it('tells an answer still being written by the break button, and by its missing action bar', () => {
    const { doc, turns } = readFixture(doubao, FIXTURE, url);
    doc.querySelector('#send-slot')!.innerHTML = '<button type="button" class="break-btn-Vd2k3s" aria-label="停止生成"></button>';
    expect(doubao.streaming(doc)).toBe(doc.querySelector('.break-btn-Vd2k3s'));
    doc.querySelector('#send-slot')!.innerHTML = '';
    turns[3].element.querySelector('[data-foundation-type="receive-message-action-bar"]')!.remove();
    expect(doubao.streaming(doc)).toBe('unmarked');
    expect(doubao.answerFinished!(turns[3].element)).toBe(false);
    // A page without any action bar says nothing about an answer's end.
    for (const bar of Array.from(doc.querySelectorAll('[data-foundation-type="receive-message-action-bar"]'))) bar.remove();
    expect(doubao.answerFinished!(turns[1].element)).toBeNull();
  });

  it('names the conversation by its numeric id, never a new chat or a draft', () => {
    expect(doubao.conversationId(url)).toBe('7301234567890123456');
    expect(doubao.conversationId('https://www.doubao.com/chat/')).toBeNull();
    expect(doubao.conversationId('https://www.doubao.com/chat/local_1732870000000')).toBeNull();
  });

  it('counts every Doubao mode as custom with the doubao rate of data/custom-rates.json', () => {
    const { doc } = readFixture(doubao, FIXTURE, url);
    expect(doubao.readModelLabel(doc)).toBe('快速');
    expect(resolveModel('doubao', '快速', {})).toEqual({ modelKey: 'custom', customWhPer1k: customRate('doubao').wh_per_1k });
  });

  it('reads the older markup of message boxes with test ids, without row ids', () => {
    const { doc } = readFixture(doubao, FIXTURE, url);
    for (const row of Array.from(doc.querySelectorAll('[data-message-id]'))) row.removeAttribute('data-message-id');
    const turns = doubao.findTurns(doc);
    expect(turns.map((t) => [t.role, t.pageId])).toEqual([
      ['user', false],
      ['assistant', false],
      ['user', false],
      ['assistant', false],
    ]);
    expect(doubao.readText(turns[2])).toBe('一台 15 兆瓦的海上风机一年发多少电？');
    expect(new Set(turns.map((t) => t.id)).size).toBe(4);
  });
});

describe('Doubao on a page it does not know', () => {
  it('finds no messages on a page of another layout (the tracker then says not recognized, never a zero)', () => {
    const { doc } = readFixture(doubao, FIXTURE, url);
    doc.getElementById('thread')!.innerHTML = '<section class="conversation"><p class="q">海上风电多发多少电？</p><p class="a">约三分之一。</p></section>';
    expect(doubao.findTurns(doc)).toEqual([]);
  });

  it('reads the same page in another UI language: the English search summary, an English stop label', () => {
    const { doc, turns } = readFixture(doubao, FIXTURE, url);
    const block = doc.querySelector('[data-plugin-identifier="block_type:10025"]')!;
    block.innerHTML = '<span>Searched 2 keywords, 3 sources</span>';
    expect(lazy.readHiddenWork!(turns[1], doc)).toEqual({ search: { searches: 1, sources: 3 } });
    doc.querySelector('#send-slot')!.innerHTML = '<button type="button" aria-label="Stop generating"></button>';
    expect(doubao.isStreaming(doc)).toBe(true);
  });
});

describe('Doubao text', () => {
  it('never includes UI chrome at the end of a line', () => expectNoChrome(doubao, FIXTURE, url));
});
