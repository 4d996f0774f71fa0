/**
 * Files attached on each site's fixture page at its real host, in Chromium with the built extension:
 * a 1024 x 1024 PNG, a text file and a 3-page PDF, attached through a file input of the page's
 * composer (`setInputFiles`), dropped on the composer and pasted into the prompt box, then the prompt
 * is sent. The stored turn's text is counted as before, its attachments by the rule for the site and
 * model (computed here with src/features/attachments/rules.ts `countAttachment` from the same files' facts,
 * read in Node by src/features/attachments/page/read.ts), and the next turn of the chat re-reads them as history.
 *
 * Three fixture pages carry the site's own file input (ChatGPT's "Attach photos or videos", DeepSeek's
 * upload input, Qwen Chat's `#filesUpload`); on the others the test puts a hidden `<input type="file" multiple>` in the
 * composer, as the sites do (hand-made, not captured markup). Drop and paste are the events the
 * browser fires, made in the page (support/attachment-samples.ts says why).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  type Sample,
} from './support/attachment-samples';
import { runBoundedChat } from './support/bounded-chat';
import { storedConversation, streamingFixture } from './support/chat-pages';
import { BUILT_EXTENSION } from './support/extension-page';
import { launchWithExtension, runningWorker, serveChatPage, type LaunchedExtension } from './support/launch';
import { turnCounter } from './support/site-tokens';
import { waitFor } from './support/wait';

let ext: LaunchedExtension;
beforeAll(async () => {
  ext = await launchWithExtension({ extensionDir: BUILT_EXTENSION });
});
afterAll(async () => {
  await ext?.close();
});

describe('files attached by picker, drop and paste, then sent', () => {
  it.each(ATTACH_SITES)('$site: the turn reads them by the site’s rule, and the next turn re-reads them', { timeout: 120_000 }, async (s) => {
    await serveChatPage(ext.context, s.origin, streamingFixture(s.fixture));
    const page = await ext.context.newPage();
    await page.goto(`${s.origin}${s.path}`, { waitUntil: 'load' });
    const id = s.path.split('/').at(-1)!;
    await waitFor('the history seed', async () => ((await storedConversation(runningWorker(ext), s.site, id))?.historyTokens ?? 0) > 0);

    const picked = await samples('picked');
    const dropped = await samples('dropped');
    const pasted = await samples('pasted');
    await page.evaluate(prepareComposer);
    const input = page.locator('input[type=file]').first();
    const asFile = (p: Sample) => ({ name: p.name, mimeType: p.mimeType, buffer: Buffer.from(p.bytes) });
    // DeepSeek's input takes one file a pick: one pick each.
    if (await input.evaluate((el) => (el as HTMLInputElement).multiple)) await input.setInputFiles(picked.map(asFile));
    else for (const p of picked) await input.setInputFiles(asFile(p));
    // One more file picked, shown as a chip, and removed before sending: it must not be counted.
    const removed = `removed-${s.site}.txt`;
    await input.setInputFiles({ name: removed, mimeType: 'text/plain', buffer: Buffer.from('Removed before sending.') });
    await page.evaluate(fileChip, [removed, true] as const);
    await page.evaluate(transferFiles, ['drop', portable(dropped)] as const);
    await page.evaluate(fileChip, [removed, false] as const);
    await page.evaluate(transferFiles, ['paste', portable(pasted)] as const);

    const prompt = 'What do these say about the water the data centre used?';
    await page.evaluate(sendPrompt, promptAndAnswer(prompt, ['Mostly cooling, in July.']));
    const first = await waitFor(
      'the turn with its files',
      async () => {
        const v = await storedConversation(runningWorker(ext), s.site, id);
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

describe('ChatGPT on the default plan (Free): no turn reads past the window', () => {
  it('a 3 MB CSV and the turn after it, a 150-page PDF, a phone photo, a 1024 x 1024 PNG and a Word file, one a turn', { timeout: 240_000 }, async () => {
    const s = ATTACH_SITES[0];
    const id = 'e2e-bounded-chatgpt';
    await serveChatPage(ext.context, s.origin, streamingFixture(s.fixture));
    const page = await ext.context.newPage();
    await page.goto(`${s.origin}/c/${id}`, { waitUntil: 'load' });
    await waitFor('the history seed', async () => ((await storedConversation(runningWorker(ext), s.site, id))?.historyTokens ?? 0) > 0);
    await page.evaluate(prepareComposer);
    const input = page.locator('input[type=file]').first();
    await runBoundedChat({
      attach: (p) => input.setInputFiles({ name: p.name, mimeType: p.mimeType, buffer: Buffer.from(p.bytes) }),
      send: async (prompt, answer) => void (await page.evaluate(sendPrompt, promptAndAnswer(prompt, [answer]))),
      conversation: () => storedConversation(runningWorker(ext), s.site, id),
    });
    await page.close();
  });
});
