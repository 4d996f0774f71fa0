/**
 * Files attached to a prompt, counted by the worker: input of their turn, history of every later turn
 * of the chat, once however often the turn is sent, and kept through a worker restart.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { Counting } from '../../../../src/counting/count-turn';
import type { AttachmentSent, TurnCompleted } from '../../../../src/domain';
import type { SettingsPatch } from '../../../../src/domain/popup';
import { newLedger } from '../../support/ledger';
import { countingHandlers } from '../../../../src/counting/handlers';
import { siteHealthItem } from '../../../../src/storage/items';
import { newCounting } from '../../../support/counting';

const turn = (n: number, extra: Partial<TurnCompleted> = {}): TurnCompleted => ({
  site: 'chatgpt',
  conversationId: 'conv-a',
  turnId: `a${n}`,
  promptId: `u${n}`,
  modelLabel: 'gpt-4o',
  promptText: `Question ${n} about the file.`,
  answerText: `Answer ${n}.`,
  finishedAt: 1_700_000_000_000 + n,
  ...extra,
});

const picture = (width: number, height: number, from: AttachmentSent['from'] = 'file'): AttachmentSent => ({
  from,
  kind: 'image',
  mime: 'image/png',
  ...(from === 'file' ? { bytes: 200_000 } : {}),
  width,
  height,
});
const NOTES = 'Cooling towers evaporate water.\nA data center in Tokyo uses less water than one in Arizona.\n';
const textFile: AttachmentSent = { from: 'file', kind: 'text', mime: 'text/plain', bytes: NOTES.length, text: NOTES };
/** Three US Letter pages with their text, as the page's PDF reader sends them. */
const PDF_TEXT = 'Page one. Page two. Page three: the results.';
const pdf: AttachmentSent = {
  from: 'file',
  kind: 'pdf',
  mime: 'application/pdf',
  bytes: 30_000,
  pages: 3,
  pageSizes: [
    { width: 612, height: 792 },
    { width: 612, height: 792 },
    { width: 612, height: 792 },
  ],
  text: PDF_TEXT,
};

let counting: Counting;
/** The user changes a setting (the ledger handles settings/update); a counting made after it reads it from storage. */
const updateSettings = (patch: SettingsPatch) => newLedger().updateSettings(patch);
beforeEach(() => {
  fakeBrowser.reset();
  counting = newCounting();
});

/** Counted and stored, as the worker acknowledges a turn (a write left in flight would land in the next test's storage). */
async function count(t: TurnCompleted) {
  const result = await counting.countTurn(t);
  await result.persisted;
  return result.counted;
}

