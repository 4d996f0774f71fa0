/**
 * Microsoft Copilot: what the adapter reads from the hand-written 2026 page (sources in
 * test/fixtures/sites/README.md).
 */
import { describe, expect, it } from 'vitest';
import { copilot } from '../../../src/sites/copilot/reader';
import { resolveModel } from '../../../src/counting/models';
import { expectNoChrome, readFixture } from '../support/load-page';

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

describe('Microsoft Copilot text', () => {
  it('never includes UI chrome at the end of a line', () => expectNoChrome(copilot, 'sites/copilot-2026-en.html', 'https://copilot.microsoft.com/chats/a'));
});
