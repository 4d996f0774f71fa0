/**
 * Notices files a person attaches on any chat page, whatever its markup: picked with a file input
 * (`change` on input[type=file]), dropped, or pasted. The listeners sit on the document in the capture
 * phase, so they run before the site's own handlers, and are passive: they never cancel or change the
 * event. A file seen again within a few seconds (a site that copies a dropped file into its own file
 * input and fires `change`) is reported once.
 *
 * Not seen: a file input inside a closed shadow root or an iframe, and `change` inside an open shadow
 * root (the event does not leave its root). The chat sites' own inputs are in the document.
 */
export type CaptureVia = 'picker' | 'drop' | 'paste';

export interface CaptureOptions {
  /** Milliseconds within which the same file (name, size, last change) is reported once. */
  dedupeMs?: number;
  now?: () => number;
}

export const DEDUPE_MS = 5_000;

const fileKey = (f: File) => `${f.name}\u0000${f.size}\u0000${f.lastModified}\u0000${f.type}`;

/** Starts listening; returns the function that stops. */
export function captureAttachedFiles(doc: Document, onFiles: (files: File[], via: CaptureVia) => void, options: CaptureOptions = {}): () => void {
  const dedupeMs = options.dedupeMs ?? DEDUPE_MS;
  const now = options.now ?? Date.now;
  const seen = new Map<string, number>();

  const report = (list: ArrayLike<File> | null | undefined, via: CaptureVia) => {
    if (!list || list.length === 0) return;
    const t = now();
    for (const [key, at] of seen) if (t - at > dedupeMs) seen.delete(key);
    const fresh = Array.from(list).filter((f) => {
      const key = fileKey(f);
      if (seen.has(key)) return false;
      seen.set(key, t);
      return true;
    });
    if (fresh.length > 0) onFiles(fresh, via);
  };

  // One listener for the three events, removed together: the least code in every content script.
  const stop = new AbortController();
  const onEvent = (e: Event) => {
    if (e.type === 'drop') report((e as DragEvent).dataTransfer?.files, 'drop');
    else if (e.type === 'paste') report((e as ClipboardEvent).clipboardData?.files, 'paste');
    else if ((e.target as HTMLInputElement | null)?.type === 'file') report((e.target as HTMLInputElement).files, 'picker');
  };
  for (const type of ['change', 'drop', 'paste']) doc.addEventListener(type, onEvent, { capture: true, passive: true, signal: stop.signal });
  return () => stop.abort();
}