describe('the files of one prompt', () => {
  it('a 1024 x 1024 picture on GPT-4o is 765 tokens at high detail, by OpenAI’s tile rule, estimated: ChatGPT does not say which detail it asks for', async () => {
    const counted = await count(turn(1, { attachments: [picture(1024, 1024)] }));
    // Its low end is the same picture at low detail (85 tokens); high detail is the highest the page allows.
    expect(counted.extras?.attachments).toEqual({ files: 1, tokens: 765, estimatedTokens: 765, lowTokens: 85, historyTokens: 0, estimatedHistoryTokens: 0 });
    expect(counted.promptTokens).toBe(countTokens('Question 1 about the file.'));
  });

  it('a 4032 x 3024 phone photo on ChatGPT’s default model keeps its range: 2,942 at high detail, 14,364 at original, as the published patch rule gives', async () => {
    const counted = await count(turn(1, { modelLabel: null, attachments: [picture(4032, 3024)] }));
    const files = counted.extras!.attachments!;
    expect(files).toMatchObject({ files: 1, tokens: 2942, estimatedTokens: 2942, highTokens: 14_364 });
    expect(files.lowTokens).toBeLessThan(2942);
    // A later turn re-reads the photo at its central figure.
    const next = await count(turn(2, { modelLabel: null }));
    expect(next.extras!.attachments).toMatchObject({ files: 0, tokens: 0, historyTokens: 2942 });
    expect(next.extras!.attachments).not.toHaveProperty('highTokens');
  });

  it('a picture on Claude by Anthropic’s 28-px patches (2000 x 1500: 72 x 54 = 3,888 on the 2576-px models)', async () => {
    const counted = await count(turn(1, { site: 'claude', modelLabel: 'Sonnet 5.5', attachments: [picture(2000, 1500)] }));
    expect(counted.modelKey).toBe('beta-sonnet-5.5');
    expect(counted.extras?.attachments).toMatchObject({ files: 1, tokens: 72 * 54, estimatedTokens: 0 });
  });

  // Gemini's turns count their text with Gemma 3's vocabulary, which takes seconds to load.
  it(
    'a picture on Gemini 3 at the default media resolution: 1,120 tokens whatever its size, estimated (the app’s setting is not published)',
    { timeout: 60_000 },
    async () => {
      const counted = await count(turn(1, { site: 'gemini', modelLabel: null, attachments: [picture(3000, 2000)] }));
      expect(counted.modelKey).toMatch(/^gamma-3/);
      expect(counted.extras?.attachments).toMatchObject({ files: 1, tokens: 1120, estimatedTokens: 1120 });
    },
  );

  it('a text file is counted exactly, with the conversation’s tokenizer', async () => {
    const counted = await count(turn(1, { attachments: [textFile] }));
    expect(counted.extras?.attachments).toMatchObject({ files: 1, tokens: countTokens(NOTES), estimatedTokens: 0 });
  });

  it('a PDF on ChatGPT: its text, which ChatGPT extracts (no pictures of its pages)', async () => {
    const counted = await count(turn(1, { attachments: [pdf] }));
    expect(counted.extras?.attachments).toMatchObject({ files: 1, tokens: countTokens(PDF_TEXT), estimatedTokens: 0 });
  });

  it('a PDF on Gemini 3: 560 tokens a page, its text not counted on top', { timeout: 60_000 }, async () => {
    const counted = await count(turn(1, { site: 'gemini', modelLabel: null, attachments: [pdf] }));
    expect(counted.extras?.attachments).toMatchObject({ files: 1, tokens: 3 * 560 });
  });

  it('a picture read from the page (a thumbnail) is always an estimate', async () => {
    const counted = await count(turn(1, { attachments: [picture(1024, 1024, 'page')] }));
    expect(counted.extras?.attachments).toMatchObject({ files: 1, tokens: 765, estimatedTokens: 765 });
  });

  it('a card the page shows without a size, or a PDF’s card without its page count, is skipped as size-unknown, never a zero', async () => {
    const card = (kind: AttachmentSent['kind']): AttachmentSent => ({ from: 'page', kind, mime: '' });
    const result = await counting.countTurn(turn(1, { attachments: [card('other'), card('pdf'), card('text'), card('image'), { ...card('pdf'), pages: 2 }] }));
    await result.persisted;
    expect(result.skippedAttachments).toEqual(['size-unknown', 'size-unknown', 'size-unknown']);
    // The picture at the rule's unknown size, and the PDF by its two pages: both estimates.
    expect(result.counted.extras?.attachments).toMatchObject({ files: 2, skipped: 3 });
    expect(result.counted.extras!.attachments!.tokens).toBeGreaterThan(0);
    expect(result.counted.extras!.attachments!.estimatedTokens).toBe(result.counted.extras!.attachments!.tokens);
  });

  it('skipped files are counted in `skipped`, never as tokens, and reported; the turn’s text is counted', async () => {
    const tooLarge: AttachmentSent = { from: 'file', kind: 'other', mime: 'application/zip', bytes: 500_000_000, skipped: 'too-large' };
    const corrupt: AttachmentSent = { from: 'file', kind: 'pdf', mime: 'application/pdf', bytes: 1000, skipped: 'unreadable-pdf' };
    const video: AttachmentSent = { from: 'file', kind: 'media', mime: 'video/mp4', bytes: 1000 };
    const result = await counting.countTurn(turn(1, { attachments: [picture(1024, 1024), tooLarge, corrupt, video] }));
    await result.persisted;
    expect(result.counted.extras?.attachments).toMatchObject({ files: 1, tokens: 765, skipped: 3 });
    expect(result.skippedAttachments).toEqual(['too-large', 'unreadable-pdf', 'media-not-counted']);
    expect(result.counted.answerTokens).toBe(countTokens('Answer 1.'));
  });

  it('a turn without files has no extras, as before they were counted', async () => {
    const counted = await count(turn(1));
    expect(counted).not.toHaveProperty('extras');
  });
});

