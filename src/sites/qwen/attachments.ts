/**
 * What a prompt sent on chat.qwen.ai shows of the files it carried, for a turn whose files the page
 * did not see being attached: its file cards (a CSS module class `file-message-document`, the name in
 * `.fileitem-file-name-text` and `.fileitem-file-name-ext`, the size as the page writes it in
 * `.fileitem-file-size`). A card names no pages and no pixels: its kind comes from the extension, its
 * bytes from the size it shows.
 */
import type { PageMessage } from '../types';
import type { AttachmentSent } from '../../domain/turns';

const CARD = '[class*="file-message-document"]';
const UNIT_BYTES: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** "245.3KB" as bytes, or undefined when the card shows no size it can read. */
function bytesOf(text: string): number | undefined {
  const m = /([\d.]+)\s*([kmg]?b)\b/i.exec(text);
  return m ? Math.round(Number(m[1]) * UNIT_BYTES[m[2].toLowerCase()]) : undefined;
}

export function readQwenAttachments(prompt: PageMessage): AttachmentSent[] {
  return [...prompt.element.querySelectorAll(CARD)].map((card) => {
    const ext = (card.querySelector('.fileitem-file-name-ext')?.textContent ?? '').trim().replace(/^\./, '').toLowerCase();
    const bytes = bytesOf(card.querySelector('.fileitem-file-size')?.textContent ?? '');
    const kind = ext === 'pdf' ? 'pdf' : /^(png|jpe?g|gif|webp)$/.test(ext) ? 'image' : 'other';
    return { from: 'page', kind, mime: '', ...(bytes ? { bytes } : {}) };
  });
}
