/**
 * Poe: what the adapter reads from the hand-written 2026 page (sources in test/fixtures/sites/README.md).
 */
import { describe, expect, it } from 'vitest';
import { poe } from '../../../src/sites/poe/reader';
import { readers as lazy } from '../../../src/sites/poe/lazy-readers';
import { resolveModel } from '../../../src/counting/models';
import { tokenizerForModel } from '../../../src/domain/tokenizers';
import { parseReasoningDuration } from '../../../src/sites/reasoning-duration';
import { expectNoChrome, readFixture } from '../support/load-page';

const FIXTURE = 'sites/poe-2026-en.html';
const url = 'https://poe.com/chat/2x7hq9kd3mz0ab1cd2e';

describe('Poe', () => {
  it('reads messages by their ids, answers without their thinking or bot header', () => {
    const { doc, turns, texts } = readFixture(poe, FIXTURE, url);
    expect(turns.map((t) => [t.role, t.id, t.pageId])).toEqual([
      ['user', '402193800101', true],
      ['assistant', '402193800102', true],
      ['user', '402193800103', true],
      ['assistant', '402193800104', true],
    ]);
    expect(texts).toEqual([
      'How much more do offshore turbines produce than onshore ones?',
      'Offshore turbines reach capacity factors of 40 to 50 percent, well above most onshore sites.\nFor the same capacity, they produce about a third more electricity a year.',
      '@GPT-Image-1 draw an offshore wind farm at dusk',
      'Here is an offshore wind farm at dusk.',
    ]);
    expect(poe.isStreaming(doc)).toBe(false);
    expect(poe.idleSignal!(doc)).toBe('reliable');
  });

  it('names each answer by its own bot, and counts it as the model the bot names, in its family’s tokenizer', () => {
    const { doc, turns } = readFixture(poe, FIXTURE, url);
    expect(poe.readModelLabel(doc, turns[1])).toBe('Claude-Sonnet-4.6');
    expect(poe.readModelLabel(doc, turns[3])).toBe('GPT-Image-1');
    expect(poe.readModelLabel(doc)).toBe('GPT-Image-1');
    expect(resolveModel('poe', 'Claude-Sonnet-4.6', {})).toEqual({ modelKey: 'beta-sonnet-4.6' });
    expect(tokenizerForModel('beta-sonnet-4.6')).toEqual({ tokenizer: 'o200k', own: false });
    expect(tokenizerForModel(resolveModel('poe', 'DeepSeek-R1', {}).modelKey)).toEqual({ tokenizer: 'deepseek-v3', own: true });
    expect(tokenizerForModel(resolveModel('poe', 'Llama-3.3-70B', {}).modelKey)).toEqual({ tokenizer: 'llama3', own: true });
    expect(tokenizerForModel(resolveModel('poe', 'Mistral-Medium', {}).modelKey)).toEqual({ tokenizer: 'tekken', own: true });
    expect(tokenizerForModel(resolveModel('poe', 'GPT-4o', {}).modelKey)).toEqual({ tokenizer: 'o200k', own: true });
    // An answer without a header of its own (the same bot again) keeps the bot of the answer before it.
    turns[3].element.querySelector('[class*="LeftSideChatMessageHeader"]')!.remove();
    expect(poe.readModelLabel(doc, poe.findTurns(doc)[3])).toBe('Claude-Sonnet-4.6');
  });

  it('reads the thinking shown in full with its time, and the generated pictures, not the avatars', () => {
    const { turns } = readFixture(poe, FIXTURE, url);
    const reasoning = poe.readReasoning!(turns[1])!;
    expect(reasoning).toEqual({
      text: 'The user compares offshore and onshore output.\nOffshore capacity factors run 40 to 50 percent.',
      summaryOnly: false,
      durationLabel: 'Thought for 12 seconds',
    });
    expect(parseReasoningDuration(reasoning.durationLabel)).toBe(12);
    expect(poe.readReasoning!(turns[3])).toBeNull();
    expect(poe.generatedImages!(turns[3])).toEqual([
      { key: '402193800104:image:0', ready: true },
      { key: '402193800104:image:1', ready: true },
    ]);
    expect(poe.generatedImages!(turns[1])).toEqual([]);
  });

  it('reads the file a prompt carried from its card', () => {
    const { turns } = readFixture(poe, FIXTURE, url);
    expect(lazy.readAttachments!(turns[0])).toEqual([{ from: 'page', kind: 'pdf', mime: '' }]);
    expect(lazy.readAttachments!(turns[1])).toEqual([]);
  });

  it('reads a picture sent in a prompt’s bubble with the size it is drawn at', () => {
    const { turns } = readFixture(poe, FIXTURE, url);
    turns[2].element
      .querySelector('[class*="rightSideMessageBubble"]')!
      .insertAdjacentHTML('afterbegin', '<img width="800" height="600" src="https://pfst.cf2.poecdn.net/base/image/a.png">');
    expect(lazy.readAttachments!(turns[2])).toEqual([{ from: 'page', kind: 'image', mime: '', width: 800, height: 600 }]);
  });

  it('reads a file by its name in an attachment of the markup exporters read (FileInfo_title)', () => {
    const { turns } = readFixture(poe, FIXTURE, url);
    turns[2].element
      .querySelector('[class*="rightSideMessageBubble"]')!
      .insertAdjacentHTML(
        'afterbegin',
        '<a class="Attachments_attachment__aB1c2" href="https://pfst.cf2.poecdn.net/base/text/notes.txt"><span class="FileInfo_title__Xy9z0">notes.txt</span><span class="FileInfo_fileType__Qw3e4">TXT</span></a>',
      );
    expect(lazy.readAttachments!(turns[2])).toEqual([{ from: 'page', kind: 'other', mime: '' }]);
  });

  it('tells an answer still being written by the stop button, and by data-complete="false"', () => {
    const { doc, turns } = readFixture(poe, FIXTURE, url);
    turns[3].element.setAttribute('data-complete', 'false');
    expect(poe.streaming(doc)).toBe('unmarked');
    expect(poe.answerFinished!(turns[3].element)).toBe(false);
    expect(poe.answerFinished!(turns[1].element)).toBe(true);
    expect(poe.idleSignal!(doc)).toBe('quiet');
    doc.querySelector('#send-slot')!.innerHTML = '<button type="button" aria-label="Stop message"></button>';
    expect(poe.streaming(doc)).toBe(doc.querySelector('[aria-label="Stop message"]'));
    turns[3].element.removeAttribute('data-complete');
    expect(poe.answerFinished!(turns[3].element)).toBeNull();
  });

  it('names the conversation by its /chat/ id, never a bot page or the home page', () => {
    expect(poe.conversationId(url)).toBe('2x7hq9kd3mz0ab1cd2e');
    expect(poe.conversationId('https://poe.com/')).toBeNull();
    expect(poe.conversationId('https://poe.com/Claude-Sonnet-4.6')).toBeNull();
  });
});

describe('Poe on a page it does not know', () => {
  it('finds no messages on a page of another layout (the tracker then says not recognized, never a zero)', () => {
    const { doc } = readFixture(poe, FIXTURE, url);
    doc.getElementById('thread')!.innerHTML = '<article><p>How much?</p></article><article><p>A third more.</p></article>';
    expect(poe.findTurns(doc)).toEqual([]);
  });

  it('reads a page in another UI language by its markup alone, and a bot it does not know by name', () => {
    const { doc, turns } = readFixture(poe, FIXTURE, url);
    doc.querySelector('[class*="ThinkingBlock_toggle"] span')!.textContent = '12 秒思考';
    expect(poe.readReasoning!(turns[1])?.durationLabel).toBe('12 秒思考');
    turns[3].element.querySelector('[class*="BotHeader_textContainer"] > p')!.textContent = '我的导师机器人';
    expect(poe.readModelLabel(doc, turns[3])).toBe('我的导师机器人');
  });
});

describe('Poe text', () => {
  it('never includes UI chrome at the end of a line', () => expectNoChrome(poe, FIXTURE, url));
});
