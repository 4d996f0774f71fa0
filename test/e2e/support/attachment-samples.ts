/**
 * What the attachment tests in both browsers share: the sites' fixture pages at their real
 * hosts, the files a person attaches (a 1024 x 1024 PNG, a text file and a 3-page PDF), what those
 * files count by the site's rule, and the page-side steps (a file input where the fixture has none,
 * a drop, a paste, a send) as functions that run in the page through either driver's evaluate().
 */
import { officeReader } from '../../../src/features/attachments/page/office-reader';
import { pdfReader } from '../../../src/features/attachments/page/pdf-reader';
import { readAttachments, type AttachmentRead } from '../../../src/features/attachments/page/read';
import { countAttachment } from '../../../src/features/attachments/rules';
import type { SiteId } from '../../../src/domain/site-ids';
import { file, pdf, png } from '../../unit/support/attachment-files';
import { chunked } from './chat-pages';
import { turnCounter } from './site-tokens';

export const ATTACH_SITES = [
  { site: 'chatgpt', origin: 'https://chatgpt.com', fixture: 'chatgpt-c-en.html', path: '/c/e2e-attach-chatgpt' },
  { site: 'claude', origin: 'https://claude.ai', fixture: 'claude-2026-en.html', path: '/chat/0d8f7a6b-2026-4000-8000-00000a77ac01' },
  { site: 'copilot', origin: 'https://copilot.microsoft.com', fixture: 'copilot-2026-en.html', path: '/chats/attachQ7e2RkP9mNc' },
  { site: 'deepseek', origin: 'https://chat.deepseek.com', fixture: 'deepseek-2026-10.html', path: '/a/chat/s/5d0f6a0e-2026-4e2e-8000-00000a77ac01' },
  { site: 'gemini', origin: 'https://gemini.google.com', fixture: 'gemini-2026-en.html', path: '/app/5a1e0b7f3d2ca77a' },
  { site: 'grok', origin: 'https://grok.com', fixture: 'grok-2026-en.html', path: '/c/3f9d2c1b-7a6e-4d5c-9b8a-0e1f2a3ba77a' },
  { site: 'meta', origin: 'https://www.meta.ai', fixture: 'meta-2026-en.html', path: '/prompt/5f0c1a2b-2026-4000-8000-00000a77ac01' },
  { site: 'mistral', origin: 'https://chat.mistral.ai', fixture: 'mistral-2026-en.html', path: '/chat/24cad125-f45a-4ab6-bb62-2708aaf1a77a' },
  { site: 'perplexity', origin: 'https://www.perplexity.ai', fixture: 'perplexity-2026-en.html', path: '/search/attach-wind-Xq3vR8sTQ2uYlM0aB1cD2e' },
  { site: 'doubao', origin: 'https://www.doubao.com', fixture: 'doubao-2026-zh.html', path: '/chat/7301234567890a77ac01' },
  { site: 'poe', origin: 'https://poe.com', fixture: 'poe-2026-en.html', path: '/chat/2x7attachq9kd3mz0ab1' },
  { site: 'qwen', origin: 'https://chat.qwen.ai', fixture: 'qwen-2026-en.html', path: '/c/4a7e2c10-e2e0-4b1e-8d3c-00000a77ac01' },
  { site: 'kimi', origin: 'https://www.kimi.com', fixture: 'kimi-2026-en.html', path: '/chat/d4f2k8qb1s0c7m3va77a' },
] as const satisfies ReadonlyArray<{ site: SiteId; origin: string; fixture: string; path: string }>;

export interface Sample {
  name: string;
  mimeType: string;
  bytes: Uint8Array<ArrayBuffer>;
}

const NOTES = 'Cooling towers drew 1.2 million litres a day in July.\nThe grid ran on gas at night.\n';

/** A picture, a text and a PDF, named after the way they are attached (so no two are the same file). */
export const samples = async (how: string): Promise<Sample[]> => [
  { name: `chart-${how}.png`, mimeType: 'image/png', bytes: png(1024, 1024) },
  { name: `notes-${how}.txt`, mimeType: 'text/plain', bytes: new TextEncoder().encode(`${how}: ${NOTES}`) },
  { name: `report-${how}.pdf`, mimeType: 'application/pdf', bytes: await pdf(3) },
];

