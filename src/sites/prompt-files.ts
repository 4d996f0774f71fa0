/**
 * What a sent prompt shows of the files it carried, for a turn whose files the page did not see
 * being attached (a chat opened later, another device): the names on its file cards and the
 * pictures in its bubble. A card shows no size or page count, so only a picture can be estimated
 * (at the size it is drawn, when it says one); any other file is sent as a file of its kind, which
 * the worker reports as not counted. The kind comes from the name's extension, for the two kinds a
 * card can be counted or named by.
 */
import type { AttachmentSent } from '../domain/turns';

/** `pdf` or `image` by a file name's extension, else `other`. */
export function kindOfName(name: string): AttachmentSent['kind'] {
  const ext = /\.(\w+)$/.exec(name.trim())?.[1]?.toLowerCase() ?? '';
  return ext === 'pdf' ? 'pdf' : /^(png|jpe?g|gif|webp)$/.test(ext) ? 'image' : 'other';
}

/** Where a site's prompt shows its files: a file card's name, and a picture sent with it. */
export interface PromptFileMarks {
  fileName: string;
  picture: string;
}

/** The files a prompt's element shows, named cards first, then pictures. */
export function filesShown(prompt: Element, marks: PromptFileMarks): AttachmentSent[] {
  const files = Array.from(prompt.querySelectorAll(marks.fileName), (el): AttachmentSent => ({
    from: 'page',
    kind: kindOfName(el.textContent ?? ''),
    mime: '',
  }));
  const pictures = Array.from(prompt.querySelectorAll<HTMLImageElement>(marks.picture), (img): AttachmentSent => {
    const width = img.naturalWidth || Number(img.getAttribute('width')) || undefined;
    const height = img.naturalHeight || Number(img.getAttribute('height')) || undefined;
    return { from: 'page', kind: 'image', mime: '', ...(width && height ? { width, height } : {}) };
  });
  return [...files, ...pictures];
}
