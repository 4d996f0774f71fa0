/**
 * What a prompt sent on chatgpt.com shows of the files it carried, for a turn whose files the page
 * did not see being attached (a chat opened later, another device): its resource cards. Read from
 * the real capture frontierkodiak/oracle tests/fixtures/chatgpt-dom/2026-09-25-project-attachment.html
 * @1db439512567325c0eed60859bd924a1e611ad62 (test/fixtures/real-dom/chatgpt-c-2026-09-25.html): beside
 * the bubble, `span.group/resource-card` holds a full-size button whose aria-label is the file's name,
 * then the name and a type line (both random words in that recording). The card shows no size and no
 * page count, so only a picture can be estimated (the provider's rule at an unknown size); any other
 * card is sent as a file of its kind, which the worker reports as not counted (`size-unknown`). The
 * kind comes from the name's extension, for the two kinds a card can be counted or named by: the
 * table of file types (data/attachment-types.json) would cost every ChatGPT page 1.8 KB of its
 * content-script budget for a path that runs only when such a card is there.
 */
import type { PageMessage } from '../types';
import type { AttachmentSent } from '../../domain/turns';
import { kindOfName } from '../prompt-files';

const CARD = '[class~="group/resource-card"]';

export function readChatgptAttachments(prompt: PageMessage): AttachmentSent[] {
  return [...prompt.element.querySelectorAll(CARD)].map((card) => {
    const name = card.querySelector('button[aria-label]')?.getAttribute('aria-label') ?? '';
    return { from: 'page', kind: kindOfName(name), mime: '' };
  });
}
