/**
 * ChatGPT's send button as the tracker finds it on a click (src/sites/chatgpt/reader.ts
 * `sendButtonSelector`), on variant c's real capture (frontierkodiak/oracle
 * tests/fixtures/chatgpt-dom/2026-09-25-project-attachment.html @1db4395, our trimmed copy in
 * test/fixtures/real-dom/): the composer's primary button has no testid and says Voice, Send or
 * Stop by its localized label only, so it is the send button while the composer holds text.
 */
import { describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../support/adapters';
import { fixture, loadPage } from '../support/load-page';

const URL = 'https://chatgpt.com/g/g-p-00000000000000000000000000000000-project/c/6aa2ce8d-3010-83ea-befd-6a9df1d7008e';
const selector = ADAPTERS.chatgpt.sendButtonSelector;

function composer() {
  const doc = loadPage(fixture('real-dom/chatgpt-c-2026-09-25.html'), URL);
  const box = doc.querySelector<HTMLElement>('form[data-chatgpt-composer] [contenteditable="true"]')!;
  const primary = doc.querySelector('form[data-chatgpt-composer] button.bg-composer-primary')!;
  return { doc, box, primary };
}

describe('ChatGPT variant c: the composer’s primary button', () => {
  it('is not the send button while the composer is empty (Start Voice, or Stop while an answer streams)', () => {
    const { primary } = composer();
    expect(primary.getAttribute('aria-label')).toBe('Start Voice');
    expect(primary.closest(selector)).toBeNull();
  });

  it('is the send button, from a click on its icon too, once the composer holds text', () => {
    const { doc, box, primary } = composer();
    box.innerHTML = '<p>What does the report say about water?</p>';
    expect(primary.closest(selector)).toBe(primary);
    const icon = primary.appendChild(doc.createElement('span'));
    expect(icon.closest(selector)).toBe(primary);
  });

  it('leaves the page’s other buttons alone (copy, edit, regenerate, the attachment card)', () => {
    const { doc, box } = composer();
    box.innerHTML = '<p>text</p>';
    const others = [...doc.querySelectorAll('button:not(.bg-composer-primary)')];
    expect(others.length).toBeGreaterThan(5);
    expect(others.filter((b) => b.closest(selector))).toEqual([]);
  });
});
