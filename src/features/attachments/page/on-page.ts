/**
 * The files a person attaches on a chat page, from the moment they attach them to the prompt they
 * are sent with. Each pick, drop or paste is read once, at once, off the page's input path: the
 * reader is an ES module of its own (src/features/attachments/page/reader-module.ts) that the content script
 * imports the first time a file is attached, so a page where nobody attaches anything loads none of
 * it and the streaming path never runs any of it.
 *
 * Which prompt a file goes with: every file attached since the last prompt was sent goes with the
 * next one (`send`), unless the person removed it first. No capture of any of the nine sites shows a
 * composer holding a file, so the removal is read the same way everywhere, from the file's name: a
 * file whose name the page showed (as text or as an element's aria-label: the chip a composer puts
 * up) and no longer shows when the prompt is sent was removed, and is not sent. The page is looked
 * at when a file's reading ends, at each later pick, drop or paste, and at the send, never while an
 * answer streams. A site that shows a file without its name (a thumbnail alone) cannot tell: its
 * files all go with the prompt, as before. A file attached and never sent waits for the page's next prompt.
 */
import type { AttachmentSent } from '../../../domain/turns';
import { lazyModule } from '../../../domain/lazy-module';
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
  const reader = lazyModule(() => import(/* @vite-ignore */ chrome.runtime.getURL('/attachments/reader.js')) as Promise<ReaderModule>, 'readFiles');
  /** Each file attached since the last prompt: its reading, and whether the page has shown its name. */
  let pending: Array<{ name: string; read: Promise<AttachmentSent>; seen?: boolean }> = [];
  const shown = (name: string) =>
    !!doc.body?.textContent?.includes(name) || [...doc.querySelectorAll('[aria-label]')].some((e) => e.getAttribute('aria-label') === name);
  const look = () => pending.forEach((p) => (p.seen ||= shown(p.name)));
  const stop = captureAttachedFiles(doc, (files) => {
    look();
    const read = reader
      .value()
      .then((readFiles) => readFiles(files))
      .catch(() => files.map(unread));
    files.forEach((f, i) => pending.push({ name: f.name, read: read.then((r) => r[i]!) }));
    void read.then(look);
  });
  return {
    send() {
      if (pending.length === 0) return null;
      const sent: { value: AttachmentSent[] | undefined } = { value: undefined };
      const kept = pending.filter((p) => !p.seen || shown(p.name));
      void Promise.all(kept.map((p) => p.read)).then((list) => (sent.value = list));
      pending = [];
      return sent;
    },
    stop,
  };
}
