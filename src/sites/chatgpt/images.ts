/** Images ChatGPT generated in an answer (galleries of previews, estuary file URLs), never uploads. */
import type { GeneratedImage } from '../types';
import { GALLERY, IMAGE_PREVIEW, onUserSide } from './selectors';

function estuaryFileId(src: string | null): string | null {
  if (!src) return null;
  try {
    const url = new URL(src, 'https://chatgpt.com/');
    if (!url.pathname.endsWith('/backend-api/estuary/content')) return null;
    const id = url.searchParams.get('id');
    return id && /^file[-_]/.test(id) ? id : null;
  } catch {
    return null;
  }
}

const readyImage = (img: Element | null): boolean => {
  const src = img?.getAttribute('src') ?? '';
  return estuaryFileId(src) !== null || /^(blob|https):/.test(src);
};

/**
 * Generated images in an answer. A gallery holds one preview button per image. The key is the
 * message id and the image's position in the answer: it stays the same from the placeholder to the
 * final image, across re-renders, and whether the page shows an estuary URL or a blob: URL (the new
 * UI uses blob: URLs, which change on every render). Without a message id, the estuary file id.
 * Two previews of one file count once. A preview without a loaded image, or busy, is a placeholder.
 */
export function readImages(scope: Element, messageId: string | null): GeneratedImage[] {
  const out: GeneratedImage[] = [];
  const files = new Set<string>();
  const add = (fileId: string | null, ready: boolean): void => {
    if (fileId !== null) {
      if (files.has(fileId)) return;
      files.add(fileId);
    }
    const index = out.length;
    const key = messageId !== null ? `${messageId}:image:${index}` : fileId !== null ? `file:${fileId}` : null;
    if (key !== null) out.push({ key, ready });
  };
  // One preview button per image; without the preview testid, each child of the gallery is one image.
  let images = Array.from(scope.querySelectorAll(IMAGE_PREVIEW));
  if (images.length === 0) images = Array.from(scope.querySelectorAll(GALLERY)).flatMap((g) => Array.from(g.children));
  images = images.filter((p) => !onUserSide(p));
  for (const image of images) {
    const imgs = Array.from(image.querySelectorAll('img'));
    const fileId = imgs.map((i) => estuaryFileId(i.getAttribute('src'))).find((id) => id) ?? null;
    const busy = image.getAttribute('aria-busy') === 'true' || image.querySelector('[aria-busy="true"]') !== null;
    add(fileId, !busy && imgs.some(readyImage));
  }
  if (images.length > 0) return out;
  // Older markup: the generated image inside its own image container (no gallery testids).
  for (const img of Array.from(scope.querySelectorAll('[id^="image-"] img, .imagegen-image img'))) {
    const fileId = estuaryFileId(img.getAttribute('src'));
    if (fileId !== null && !onUserSide(img)) add(fileId, true);
  }
  return out;
}
