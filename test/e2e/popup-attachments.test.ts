/**
 * Attached files in the built extension with the real worker: a turn sent with a 1024 x 1024
 * picture (765 tokens on gpt-4o at high detail, an estimate: the page does not say which detail it
 * sends) and a text file, then a second turn of the same chat. The
 * popup's latest answer splits the input into text and files on the first turn and shows the files
 * re-read on the second; the Counting settings have one switch per kind beyond the text.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { PopupState } from '../../src/domain';
import { BUILT_EXTENSION, openExtensionPage } from './support/extension-page';
import { launchWithExtension, type LaunchedExtension } from './support/launch';
import { SCREENSHOTS } from './support/screenshots';

const NOTES = 'Cooling towers evaporate water; a data centre in a cool climate uses less of it.\n'.repeat(20);
const PROMPT = 'What does this photo and these notes say about water use?';

describe('attached files in the popup', () => {
  let ext: LaunchedExtension | undefined;
  afterEach(async () => {
    await ext?.close();
  });

  it('splits the input into text and files, shows the files re-read on the next turn, and has the switches', async () => {
    ext = await launchWithExtension({ extensionDir: BUILT_EXTENSION });
    const worker = await openExtensionPage(ext.context, ext.extensionId);
    const base = { site: 'chatgpt', conversationId: 'attach-1', modelLabel: 'gpt-4o', answerText: 'Less in a cool climate.' };
    const first = await worker.send('turn/completed', {
      ...base,
      turnId: 'attach-a1',
      promptId: 'attach-u1',
      finishedAt: Date.now() - 60_000,
      promptText: PROMPT,
      attachments: [
        { from: 'file', kind: 'image', mime: 'image/png', bytes: 120_000, width: 1024, height: 1024 },
        { from: 'file', kind: 'text', mime: 'text/plain', bytes: NOTES.length, text: NOTES },
      ],
    });
    expect(first).toMatchObject({ ok: true, value: { ok: true } });
    const picture = 765;
    const files = picture + countTokens(NOTES);

    let state = await worker.send<PopupState>('popup/state', {});
    if (!state.ok) throw new Error(state.error.message);
    expect(state.value.lastTurn).toMatchObject({
      inputTokens: countTokens(PROMPT) + files,
      extras: { attachments: { files: 2, tokens: files, estimatedTokens: picture, historyTokens: 0 } },
    });

    const popup = worker.page;
    await popup.setViewportSize({ width: 380, height: 600 });
    await popup.reload();
    await popup.waitForSelector('[data-testid="last-attachments"]');
    expect(await popup.textContent('[data-testid="last-attachments"]')).toBe(
      `${files.toLocaleString('en')} tokens (2 files) · ≈ ${picture.toLocaleString('en')} estimated`,
    );
    expect(await popup.textContent('[data-testid="last-attachment-tokens"]')).toBe(files.toLocaleString('en'));
    await popup.screenshot({ path: `${SCREENSHOTS}/popup-attachments.png` });

    const second = await worker.send('turn/completed', {
      ...base,
      turnId: 'attach-a2',
      promptId: 'attach-u2',
      finishedAt: Date.now(),
      promptText: 'And in Arizona?',
      answerText: 'More.',
    });
    expect(second).toMatchObject({ ok: true, value: { ok: true } });
    state = await worker.send<PopupState>('popup/state', {});
    if (!state.ok) throw new Error(state.error.message);
    expect(state.value.lastTurn?.extras?.attachments).toMatchObject({ files: 0, tokens: 0, historyTokens: files });
    await popup.reload();
    await popup.waitForSelector('[data-testid="last-attachments"]');
    expect(await popup.textContent('[data-testid="last-attachments"]')).toBe(
      `${files.toLocaleString('en')} tokens (earlier files re-read) · ≈ ${picture.toLocaleString('en')} estimated`,
    );

    await popup.click('#tracking-panel summary');
    for (const kind of ['attachments', 'search', 'research', 'voice', 'video']) {
      expect(await popup.isChecked(`[data-testid="count-extra-${kind}"]`)).toBe(true);
    }
  });
});
