/**
 * The files a person attaches on a chat page, from the moment they attach them to the prompt they
 * are sent with. Each pick, drop or paste is read once, at once, off the page's input path: the
 * reader is an ES module of its own (src/attachments/reader-module.ts) that the content script
 * imports the first time a file is attached, so a page where nobody attaches anything loads none of
 * it and the streaming path never runs any of it.
 *
 * Which prompt a file goes with: every file attached since the last prompt was sent goes with the
 * next one (`send`). The page's own remove button is not followed: a file attached and removed
 * again before sending is still counted with that prompt (the composers' chips have no markup
 * common to the nine sites; the sent message's own attachment cards are what the site readers read,
 * src/sites/adapter.ts `readAttachments`). A file attached and never sent waits for the page's next prompt.
 */
import type { AttachmentSent } from '../domain/turns';
import { captureAttachedFiles } from './capture';

declare const chrome: { runtime: { getURL(path: string): string } };

type ReaderModule = typeof import('./reader-module');

/** The files sent with one prompt: `value` is undefined while they are still being read. */
export interface SentFiles {
  readonly value: AttachmentSent[] | undefined;
}

export interface AttachedFiles {
  /** The prompt is being sent: it takes the files attached since the last one (null: none). */
  send(): SentFiles | null;
  stop(): void;
}

/** A file the reader module never saw (it failed to load): shown as skipped, never counted as zero; its kind is not known here. */
const unread = (f: File): AttachmentSent => ({ from: 'file', kind: 'other', mime: '', bytes: f.size, skipped: 'read-failed' });

export function attachedFiles(doc: Document): AttachedFiles {
  let reader: Promise<ReaderModule> | undefined;
  let pending: Array<Promise<AttachmentSent[]>> = [];
  const stop = captureAttachedFiles(doc, (files) => {
    reader ??= import(/* @vite-ignore */ chrome.runtime.getURL('/attachments/reader.js')) as Promise<ReaderModule>;
    pending.push(reader.then((m) => m.readFiles(files)).catch(() => files.map(unread)));
  });
  return {
    send() {
      if (pending.length === 0) return null;
      const sent: { value: AttachmentSent[] | undefined } = { value: undefined };
      void Promise.all(pending).then((lists) => (sent.value = lists.flat()));
      pending = [];
      return sent;
    },
    stop,
  };
}