describe('files as history', () => {
  it('every later turn of the chat re-reads them, estimated ones apart', async () => {
    await count(turn(1, { attachments: [picture(1024, 1024), picture(1024, 1024, 'page')] }));
    const second = await count(turn(2));
    expect(second.extras?.attachments).toEqual({ files: 0, tokens: 0, estimatedTokens: 0, historyTokens: 1530, estimatedHistoryTokens: 1530 });
    const third = await count(turn(3, { attachments: [textFile] }));
    expect(third.extras?.attachments).toMatchObject({ files: 1, tokens: countTokens(NOTES), historyTokens: 1530 });
    expect((await count(turn(4))).extras?.attachments?.historyTokens).toBe(1530 + countTokens(NOTES));
  });

  it('the same turn sent twice adds its files once', async () => {
    const first = await count(turn(1, { attachments: [picture(1024, 1024)] }));
    expect(await count(turn(1, { attachments: [picture(1024, 1024)] }))).toEqual(first);
    expect((await count(turn(2))).extras?.attachments?.historyTokens).toBe(765);
  });

  it('a revision recounts the files in place: later turns re-read them once', async () => {
    await count(turn(1, { attachments: [picture(1024, 1024, 'page')] }));
    const revised = await count(turn(1, { revision: 1, answerText: 'Answer 1, longer.', attachments: [picture(2048, 4096)] }));
    expect(revised.extras?.attachments).toMatchObject({ files: 1, tokens: 1105, estimatedTokens: 1105 });
    const next = await count(turn(2));
    expect(next.extras?.attachments).toMatchObject({ historyTokens: 1105, estimatedHistoryTokens: 1105 });
  });

  it('a revision that sends no files keeps the ones counted', async () => {
    await count(turn(1, { attachments: [picture(1024, 1024)] }));
    const revised = await count(turn(1, { revision: 1, answerText: 'Answer 1, longer.' }));
    expect(revised.extras?.attachments).toMatchObject({ files: 1, tokens: 765 });
    expect((await count(turn(2))).extras?.attachments?.historyTokens).toBe(765);
  });

  it('a regenerated answer reads its prompt’s files again, not as history, and they are carried once', async () => {
    await count(turn(1, { attachments: [picture(1024, 1024)] }));
    const again = await count(turn(1, { turnId: 'a1-bis' }));
    expect(again.extras?.attachments).toMatchObject({ files: 1, tokens: 765, historyTokens: 0 });
    expect((await count(turn(2))).extras?.attachments?.historyTokens).toBe(765);
  });

  it('a restarted worker (a new counting over the same storage) keeps what the chat carries', async () => {
    await count(turn(1, { attachments: [picture(1024, 1024), textFile] }));
    counting = newCounting();
    const next = await count(turn(2));
    expect(next.extras?.attachments?.historyTokens).toBe(765 + countTokens(NOTES));
    // And the first turn, sent again after the restart, is not counted twice.
    await count(turn(1, { attachments: [picture(1024, 1024), textFile] }));
    expect((await count(turn(3))).extras?.attachments?.historyTokens).toBe(765 + countTokens(NOTES));
  });

  it('with history off, no turn re-reads earlier files', async () => {
    await updateSettings({ countHistory: false });
    counting = newCounting();
    await count(turn(1, { attachments: [picture(1024, 1024)] }));
    const next = await count(turn(2));
    expect(next).toMatchObject({ historyTokens: 0 });
    expect(next).not.toHaveProperty('extras');
  });
});

