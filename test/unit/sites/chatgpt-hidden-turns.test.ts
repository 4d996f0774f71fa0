/** ChatGPT keeps only a long chat's newest turns mounted: the reader says when earlier turns exist that the page does not show. */
import { describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../support/adapters';
import { fixture, loadPage } from '../support/load-page';

const { chatgpt } = ADAPTERS;
const PAGE_URL = 'https://chatgpt.com/c/abc';

describe('earlierTurnsHidden', () => {
  it('is false on a page that shows the chat from its first turn', () => {
    for (const file of ['sites/chatgpt.html', 'real-dom/chatgpt-dom-5question-ans-pairs.html']) {
      const doc = loadPage(fixture(file), PAGE_URL);
      expect(chatgpt.earlierTurnsHidden!(doc, chatgpt.findTurns(doc)[0]), file).toBe(false);
    }
  });

  it('is true when the first turns are empty shells, their messages unmounted', () => {
    const doc = loadPage(fixture('sites/chatgpt.html'), PAGE_URL);
    for (const n of [1, 2]) doc.querySelector(`[data-testid="conversation-turn-${n}"]`)!.replaceChildren();
    const messages = chatgpt.findTurns(doc);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(chatgpt.earlierTurnsHidden!(doc, messages[0])).toBe(true);
  });
});
