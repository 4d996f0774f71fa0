/**
 * Reads an attached File in the page, once, and keeps only what counting needs: kind, MIME type,
 * byte size, a picture's pixel size, a PDF's page count, page sizes and text, a text file's text.
 * The file itself never leaves the page. Nothing here throws: every file ends as facts (possibly
 * partial, which the count then marks estimated) or as a skip with a code.
 *
 * The PDF and office libraries are not imported here: `readAttachments` takes their loaders, asked
 * each time such a file is read, which import the reader once (`lazyModule`, src/domain/lazy-module.ts,
 * in ./reader-module.ts).
 */
import { attachmentKind, officeFormat, type AttachmentKind, type AttachmentSkipCode } from '../kinds';
import type { AttachmentFacts } from '../rules';
import { MESSAGE_LIMITS } from '../../../domain/message-limits';
import type { AttachmentSent } from '../../../domain/turns';
import { readPixelSize } from './image-header';
import type { OfficeReader } from './office-reader';
import type { PdfReader } from './pdf-reader';

const READ_LIMITS = {
  /** Files read from one pick, drop or paste: claude.ai's 20 per message is the most a chat site documents. */
  files: 20,
  /** Text sent to the worker per file, like a long prompt; past it the rest is scaled from the part read. */
  textChars: 1_000_000,
  /** A PDF larger than this is not opened in the page (32 MB is Anthropic's and OpenAI's request limit for a PDF). */
  pdfBytes: 32 * 1024 * 1024,
  /** An office file larger than this is not opened in the page: its text is counted by the stated estimate. */
  officeBytes: 64 * 1024 * 1024,
} as const;

/**
 * What the page sends the worker for one file: the facts counting needs, with a text's characters
 * where the facts have its token count (the worker counts `text` with the site's tokenizer).
 */
export type AttachmentRead = Omit<AttachmentFacts, 'textTokens'> & { text?: string };

export type ReadOutcome = { ok: true; value: AttachmentRead } | { ok: false; skip: AttachmentSkipCode; kind: AttachmentKind; mime: string; bytes: number };

export interface ReadDeps {
  /** The PDF reader, asked for each PDF read: imported on the first ask. */
  loadPdfReader: () => Promise<PdfReader>;
  /** The office reader, asked for each Word, PowerPoint or Excel file read: imported on the first ask. */
  loadOfficeReader: () => Promise<OfficeReader>;
}

/** Reads one file. */
async function readAttachment(file: File, deps: ReadDeps): Promise<ReadOutcome> {
  const kind = attachmentKind(file.type, file.name);
  const base = { kind, mime: file.type, bytes: file.size };
  const skip = (code: AttachmentSkipCode): ReadOutcome => ({ ok: false, skip: code, kind, mime: file.type, bytes: file.size });
  if (kind === 'media') return skip('media-not-counted');
  if (file.size === 0) return skip('empty');
  try {
    switch (kind) {
      case 'image': {
        const size = await readPixelSize(file);
        return { ok: true, value: size ? { ...base, ...size } : base };
      }
      case 'text': {
        const bytes = new Uint8Array(await file.slice(0, READ_LIMITS.textChars * 4).arrayBuffer());
        const text = new TextDecoder().decode(bytes).slice(0, READ_LIMITS.textChars);
        const readBytes = new TextEncoder().encode(text).length;
        return { ok: true, value: { ...base, text, textCoverage: Math.min(1, readBytes / file.size) } };
      }
      case 'pdf': {
        if (file.size > READ_LIMITS.pdfBytes) return skip('too-large');
        const reader = await deps.loadPdfReader();
        const read = await reader.readPdf(new Uint8Array(await file.arrayBuffer()), READ_LIMITS.textChars);
        if (!read.ok) return skip(read.code);
        return { ok: true, value: { ...base, ...read.value } };
      }
      case 'other': {
        const office = officeFormat(file.type, file.name);
        if (!office) return { ok: true, value: base };
        const facts = { ...base, mime: office.mime };
        if (file.size > READ_LIMITS.officeBytes) return { ok: true, value: { ...facts, unread: 'damaged' } };
        const reader = await deps.loadOfficeReader();
        const read = reader.readOffice(new Uint8Array(await file.arrayBuffer()), office.format, READ_LIMITS.textChars);
        return { ok: true, value: read.ok ? { ...facts, text: read.text, textCoverage: read.coverage } : { ...facts, unread: read.code } };
      }
    }
  } catch {
    return skip('read-failed');
  }
}

/**
 * Reads the files of one pick, drop or paste, one after another (a page reads one file at a time so
 * it never holds many large files at once), and skips those past READ_LIMITS.files.
 */
export async function readAttachments(files: readonly File[], deps: ReadDeps): Promise<ReadOutcome[]> {
  const outcomes: ReadOutcome[] = [];
  for (const [i, file] of files.entries()) {
    if (i >= READ_LIMITS.files) {
      outcomes.push({ ok: false, skip: 'too-many-files', kind: attachmentKind(file.type, file.name), mime: file.type, bytes: file.size });
      continue;
    }
    outcomes.push(await readAttachment(file, deps));
  }
  return outcomes;
}

/** What the page sends the worker for a file read from its `File` (turn/completed `attachments`). */
export function sentOf(outcome: ReadOutcome): AttachmentSent {
  const mime = (outcome.ok ? outcome.value.mime : outcome.mime).slice(0, MESSAGE_LIMITS.labelChars);
  if (!outcome.ok) return { from: 'file', kind: outcome.kind, mime, bytes: outcome.bytes, skipped: outcome.skip };
  const { pageSizes, ...facts } = outcome.value;
  return { from: 'file', ...facts, mime, ...(pageSizes ? { pageSizes: pageSizes.slice(0, MESSAGE_LIMITS.pageSizes) } : {}) };
}
