/**
 * What the attachment tests in both browsers check on a ChatGPT page with the default plan (Free,
 * a 16,000-token window), one file a turn: a 3 MB CSV (its turn, and the plain turn after it, read
 * no more than the window), a 150-page PDF (what ChatGPT's search puts before the model), a
 * 4032 x 3024 phone photo and a 1024 x 1024 PNG (OpenAI's patches at high detail), and a Word file
 * (counted from its text). The files are made here; the expected counts come from
 * src/features/attachments/rules.ts over the same files' facts, read in Node by src/features/attachments/page/read.ts.
 */
import { expect } from 'vitest';
import { officeReader } from '../../../src/features/attachments/page/office-reader';
import { pdfReader } from '../../../src/features/attachments/page/pdf-reader';
import { readAttachments } from '../../../src/features/attachments/page/read';
import { countAttachment } from '../../../src/features/attachments/rules';
import { contextWindowFor } from '../../../src/core/context-windows';
import type { ConversationState } from '../../../src/domain/conversation';
import type { CountedTurn } from '../../../src/domain/turns';
import { docx, file, jpeg, pdf, png } from '../../unit/support/attachment-files';
import type { Sample } from './attachment-samples';
import { modelCounter } from './site-tokens';
import { waitFor } from './wait';

const ROW = '2026-11-01,chatgpt,alpha-5.6-terra,1200,450,0.0021\n';
const PAGE = (n: number) =>
  `Page ${n}. ${'Data centres cool their servers with water drawn from rivers and aquifers, and the grid that feeds them burns gas at night. '.repeat(14)}`;
const PARAGRAPH = (n: number) =>
  `Paragraph ${n}: the cooling towers drew ${n * 1000} litres on the hottest day, and the operator reported it to the water board.`;

/** The five files, made the first time they are asked for. */
export async function boundedSamples(): Promise<Record<'csv' | 'pdf' | 'photo' | 'png' | 'docx', Sample>> {
  const csv = `date,site,model,input_tokens,output_tokens,kwh\n${ROW.repeat(Math.ceil(3_000_000 / ROW.length))}`;
  return {
    csv: { name: 'usage.csv', mimeType: 'text/csv', bytes: new TextEncoder().encode(csv) },
    pdf: { name: 'report-150.pdf', mimeType: 'application/pdf', bytes: await pdf(150, PAGE) },
    photo: { name: 'IMG_4032.jpg', mimeType: 'image/jpeg', bytes: jpeg(4032, 3024) },
    png: { name: 'chart-1024.png', mimeType: 'image/png', bytes: png(1024, 1024) },
    docx: {
      name: 'notes.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      bytes: docx(Array.from({ length: 300 }, (_, i) => PARAGRAPH(i + 1))),
    },
  };
}

/** What one file counts on ChatGPT for `modelKey` beside a prompt of `promptTokens`, on the default plan. */
async function expectedOf(sample: Sample, modelKey: string, promptTokens: number) {
  const [read] = await readAttachments([file(sample.bytes, sample.name, sample.mimeType)], {
    loadPdfReader: async () => pdfReader,
    loadOfficeReader: async () => officeReader,
  });
  if (!read?.ok) throw new Error(`sample not read: ${read?.skip}`);
  const { text, ...facts } = read.value;
  const windowTokens = contextWindowFor('chatgpt', modelKey).tokens - promptTokens;
  const r = countAttachment(
    { ...facts, textTokens: text === undefined ? undefined : modelCounter(modelKey)(text) },
    { modelKey, site: 'chatgpt', windowTokens },
  );
  if (!r.ok) throw new Error(`sample not counted: ${r.skip}`);
  return { value: r.value, text };
}

/** The browser's side of the chat: attach one file in the composer, send a prompt with the fixture's answer, read the stored conversation. */
export interface BoundedChatIo {
  attach(sample: Sample): Promise<void>;
  send(prompt: string, answer: string): Promise<void>;
  conversation(): Promise<ConversationState | undefined>;
}

