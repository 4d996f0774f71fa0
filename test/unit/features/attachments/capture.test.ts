// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureAttachedFiles, type CaptureVia } from '../../../../src/features/attachments/page/capture';

const made = (name: string, text = name) => new File([text], name, { type: 'text/plain', lastModified: 1_700_000_000_000 });

function transfer(files: File[]): DataTransfer {
  const dt = new DataTransfer();
  for (const f of files) dt.items.add(f);
  return dt;
}

describe('captureAttachedFiles', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    stop = undefined;
    document.body.innerHTML = '';
  });

  function listen() {
    const seen: Array<{ names: string[]; via: CaptureVia }> = [];
    stop = captureAttachedFiles(document, (files, via) => seen.push({ names: files.map((f) => f.name), via }));
    return seen;
  }

  it('reports files picked with a file input anywhere in the page, before the site’s own handler, without cancelling the event', () => {
    document.body.innerHTML = '<form><div class="composer"><input type="file" multiple></div></form>';
    const input = document.querySelector('input')!;
    const order: string[] = [];
    const seen = listen();
    input.addEventListener('change', (e) => order.push(e.defaultPrevented ? 'site saw a cancelled event' : 'site'));
    input.files = transfer([made('a.txt'), made('b.txt')]).files;
    const stopOrder = captureAttachedFiles(document, () => order.push('capture'));
    input.dispatchEvent(new Event('change', { bubbles: true }));
    stopOrder();
    expect(seen).toEqual([{ names: ['a.txt', 'b.txt'], via: 'picker' }]);
    expect(order).toEqual(['capture', 'site']);
  });

  it('ignores changes of other inputs, and an empty pick', () => {
    document.body.innerHTML = '<input type="text"><input type="file">';
    const seen = listen();
    document.querySelector('input[type=text]')!.dispatchEvent(new Event('change', { bubbles: true }));
    document.querySelector('input[type=file]')!.dispatchEvent(new Event('change', { bubbles: true }));
    expect(seen).toEqual([]);
  });

  it('reports files dropped and pasted on the page', () => {
    document.body.innerHTML = '<div contenteditable="true" id="prompt"></div>';
    const seen = listen();
    const prompt = document.getElementById('prompt')!;
    const drop = new Event('drop', { bubbles: true, cancelable: true }) as DragEvent;
    Object.defineProperty(drop, 'dataTransfer', { value: transfer([made('photo.png')]) });
    prompt.dispatchEvent(drop);
    const paste = new Event('paste', { bubbles: true, cancelable: true }) as ClipboardEvent;
    Object.defineProperty(paste, 'clipboardData', { value: transfer([made('screenshot.png')]) });
    prompt.dispatchEvent(paste);
    const textOnly = new Event('paste', { bubbles: true }) as ClipboardEvent;
    Object.defineProperty(textOnly, 'clipboardData', { value: transfer([]) });
    prompt.dispatchEvent(textOnly);
    expect(seen).toEqual([
      { names: ['photo.png'], via: 'drop' },
      { names: ['screenshot.png'], via: 'paste' },
    ]);
  });

  it('reports a file once when the site copies a dropped file into its own input, and again after the window', () => {
    document.body.innerHTML = '<input type="file">';
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 12, 0, 0) });
    const seen = listen();
    const photo = made('photo.png');
    const drop = new Event('drop', { bubbles: true }) as DragEvent;
    Object.defineProperty(drop, 'dataTransfer', { value: transfer([photo]) });
    document.body.dispatchEvent(drop);
    const input = document.querySelector('input')!;
    input.files = transfer([photo, made('other.txt')]).files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    // A minute on is well past the few seconds within which a file is reported once.
    vi.advanceTimersByTime(60_000);
    input.dispatchEvent(new Event('change', { bubbles: true }));
    vi.useRealTimers();
    expect(seen).toEqual([
      { names: ['photo.png'], via: 'drop' },
      { names: ['other.txt'], via: 'picker' },
      { names: ['photo.png', 'other.txt'], via: 'picker' },
    ]);
  });

  it('stops listening when asked', () => {
    document.body.innerHTML = '<input type="file">';
    const onFiles = vi.fn();
    captureAttachedFiles(document, onFiles)();
    const input = document.querySelector('input')!;
    input.files = transfer([made('a.txt')]).files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    expect(onFiles).not.toHaveBeenCalled();
  });
});
