/**
 * What a sent ChatGPT prompt shows of its files (src/sites/chatgpt/attachments.ts): the resource card
 * of the real capture frontierkodiak/oracle tests/fixtures/chatgpt-dom/2026-09-25-project-attachment.html
 * @1db439512567325c0eed60859bd924a1e611ad62 (our trimmed copy: test/fixtures/real-dom/chatgpt-c-2026-09-25.html),
 * and cards for a picture and a PDF made by renaming that card's file (hand-made: no capture shows one).
 */
import { describe, expect, it } from 'vitest';
import { READERS } from '../../support/adapters';
import { fixture, loadPage } from '../support/load-page';

const URL = 'https://chatgpt.com/g/g-p-00000000000000000000000000000000-project/c/6aa2ce8d-3010-83ea-befd-6a9df1d7008e';
const chatgpt = READERS.chatgpt;

function prompts() {
  const doc = loadPage(fixture('real-dom/chatgpt-c-2026-09-25.html'), URL);
  return chatgpt.findTurns(doc).filter((t) => t.role === 'user');
}

describe('ChatGPT: the files a sent prompt shows', () => {
  it('reads the captured card (a .zip: a file of no counted kind, without a size) and nothing in a prompt without one', () => {
    const [first, second] = prompts();
    expect(chatgpt.readAttachments!(first!)).toEqual([{ from: 'page', kind: 'other', mime: '' }]);
    expect(chatgpt.readAttachments!(second!)).toEqual([]);
  });

  it('reads a picture’s and a PDF’s card by the name’s extension (hand-made from the captured card)', () => {
    const [first] = prompts();
    const card = first!.element.querySelector('[class~="group/resource-card"]')!;
    card.parentElement!.appendChild(card.cloneNode(true));
    const [a, b] = first!.element.querySelectorAll('[class~="group/resource-card"] button[aria-label]');
    a!.setAttribute('aria-label', 'Cooling tower.JPG');
    b!.setAttribute('aria-label', 'water-report.pdf');
    expect(chatgpt.readAttachments!(first!)).toEqual([
      { from: 'page', kind: 'image', mime: '' },
      { from: 'page', kind: 'pdf', mime: '' },
    ]);
  });
});
