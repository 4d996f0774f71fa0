/**
 * A picture's pixel size from its first bytes, with image-size's header parsers, so a 12-megapixel
 * photo is never decoded. Only the four formats the chat sites read as pictures (PNG, JPEG, GIF,
 * WebP) are loaded: image-size's own dispatcher carries some twenty formats, five times the code in
 * the page. A JPEG's size sits after its EXIF block and previews, so the first read takes 128 KB and
 * a second, larger one is tried only when the header reaches past it.
 */
import { GIF } from 'image-size/types/gif';
import type { IImage } from 'image-size/types/interface';
import { JPG } from 'image-size/types/jpg';
import { PNG } from 'image-size/types/png';
import { WEBP } from 'image-size/types/webp';

const FORMATS: readonly IImage[] = [PNG, JPG, WEBP, GIF];

const HEADER_READ_BYTES = [128 * 1024, 2 * 1024 * 1024] as const;

export interface PixelSize {
  width: number;
  height: number;
}

/** JPEG's EXIF orientations 5 to 8 turn the picture a quarter: the model sees it upright, width and height swapped. */
const QUARTER_TURNS = new Set([5, 6, 7, 8]);

/** The pixel size stated in these bytes, or undefined when they are not (or not yet) a readable header. */
function pixelSizeOf(bytes: Uint8Array): PixelSize | undefined {
  try {
    const format = FORMATS.find((f) => f.validate(bytes));
    if (!format) return undefined;
    const size = format.calculate(bytes);
    if (!size.width || !size.height) return undefined;
    return QUARTER_TURNS.has(size.orientation ?? 1) ? { width: size.height, height: size.width } : { width: size.width, height: size.height };
  } catch {
    return undefined;
  }
}

/** Reads as little of the file as its header needs. */
export async function readPixelSize(file: Blob): Promise<PixelSize | undefined> {
  for (const limit of HEADER_READ_BYTES) {
    const read = new Uint8Array(await file.slice(0, limit).arrayBuffer());
    // Copied into a buffer of the reader's own: in a Firefox content script a page's File gives an
    // ArrayBuffer of the page's compartment, which the header parsers' DataView does not accept.
    const bytes = new Uint8Array(read.length);
    bytes.set(read);
    const size = pixelSizeOf(bytes);
    if (size || bytes.length >= file.size) return size;
  }
  return undefined;
}
