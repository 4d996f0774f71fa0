/**
 * Files attached on each site's fixture page at its real host, in Chromium with the built extension:
 * a 1024 x 1024 PNG, a text file and a 3-page PDF, attached through a file input of the page's
 * composer (`setInputFiles`), dropped on the composer and pasted into the prompt box, then the prompt
 * is sent. The stored turn's text is counted as before, its attachments by the rule for the site and
 * model (computed here with src/core/attachments.ts `countAttachment` from the same files' facts,
 * read in Node by src/attachments/read.ts), and the next turn of the chat re-reads them as history.
 *
 * Two fixture pages carry the site's own file input (ChatGPT's "Attach photos or videos", DeepSeek's
 * upload input); on the others the test puts a hidden `<input type="file" multiple>` in the
 * composer, as the sites do (hand-made, not captured markup).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfReader } from '../../src/attachments/pdf-reader';
import { readAttachments, type AttachmentRead } from '../../src/attachments/read';
import { countAttachment } from '../../src/core/attachments';
import { file, pdf, png } from '../unit/support/attachment-files';
import { chunked, storedConversation, streamingFixture } from './support/chat-pages';
import { BUILT_EXTENSION } from './support/extension-page';
import { launchWithExtension, runningWorker, serveChatPage, type LaunchedExtension } from './support/launch';
import { modelCounter } from './support/site-tokens';
import { waitFor } from './support/wait';

let ext: LaunchedExtension;
beforeAll(async () => {
  ext = await launchWithExtension({ extensionDir: BUILT_EXTENSION });
});
afterAll(async () => {
  await ext?.close();
});

const SITES = [
  { site: 'chatgpt', origin: 'https://chatgpt.com', fixture: 'chatgpt-c-en.html', path: '/c/e2e-attach-chatgpt' },
  { site: 'claude', origin: 'https://claude.ai', fixture: 'claude-2026-en.html', path: '/chat/0d8f7a6b-2026-4000-8000-00000a77ac01' },
  { site: 'copilot', origin: 'https://copilot.microsoft.com', fixture: 'copilot-2026-en.html', path: '/chats/attachQ7e2RkP9mNc' },
  { site: 'deepseek', origin: 'https://chat.deepseek.com', fixture: 'deepseek-2026-10.html', path: '/a/chat/s/5d0f6a0e-2026-4e2e-8000-00000a77ac01' },
  { site: 'gemini', origin: 'https://gemini.google.com', fixture: 'gemini-2026-en.html', path: '/app/5a1e0b7f3d2ca77a' },
  { site: 'grok', origin: 'https://grok.com', fixture: 'grok-2026-en.html', path: '/c/3f9d2c1b-7a6e-4d5c-9b8a-0e1f2a3ba77a' },
  { site: 'meta', origin: 'https://www.meta.ai', fixture: 'meta-2026-en.html', path: '/prompt/5f0c1a2b-2026-4000-8000-00000a77ac01' },
  { site: 'mistral', origin: 'https://chat.mistral.ai', fixture: 'mistral-2026-en.html', path: '/chat/24cad125-f45a-4ab6-bb62-2708aaf1a77a' },
  { site: 'perplexity', origin: 'https://www.perplexity.ai', fixture: 'perplexity-2026-en.html', path: '/search/attach-wind-Xq3vR8sTQ2uYlM0aB1cD2e' },
] as const;

interface Sample {
  name: string;
  mimeType: string;
  bytes: Uint8Array<ArrayBuffer>;
}

const NOTES = 'Cooling towers drew 1.2 million litres a day in July.\nThe grid ran on gas at night.\n';
const samples = async (how: string): Promise<Sample[]> => [
  { name: `chart-${how}.png`, mimeType: 'image/png', bytes: png(1024, 1024) },
  { name: `notes-${how}.txt`, mimeType: 'text/plain', bytes: new TextEncoder().encode(`${how}: ${NOTES}`) },
  { name: `report-${how}.pdf`, mimeType: 'application/pdf', bytes: await pdf(3) },
];

/** What the page reads of each file, read here the same way (the PDF with the same PDF.js). */
async function factsOf(list: Sample[]): Promise<AttachmentRead[]> {
  const reads = await Promise.all(
    list.map(async (s) => (await readAttachments([file(s.bytes, s.name, s.mimeType)], { loadPdfReader: async () => pdfReader }))[0]!),
  );
  return reads.map((r) => {
    if (!r.ok) throw new Error(`sample not read: ${r.skip}`);
    return r.value;
  });
}

/** Drops or pastes files on an element, as the browser fires those events with the files in a DataTransfer. */
async function transfer(page: Page, selector: string, how: 'drop' | 'paste', list: Sample[]): Promise<void> {
  await page.evaluate(
    ([sel, kind, files]) => {
      const dt = new DataTransfer();
      for (const f of files) dt.items.add(new File([new Uint8Array(f.bytes)], f.name, { type: f.mimeType }));
      const target = document.querySelector(sel) ?? document.body;
      const event =
        kind === 'drop'
          ? new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true })
          : new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true });
      target.dispatchEvent(event);
    },
    [selector, how, list.map((s) => ({ name: s.name, mimeType: s.mimeType, bytes: Array.from(s.bytes) }))] as const,
  );
}

