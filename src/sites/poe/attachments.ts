/**
 * What a prompt sent on poe.com shows of the files it carried, for a turn whose files the page did
 * not see being attached: a file card's name (`FileAttachment_fileName`) and pictures in the prompt's
 * bubble. A file card shows no page count, so only a picture can be estimated; any other file is sent
 * as a file of its kind, which the worker reports as not counted.
 */
import type { AttachmentSent } from '../../domain/turns';
import type { PageMessage } from '../types';
import { poeSite } from './facts';

const { fileName: FILE_NAME, promptPicture: PICTURE } = poeSite.otherSelectors;

export function readPoeAttachments({ role, element }: PageMessage): AttachmentSent[] {
  if (role !== 'user') return [];
  const files = Array.from(element.querySelectorAll(FILE_NAME), (el): AttachmentSent => {
    const ext = /\.(\w+)$/.exec(el.textContent?.trim() ?? '')?.[1]?.toLowerCase();
    return { from: 'page', kind: ext === 'pdf' ? 'pdf' : /^(png|jpe?g|gif|webp)$/.test(ext ?? '') ? 'image' : 'other', mime: '' };
  });
  const pictures = Array.from(element.querySelectorAll<HTMLImageElement>(PICTURE), (img): AttachmentSent => {
    const width = img.naturalWidth || Number(img.getAttribute('width')) || undefined;
    const height = img.naturalHeight || Number(img.getAttribute('height')) || undefined;
    return { from: 'page', kind: 'image', mime: '', ...(width && height ? { width, height } : {}) };
  });
  return [...files, ...pictures];
}
