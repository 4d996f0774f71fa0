/**
 * Files attached on a chat page in Firefox (firefox-esr, the Firefox build as a temporary add-on):
 * on ChatGPT's fixture page, a 1024 x 1024 PNG, a text file and a 3-page PDF chosen one after
 * another in the page's own "Attach photos or videos" input (WebDriver BiDi's input.setFiles, as a
 * person choosing them), then the prompt is sent. The content script imports the reader and the PDF
 * reader modules by their moz-extension URLs; the stored turn's attachments equal the sum of
 * src/core/attachments.ts `countAttachment` over the same files' facts (the PDF's without its text:
 * see below), and the next turn re-reads them.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfReader } from '../../src/attachments/pdf-reader';
import { readAttachments } from '../../src/attachments/read';
import { countAttachment } from '../../src/core/attachments';
import type { ConversationState } from '../../src/domain/conversation';
import { file, pdf, png } from '../unit/support/attachment-files';
import { chunked, streamingFixture } from './support/chat-pages';
import type { DriverBrowser, DriverPage } from './support/driver';
import { storedValues } from './support/extension-api';
import { launchFirefoxDriver } from './support/firefox-driver';
import { modelCounter } from './support/site-tokens';
import { waitFor } from './support/wait';

let browser: DriverBrowser;
let dir: string;
beforeAll(async () => {
  browser = await launchFirefoxDriver();
  dir = mkdtempSync(join(tmpdir(), 'footprint-attach-'));
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

const ID = 'e2e-attach-firefox';
const NOTES = 'Cooling towers drew 1.2 million litres a day in July.\nThe grid ran on gas at night.\n';

async function send(page: DriverPage, prompt: string, answer: string[]): Promise<void> {
  await page.evaluate(
    ([paragraphs, text]) => {
      const w = window as unknown as { __nextAnswer: unknown; chatSite: { promptBox(): HTMLElement; sendButton(): HTMLElement } };
      w.__nextAnswer = { paragraphs };
      const box = w.chatSite.promptBox();
      box.textContent = text;
      box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      w.chatSite.sendButton().click();
    },
    [answer.map(chunked), prompt] as const,
  );
}

const conversation = async (ext: DriverPage) => (await storedValues(ext))[`conversation:chatgpt:${ID}`] as ConversationState | undefined;

describe('Firefox: files chosen in the page’s own file input', () => {
  it('go with the prompt sent next, counted by the site’s rule, and the next turn re-reads them', { timeout: 180_000 }, async () => {
    const samples = [
      { name: 'chart.png', type: 'image/png', bytes: png(1024, 1024) },
      { name: 'notes.txt', type: 'text/plain', bytes: new TextEncoder().encode(NOTES) },
      { name: 'report.pdf', type: 'application/pdf', bytes: await pdf(3) },
    ];
    for (const s of samples) writeFileSync(join(dir, s.name), s.bytes);
    await browser.serveChatPage('https://chatgpt.com', streamingFixture('chatgpt-c-en.html'));
    const ext = await browser.open(`${browser.extensionOrigin}/popup.html`);
    const page = await browser.open(`https://chatgpt.com/c/${ID}`);
    await waitFor('the history seed', async () => ((await conversation(ext))?.historyTokens ?? 0) > 0);
    for (const s of samples) await page.setInputFile('input[type=file]', join(dir, s.name));

    const prompt = 'What do these say about the water the data centre used?';
    await send(page, prompt, ['Mostly cooling, in July.']);
    const first = await waitFor('the turn with its files', async () => {
      const v = await conversation(ext);
      return v && Object.keys(v.turns).length === 1 && v;
    });
    const [turn] = Object.values(first.turns);
    const count = modelCounter(turn!.modelKey);
    let tokens = 0;
    let estimated = 0;
    for (const s of samples) {
      const [read] = await readAttachments([file(s.bytes, s.name, s.type)], { loadPdfReader: async () => pdfReader });
      if (!read.ok) throw new Error(read.skip);
      // Known gap: in a Firefox content script PDF.js reads the pages but no text yet (Chromium reads
      // both, test/e2e/attachments.test.ts); the PDF is counted by its pages alone there.
      const { text, ...facts } = s.type === 'application/pdf' ? { ...read.value, text: '' } : read.value;
      const r = countAttachment({ ...facts, textTokens: text === undefined ? undefined : count(text) }, { modelKey: turn!.modelKey, site: 'chatgpt' });
      if (!r.ok) throw new Error(r.skip);
      tokens += r.value.tokens;
      if (r.value.estimated) estimated += r.value.tokens;
    }
    expect(turn).toMatchObject({ promptTokens: count(prompt), extras: { attachments: { files: 3, tokens, estimatedTokens: estimated, historyTokens: 0 } } });

    await send(page, 'And in August?', ['Less: the nights were cooler.']);
    const second = await waitFor('the next turn', async () => {
      const v = await conversation(ext);
      return v && Object.keys(v.turns).length === 2 && v;
    });
    const next = Object.values(second.turns).find((t) => t.turnId !== turn!.turnId);
    expect(next).toMatchObject({ extras: { attachments: { files: 0, tokens: 0, historyTokens: tokens, estimatedHistoryTokens: estimated } } });
    await page.close();
    await ext.close();
  });
});