describe('skipped files in the site’s health', () => {
  it('are counted with the last reason, kept through the page’s next health report; the turn is recorded', async () => {
    const recorded: string[] = [];
    const handlers = countingHandlers({ counting, record: async (t) => void recorded.push(t.turnId) });
    const tooLarge: AttachmentSent = { from: 'file', kind: 'other', mime: 'application/zip', bytes: 500_000_000, skipped: 'too-large' };
    const broken: AttachmentSent = { from: 'file', kind: 'pdf', mime: 'application/pdf', bytes: 100, skipped: 'unreadable-pdf' };
    await handlers['turn/completed']!(turn(1, { attachments: [tooLarge, picture(1024, 1024)] }), {} as never);
    await handlers['turn/completed']!(turn(2, { attachments: [broken] }), {} as never);
    await counting.health.write({ site: 'chatgpt', status: 'ok', reason: null, at: Date.now() + 1 });
    expect(recorded).toEqual(['a1', 'a2']);
    expect((await siteHealthItem.getValue()).chatgpt?.skippedAttachments).toMatchObject({ count: 2, code: 'unreadable-pdf' });
  });

  it('a turn whose files were all counted notes nothing', async () => {
    const handlers = countingHandlers({ counting, record: async () => undefined });
    await handlers['turn/completed']!(turn(1, { attachments: [picture(1024, 1024)] }), {} as never);
    expect((await siteHealthItem.getValue()).chatgpt).toBeUndefined();
  });
});

describe('bounded by the context window (ChatGPT, the default Free plan: 16,000 tokens)', () => {
  const csvText = `date,site,kwh\n${'2026-11-01,chatgpt,0.0012\n'.repeat(60_000)}`;
  const csv: AttachmentSent = { from: 'file', kind: 'text', mime: 'text/csv', bytes: csvText.length, text: csvText, textCoverage: 1 };
  const longText = 'The grid mix changes by the hour and so does the carbon of each answer. '.repeat(6_000);
  const doc: AttachmentSent = { from: 'file', kind: 'text', mime: 'text/markdown', bytes: longText.length, text: longText };

  it('a large CSV is its preview and what the code prints, and neither it nor the next turn reads past the window', async () => {
    const first = await count(turn(1, { modelLabel: 'GPT-5.6', attachments: [csv] }));
    const files = first.extras!.attachments!;
    expect(files.tokens).toBeLessThan(2_000);
    expect(files.estimatedTokens).toBe(files.tokens);
    expect(first.promptTokens + first.historyTokens + files.tokens).toBeLessThanOrEqual(16_000);
    const second = await count(turn(2, { modelLabel: 'GPT-5.6' }));
    expect(second.extras!.attachments!.historyTokens).toBe(files.tokens);
    expect(second.promptTokens + second.historyTokens + second.extras!.attachments!.historyTokens).toBeLessThanOrEqual(16_000);
  });

  it('a long document past the window is searched (16,000 central), and what later turns re-read is cut to the window, said by a code', async () => {
    const first = await count(turn(1, { modelLabel: 'GPT-5.6', attachments: [doc] }));
    const files = first.extras!.attachments!;
    expect(countTokens(longText)).toBeGreaterThan(16_000);
    expect(first.promptTokens + files.tokens).toBeLessThanOrEqual(16_000);
    const second = await count(turn(2, { modelLabel: 'GPT-5.6' }));
    const reread = second.historyTokens + second.extras!.attachments!.historyTokens;
    expect(second.promptTokens + reread).toBeLessThanOrEqual(16_000);
    expect(second.context).toMatchObject({ windowTokens: 16_000, plan: 'free', codes: ['history-truncated'] });
  });

  it('on the Pro plan (128,000) the same document fits and is read whole, and the next turn re-reads it without cutting', async () => {
    await updateSettings({ plan: { site: 'chatgpt', plan: 'pro' } });
    counting = newCounting();
    const first = await count(turn(1, { modelLabel: 'GPT-5.6', attachments: [doc] }));
    expect(first.extras!.attachments!).toMatchObject({ tokens: countTokens(longText), estimatedTokens: 0 });
    const second = await count(turn(2, { modelLabel: 'GPT-5.6' }));
    expect(second.extras!.attachments!.historyTokens).toBe(countTokens(longText));
    expect(second).not.toHaveProperty('context');
  });
});
