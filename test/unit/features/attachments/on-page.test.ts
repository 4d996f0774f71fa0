// @vitest-environment happy-dom
/**
 * The page side of attachments (src/features/attachments/page/on-page.ts): files attached are read once, in the
 * lazily imported reader module, and the prompt sent next takes them. The extension URLs the content
 * script imports (`chrome.runtime.getURL`) point here at the modules' sources.
 */
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attachedFiles, type AttachedFiles, type SentFiles } from '../../../../src/features/attachments/page/on-page';
import { file, pdf, png } from '../../support/attachment-files';

// The repository as a file: URL (under happy-dom, import.meta.url is the test page's http: URL).
const root = pathToFileURL(`${process.cwd()}/`);
const SOURCES: Record<string, string> = {
  '/attachments/reader.js': 'src/features/attachments/page/reader-module.ts',
  '/attachments/pdf-reader.js': 'src/features/attachments/page/pdf-reader.ts',
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

  describe('a file removed from the composer before sending', () => {
    /** The composer's chips, as a site puts them up: each file's name as text, or as the chip's aria-label only. */
    const chips = (names: string[], how: 'text' | 'label' = 'text') => {
      const box = document.createElement('div');
      box.id = 'chips';
      for (const n of names)
        box.insertAdjacentHTML('beforeend', how === 'text' ? `<span class="chip">${n}<button>×</button></span>` : `<button class="chip"></button>`);
      if (how === 'label') box.querySelectorAll('.chip').forEach((c, i) => c.setAttribute('aria-label', names[i]!));
      document.body.appendChild(box);
    };
    const remove = (name: string) =>
      [...document.querySelectorAll('.chip')].find((c) => c.textContent!.startsWith(name) || c.getAttribute('aria-label') === name)!.remove();
    /** Another file picked: the page is looked at again (as it is when a file's reading ends). */
    const pickAnother = (name: string) => {
      const input = Object.assign(document.createElement('input'), { type: 'file' });
      document.body.appendChild(input);
      const dt = new DataTransfer();
      dt.items.add(file('more', name, 'text/plain'));
      input.files = dt.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    };

    it('is not sent when the page showed its name and no longer does', async () => {
      files = attachedFiles(document);
      pick([file('alpha text', 'a.txt', 'text/plain'), file('beta "quoted" text', 'b "2".txt', 'text/plain')]);
      chips(['a.txt', 'b "2".txt']);
      pickAnother('c.txt');
      remove('b "2".txt');
      expect(await readOf(files.send())).toMatchObject([{ text: 'alpha text' }, { text: 'more' }]);
    });

    it('is read from a chip’s aria-label as from its text', async () => {
      files = attachedFiles(document);
      pick([file('alpha', 'a.txt', 'text/plain'), file('beta', 'b.txt', 'text/plain')]);
      chips(['a.txt', 'b.txt'], 'label');
      pickAnother('c.txt');
      remove('a.txt');
      expect(await readOf(files.send())).toMatchObject([{ text: 'beta' }, { text: 'more' }]);
    });

    it('is sent when the page never showed its name (a thumbnail alone): the page cannot tell', async () => {
      files = attachedFiles(document);
      pick([file('alpha', 'a.txt', 'text/plain')]);
      expect(await readOf(files.send())).toMatchObject([{ text: 'alpha' }]);
    });

    it('is sent when its name is still shown elsewhere on the page', async () => {
      files = attachedFiles(document);
      pick([file('alpha', 'a.txt', 'text/plain')]);
      chips(['a.txt']);
      document.body.insertAdjacentHTML('beforeend', '<p>Earlier: a.txt</p>');
      pickAnother('c.txt');
      remove('a.txt');
      expect(await readOf(files.send())).toMatchObject([{ text: 'alpha' }, { text: 'more' }]);
    });

    it('is looked for when its reading ends, without another file attached', async () => {
      files = attachedFiles(document);
      // A second listener on the same page reads the same pick: when its reading has ended, so has the first one's.
      const alongside = attachedFiles(document);
      pick([file('alpha', 'a.txt', 'text/plain')]);
      chips(['a.txt']);
      await readOf(alongside.send());
      alongside.stop();
      await new Promise((r) => setTimeout(r, 0));
      remove('a.txt');
      expect(await readOf(files.send())).toEqual([]);
    });
  });
});
