// @vitest-environment happy-dom
/**
 * The page side of attachments (src/attachments/on-page.ts): files attached are read once, in the
 * lazily imported reader module, and the prompt sent next takes them. The extension URLs the content
 * script imports (`chrome.runtime.getURL`) point here at the modules' sources.
 */
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attachedFiles, type AttachedFiles, type SentFiles } from '../../../src/attachments/on-page';
import { file, pdf, png } from '../support/attachment-files';

// The repository as a file: URL (under happy-dom, import.meta.url is the test page's http: URL).
const root = pathToFileURL(`${process.cwd()}/`);
const SOURCES: Record<string, string> = {
  '/attachments/reader.js': 'src/attachments/reader-module.ts',
  '/attachments/pdf-reader.js': 'src/attachments/pdf-reader.ts',
};

let files: AttachedFiles | undefined;
beforeEach(() => {
  vi.stubGlobal('chrome', { runtime: { getURL: (path: string) => new URL(SOURCES[path] ?? 'missing.js', root).href } });
});
afterEach(() => {
  files?.stop();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

function pick(list: File[]): void {
  document.body.innerHTML = '<input type="file" multiple>';
  const input = document.querySelector('input')!;
  const dt = new DataTransfer();
  for (const f of list) dt.items.add(f);
  input.files = dt.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

const readOf = async (sent: SentFiles | null) => {
  await vi.waitFor(() => expect(sent?.value).toBeDefined(), { timeout: 30_000 });
  return sent!.value!;
};

describe('attachedFiles', () => {
  it('sends nothing with a prompt when nothing was attached', () => {
    files = attachedFiles(document);
    expect(files.send()).toBeNull();
  });

  it('reads a picked picture, text file and PDF in the reader module, and the next prompt takes them once', async () => {
    files = attachedFiles(document);
    pick([
      file(png(1024, 1024), 'chart.png', 'image/png'),
      file('cooling, gas, grid', 'notes.txt', 'text/plain'),
      file(await pdf(3), 'report.pdf', 'application/pdf'),
    ]);
    const read = await readOf(files.send());
    expect(read).toMatchObject([
      { from: 'file', kind: 'image', mime: 'image/png', width: 1024, height: 1024 },
      { from: 'file', kind: 'text', mime: 'text/plain', text: 'cooling, gas, grid', textCoverage: 1 },
      { from: 'file', kind: 'pdf', mime: 'application/pdf', pages: 3 },
    ]);
    expect(read[2]!.pageSizes).toHaveLength(3);
    expect(files.send()).toBeNull();
  }, 60_000);

  it('sends a file it could not read as skipped, with its code, and never throws', async () => {
    files = attachedFiles(document);
    pick([file('%PDF-1.7 not really', 'broken.pdf', 'application/pdf'), file('', 'empty.txt', 'text/plain')]);
    expect(await readOf(files.send())).toEqual([
      { from: 'file', kind: 'pdf', mime: 'application/pdf', bytes: 19, skipped: 'unreadable-pdf' },
      { from: 'file', kind: 'text', mime: 'text/plain', bytes: 0, skipped: 'empty' },
    ]);
  }, 60_000);

  it('sends every file as skipped when the reader module cannot be loaded', async () => {
    vi.stubGlobal('chrome', { runtime: { getURL: () => new URL('does-not-exist.js', root).href } });
    files = attachedFiles(document);
    pick([file('abc', 'a.txt', 'text/plain')]);
    expect(await readOf(files.send())).toEqual([{ from: 'file', kind: 'other', mime: '', bytes: 3, skipped: 'read-failed' }]);
  });
});
