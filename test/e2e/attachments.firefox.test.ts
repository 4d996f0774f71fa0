/**
 * Files attached on each site's fixture page at its real host, in Firefox (firefox-esr, the Firefox
 * build as a temporary add-on, one browser for the file): a 1024 x 1024 PNG, a text file and a
 * 3-page PDF chosen in a file input of the page's composer (WebDriver BiDi's input.setFiles, as a
 * person choosing them in the file picker), three more dropped on the prompt box and three pasted
 * into it, then the prompt is sent. The content script imports the reader and the PDF reader modules
 * by their moz-extension URLs. The stored turn's attachments equal src/features/attachments/rules.ts
 * `countAttachment` over the same files' facts for the site and model, the PDF's text included, and
 * the next turn re-reads them as history.
 *
 * Drop and paste are the events the browser fires, made in the page with the files in a
 * DataTransfer: WebDriver BiDi has no way to drag a file from the desktop or put one on the
 * clipboard (its input.setFiles is for file inputs only), so the events are what the content script
 * sees, though not the operating system's drag. Three fixture pages carry the site's own file input
 * (ChatGPT's "Attach photos or videos", DeepSeek's upload input, Qwen Chat's `#filesUpload`); on the others the test puts a
 * hidden `<input type="file" multiple>` in the composer (support/attachment-samples.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationState } from '../../src/domain/conversation';
import {
  ATTACH_SITES,
  expectedCount,
  fileChip,
  portable,
  prepareComposer,
  promptAndAnswer,
  samples,
  sendPrompt,
  transferFiles,
} from './support/attachment-samples';
import { runBoundedChat } from './support/bounded-chat';
import { streamingFixture } from './support/chat-pages';
import type { DriverBrowser, DriverPage } from './support/driver';
import { storedValue } from './support/extension-api';
import { launchFirefoxDriver } from './support/firefox-driver';
import { turnCounter } from './support/site-tokens';
import { waitFor } from './support/wait';

let browser: DriverBrowser;
let ext: DriverPage;
let dir: string;
beforeAll(async () => {
  browser = await launchFirefoxDriver();
  ext = await browser.open(`${browser.extensionOrigin}/popup.html`);
  dir = mkdtempSync(join(tmpdir(), 'footprint-attach-'));
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

const conversation = (site: string, id: string) => storedValue<ConversationState>(ext, `conversation:${site}:${id}`);

describe('Firefox: files attached by picker, drop and paste, then sent', () => {
  it.each(ATTACH_SITES)('$site: the turn reads them by the site’s rule, and the next turn re-reads them', { timeout: 90_000 }, async (s) => {
    await browser.serveChatPage(s.origin, streamingFixture(s.fixture));
    const id = s.path.split('/').at(-1)!;
    const page = await browser.open(`${s.origin}${s.path}`);
    await waitFor('the history seed', async () => ((await conversation(s.site, id))?.historyTokens ?? 0) > 0);

    const picked = await samples(`${s.site}-picked`);
    const dropped = await samples(`${s.site}-dropped`);
    const pasted = await samples(`${s.site}-pasted`);
    await page.evaluate(prepareComposer, null);
    // One pick a file: DeepSeek's own input takes one at a time, and a change event each is what a person's picks give.
    for (const p of picked) {
      writeFileSync(join(dir, p.name), p.bytes);
      await page.setInputFile('input[type=file]', join(dir, p.name));
    }
    // One more file picked, shown as a chip, and removed before sending: it must not be counted.
    const removed = { name: `removed-${s.site}.txt`, bytes: new TextEncoder().encode('Removed before sending.') };
    writeFileSync(join(dir, removed.name), removed.bytes);
    await page.setInputFile('input[type=file]', join(dir, removed.name));
    await page.evaluate(fileChip, [removed.name, true] as const);
    await page.evaluate(transferFiles, ['drop', portable(dropped)] as const);
    await page.evaluate(fileChip, [removed.name, false] as const);
    await page.evaluate(transferFiles, ['paste', portable(pasted)] as const);

    const prompt = 'What do these say about the water the data centre used?';
    await page.evaluate(sendPrompt, promptAndAnswer(prompt, ['Mostly cooling, in July.']));
    const first = await waitFor(
      'the turn with its files',
      async () => {
        const v = await conversation(s.site, id);
        return v && Object.keys(v.turns).length === 1 && v;
      },
      60_000,
    );
    const [turn] = Object.values(first.turns);
    const { tokens, estimated } = await expectedCount([...picked, ...dropped, ...pasted], turn!.modelKey, s.site);
    expect(turn).toMatchObject({
      promptTokens: turnCounter(s.site, turn!.modelKey)(prompt),
      extras: { attachments: { files: 9, tokens, estimatedTokens: estimated, historyTokens: 0 } },
    });

    await page.evaluate(sendPrompt, promptAndAnswer('And in August?', ['Less: the nights were cooler.']));
    const second = await waitFor(
      'the next turn',
      async () => {
        const v = await conversation(s.site, id);
        return v && Object.keys(v.turns).length === 2 && v;
      },
      60_000,
    );
    const next = Object.values(second.turns).find((t) => t.turnId !== turn!.turnId);
    expect(next).toMatchObject({ extras: { attachments: { files: 0, tokens: 0, historyTokens: tokens, estimatedHistoryTokens: estimated } } });
    await page.close();
  });
});

describe('Firefox: ChatGPT on the default plan (Free): no turn reads past the window', () => {
  it('a 3 MB CSV and the turn after it, a 150-page PDF, a phone photo, a 1024 x 1024 PNG and a Word file, one a turn', { timeout: 240_000 }, async () => {
    const s = ATTACH_SITES[0];
    const id = 'e2e-bounded-chatgpt';
    await browser.serveChatPage(s.origin, streamingFixture(s.fixture));
    const page = await browser.open(`${s.origin}/c/${id}`);
    await waitFor('the history seed', async () => ((await conversation(s.site, id))?.historyTokens ?? 0) > 0);
    await page.evaluate(prepareComposer, null);
    await runBoundedChat({
      attach: async (p) => {
        writeFileSync(join(dir, p.name), p.bytes);
        await page.setInputFile('input[type=file]', join(dir, p.name));
      },
      send: async (prompt, answer) => void (await page.evaluate(sendPrompt, promptAndAnswer(prompt, [answer]))),
      conversation: () => conversation(s.site, id),
    });
    await page.close();
  });
});