/** Runs the chat turn by turn and checks each turn against the window and the files' rules. */
export async function runBoundedChat(io: BoundedChatIo): Promise<void> {
  const files = await boundedSamples();
  const seen = new Set<string>();
  const turn = async (prompt: string, sample: Sample | null): Promise<CountedTurn> => {
    if (sample) await io.attach(sample);
    await io.send(prompt, 'Here is what the file shows.');
    const state = await waitFor(
      'the new turn',
      async () => {
        const v = await io.conversation();
        return v && Object.keys(v.turns).length === seen.size + 1 && v;
      },
      60_000,
    );
    const counted = Object.values(state.turns).find((t) => !seen.has(t.turnId))!;
    seen.add(counted.turnId);
    return counted;
  };
  const windowOf = (t: CountedTurn) => contextWindowFor('chatgpt', t.modelKey).tokens;
  const input = (t: CountedTurn) => t.promptTokens + t.historyTokens + (t.extras?.attachments?.tokens ?? 0) + (t.extras?.attachments?.historyTokens ?? 0);

  // The 3 MB CSV: a preview and what the code prints, within the window; the next turn too.
  const csvTurn = await turn('Which day used the most energy?', files.csv);
  expect(windowOf(csvTurn)).toBe(16_000);
  expect(input(csvTurn)).toBeLessThanOrEqual(16_000);
  expect(csvTurn.extras!.attachments!).toMatchObject({ files: 1 });
  expect(csvTurn.extras!.attachments!.tokens).toBeLessThan(5_000);
  expect(csvTurn.extras!.attachments!.estimatedTokens).toBe(csvTurn.extras!.attachments!.tokens);
  const after = await turn('And the least?', null);
  expect(input(after)).toBeLessThanOrEqual(16_000);
  expect(after.extras!.attachments!.historyTokens).toBeGreaterThan(0);

  // The 150-page PDF: searched, what the search puts before the model (20 chunks of 800 tokens, up to the room the prompt leaves).
  const pdfPrompt = 'Summarise the report.';
  const pdfTurn = await turn(pdfPrompt, files.pdf);
  const pdfExpected = await expectedOf(files.pdf, pdfTurn.modelKey, modelCounter(pdfTurn.modelKey)(pdfPrompt));
  expect(pdfExpected.value.reasons).toContain('retrieval');
  expect(modelCounter(pdfTurn.modelKey)(pdfExpected.text!)).toBeGreaterThan(pdfExpected.value.range.high);
  expect(pdfTurn.extras!.attachments!).toMatchObject({ files: 1, tokens: pdfExpected.value.tokens, estimatedTokens: pdfExpected.value.tokens });
  // The whole read is its high end as far as the window lets it be, kept with the turn (on Free the search's
  // 20 chunks already fill the room beside the prompt, so the high end is the central figure).
  expect(pdfTurn.extras!.attachments!.highTokens ?? pdfTurn.extras!.attachments!.tokens).toBe(pdfExpected.value.range.high);
  expect(input(pdfTurn)).toBeLessThanOrEqual(16_000);

  // The phone photo and the PNG: OpenAI's 32-px patches at high detail, the photo's range (low detail to original) kept with the turn.
  const photoTurn = await turn('What is in this photo?', files.photo);
  expect(photoTurn.extras!.attachments!.tokens).toBe(2942);
  const photo = await expectedOf(files.photo, photoTurn.modelKey, photoTurn.promptTokens);
  expect(photo.value.range.central).toBeGreaterThanOrEqual(2_500);
  expect(photo.value.range.high).toBeGreaterThanOrEqual(14_000);
  expect(photoTurn.extras!.attachments!).toMatchObject({ lowTokens: photo.value.range.low, highTokens: photo.value.range.high });
  const pngTurn = await turn('And this chart?', files.png);
  expect(pngTurn.extras!.attachments!.tokens).toBe(1229);

  // The Word file: its text, counted with the tokenizer, never its byte size.
  const docxTurn = await turn('What do my notes say?', files.docx);
  const notes = await expectedOf(files.docx, docxTurn.modelKey, docxTurn.promptTokens);
  expect(docxTurn.extras!.attachments!).toMatchObject({ files: 1, tokens: modelCounter(docxTurn.modelKey)(notes.text!), estimatedTokens: 0 });
  expect(docxTurn.extras!.attachments!.tokens).not.toBe(Math.ceil(files.docx.bytes.length / 4));
  for (const t of [photoTurn, pngTurn, docxTurn]) expect(input(t)).toBeLessThanOrEqual(16_000);
}