/** What the page reads of each file, read here the same way (the PDF with the same PDF.js). */
async function factsOf(list: Sample[]): Promise<AttachmentRead[]> {
  const reads = await readAttachments(
    list.map((s) => file(s.bytes, s.name, s.mimeType)),
    { loadPdfReader: async () => pdfReader, loadOfficeReader: async () => officeReader },
  );
  return reads.map((r) => {
    if (!r.ok) throw new Error(`sample not read: ${r.skip}`);
    return r.value;
  });
}

/** The files' tokens and the estimated part of them, by src/features/attachments/rules.ts `countAttachment` for the turn's model and site. */
export async function expectedCount(list: Sample[], modelKey: string, site: SiteId): Promise<{ tokens: number; estimated: number }> {
  const count = turnCounter(site, modelKey);
  let tokens = 0;
  let estimated = 0;
  for (const { text, ...facts } of await factsOf(list)) {
    const r = countAttachment({ ...facts, textTokens: text === undefined ? undefined : count(text) }, { modelKey, site });
    if (!r.ok) throw new Error(r.skip);
    tokens += r.value.tokens;
    if (r.value.estimated) estimated += r.value.tokens;
  }
  return { tokens, estimated };
}

/** Samples as evaluate() can carry them into the page (plain arrays of bytes). */
export const portable = (list: Sample[]) => list.map((s) => ({ name: s.name, mimeType: s.mimeType, bytes: Array.from(s.bytes) }));

type ChatSite = { __nextAnswer: unknown; chatSite: { promptBox(): HTMLElement; sendButton(): HTMLElement } };

/**
 * Runs in the page: marks the prompt box `[data-e2e-box]` and, where the fixture page has no file
 * input, puts a hidden `<input type="file" multiple>` in its composer, as the sites have (hand-made,
 * not captured markup). True when the page had its own input.
 */
export function prepareComposer(): boolean {
  const box = (window as unknown as ChatSite).chatSite.promptBox();
  box.setAttribute('data-e2e-box', '');
  if (document.querySelector('input[type=file]')) return true;
  const input = Object.assign(document.createElement('input'), { type: 'file', multiple: true, hidden: true });
  (box.closest('form') ?? box.parentElement ?? document.body).appendChild(input);
  return false;
}

/**
 * Runs in the page: drops or pastes files on the prompt box, as the browser fires those events with
 * the files in a DataTransfer. Neither driver can drag a file from the desktop or put one on the
 * clipboard (WebDriver BiDi's input.setFiles and Playwright's setInputFiles fill file inputs only),
 * so these are the events the content script sees, not the operating system's drag or clipboard.
 */
export function transferFiles([how, files]: readonly ['drop' | 'paste', ReturnType<typeof portable>]): void {
  const dt = new DataTransfer();
  for (const f of files) dt.items.add(new File([new Uint8Array(f.bytes)], f.name, { type: f.mimeType }));
  const target = document.querySelector('[data-e2e-box]') ?? document.body;
  const event =
    how === 'drop'
      ? new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true })
      : new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true });
  // Firefox ignores ClipboardEventInit's clipboardData and gives the event an empty DataTransfer of
  // its own, which takes the files instead.
  if (event instanceof ClipboardEvent && event.clipboardData && event.clipboardData !== dt) for (const f of dt.files) event.clipboardData.items.add(f);
  target.dispatchEvent(event);
}

/**
 * Runs in the page: puts up, or takes down, a chip with a file's name beside the prompt box, as a
 * composer shows a file attached and its remove button takes it away (hand-made: no capture shows a
 * composer holding a file).
 */
export function fileChip([name, up]: readonly [string, boolean]): void {
  if (up) document.querySelector('[data-e2e-box]')!.insertAdjacentHTML('afterend', `<span data-e2e-chip>${name}</span>`);
  else document.querySelector('[data-e2e-chip]')!.remove();
}

/** The argument sendPrompt takes: the answer the fixture streams, and the prompt. */
export const promptAndAnswer = (prompt: string, answer: string[]) => [answer.map(chunked), prompt] as const;

/** Runs in the page: types the prompt into the page's box and sends it with a click on the page's own send button alone. */
export function sendPrompt([paragraphs, text]: ReturnType<typeof promptAndAnswer>): void {
  const w = window as unknown as ChatSite;
  w.__nextAnswer = { paragraphs };
  const box = w.chatSite.promptBox();
  if ('value' in box) (box as HTMLTextAreaElement).value = text;
  else box.textContent = text;
  w.chatSite.sendButton().click();
}