/** Types the prompt into the page's box and sends it with Enter and the page's own send button. */
async function send(page: Page, prompt: string, answer: string[]): Promise<void> {
  await page.evaluate(
    ([paragraphs, text]) => {
      const w = window as unknown as { __nextAnswer: unknown; chatSite: { promptBox(): HTMLElement; sendButton(): HTMLElement } };
      w.__nextAnswer = { paragraphs };
      const box = w.chatSite.promptBox();
      if ('value' in box) (box as HTMLTextAreaElement).value = text;
      else box.textContent = text;
      // Enter in the box, as a person sends; the fixture's own button then writes the answer.
      box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      w.chatSite.sendButton().click();
    },
    [answer.map(chunked), prompt] as const,
  );
}

describe('files attached by picker, drop and paste, then sent', () => {
  it.each(SITES)('$site: the turn reads them by the site’s rule, and the next turn re-reads them', { timeout: 120_000 }, async (s) => {
    await serveChatPage(ext.context, s.origin, streamingFixture(s.fixture));
    const page = await ext.context.newPage();
    await page.goto(`${s.origin}${s.path}`, { waitUntil: 'load' });
    const id = s.path.split('/').at(-1)!;
    await waitFor('the history seed', async () => ((await storedConversation(runningWorker(ext), s.site, id))?.historyTokens ?? 0) > 0);

    const picked = await samples('picked');
    const dropped = await samples('dropped');
    const pasted = await samples('pasted');
    // The page's own file input where the fixture has one; else one in the composer, as the sites have.
    const hasInput = await page.evaluate(() => document.querySelector('input[type=file]') !== null);
    if (!hasInput)
      await page.evaluate(() => {
        const box = (window as unknown as { chatSite: { promptBox(): HTMLElement } }).chatSite.promptBox();
        const input = Object.assign(document.createElement('input'), { type: 'file', multiple: true, hidden: true });
        (box.closest('form') ?? box.parentElement ?? document.body).appendChild(input);
      });
    const input = page.locator('input[type=file]').first();
    const asFile = (p: Sample) => ({ name: p.name, mimeType: p.mimeType, buffer: Buffer.from(p.bytes) });
    // DeepSeek's input takes one file a pick: one pick each.
    if (await input.evaluate((el) => (el as HTMLInputElement).multiple)) await input.setInputFiles(picked.map(asFile));
    else for (const p of picked) await input.setInputFiles(asFile(p));
    const box = await page.evaluate(() => {
      const el = (window as unknown as { chatSite: { promptBox(): HTMLElement } }).chatSite.promptBox();
      el.setAttribute('data-e2e-box', '');
      return '[data-e2e-box]';
    });
    await transfer(page, box, 'drop', dropped);
    await transfer(page, box, 'paste', pasted);

    const prompt = 'What do these say about the water the data centre used?';
    await send(page, prompt, ['Mostly cooling, in July.']);
    const first = await waitFor(
      'the turn with its files',
      async () => {
        const v = await storedConversation(runningWorker(ext), s.site, id);
        return v && Object.keys(v.turns).length === 1 && v;
      },
      60_000,
    );
    const [turn] = Object.values(first.turns);
    const count = modelCounter(turn!.modelKey);
    const files = await factsOf([...picked, ...dropped, ...pasted]);
    const expected = files.map((f) => {
      const { text, ...facts } = f;
      const r = countAttachment({ ...facts, textTokens: text === undefined ? undefined : count(text) }, { modelKey: turn!.modelKey, site: s.site });
      if (!r.ok) throw new Error(r.skip);
      return r.value;
    });
    const tokens = expected.reduce((sum, r) => sum + r.tokens, 0);
    const estimated = expected.filter((r) => r.estimated).reduce((sum, r) => sum + r.tokens, 0);
    expect(turn).toMatchObject({ promptTokens: count(prompt), extras: { attachments: { files: 9, tokens, estimatedTokens: estimated, historyTokens: 0 } } });

    await send(page, 'And in August?', ['Less: the nights were cooler.']);
    const second = await waitFor(
      'the next turn',
      async () => {
        const v = await storedConversation(runningWorker(ext), s.site, id);
        return v && Object.keys(v.turns).length === 2 && v;
      },
      60_000,
    );
    const next = Object.values(second.turns).find((t) => t.turnId !== turn!.turnId);
    expect(next).toMatchObject({ extras: { attachments: { files: 0, tokens: 0, historyTokens: tokens, estimatedHistoryTokens: estimated } } });
    await page.close();
  });
});
