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

/** Milliseconds within which the same file (name, size, last change, type) is reported once. */
const DEDUPE_MS = 5_000;

/** A file's name cannot hold a slash, so the parts cannot run into each other. */
const fileKey = (f: File) => `${f.name}/${f.size}/${f.lastModified}/${f.type}`;

/** Starts listening; returns the function that stops. */
export function captureAttachedFiles(doc: Document, onFiles: (files: File[], via: CaptureVia) => void): () => void {
  // When each file was first reported (kept for the page's life: a few entries per file attached).
  const seen = new Map<string, number>();

  const report = (list: Iterable<File> | null | undefined, via: CaptureVia) => {
    const t = Date.now();
    const fresh = [...(list ?? [])].filter((f) => {
      const key = fileKey(f);
      // Never seen: as if seen at the epoch, long before any window.
      if ((seen.get(key) ?? 0) > t - DEDUPE_MS) return false;
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
