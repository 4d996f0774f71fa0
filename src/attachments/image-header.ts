/**
 * A picture's pixel size from its first bytes, with image-size (it parses the header of PNG, JPEG,
 * GIF, WebP and more), so a 12-megapixel photo is never decoded. A JPEG's size sits after its EXIF
 * block, which can be up to 64 KB, so the first read takes 128 KB and a second, larger one is tried
 * only when the header reaches past it.
 */
import { imageSize } from 'image-size';

export const HEADER_READ_BYTES = [128 * 1024, 2 * 1024 * 1024] as const;

export interface PixelSize {
  width: number;
  height: number;
}

/** JPEG's EXIF orientations 5 to 8 turn the picture a quarter: the model sees it upright, width and height swapped. */
const QUARTER_TURNS = new Set([5, 6, 7, 8]);

/** The pixel size stated in these bytes, or undefined when they are not (or not yet) a readable header. */
export function pixelSizeOf(bytes: Uint8Array): PixelSize | undefined {
  try {
    const size = imageSize(bytes);
    if (!size.width || !size.height) return undefined;
    return QUARTER_TURNS.has(size.orientation ?? 1) ? { width: size.height, height: size.width } : { width: size.width, height: size.height };
  } catch {
    return undefined;
  }
}

/** Reads as little of the file as its header needs. */
export async function readPixelSize(file: Blob): Promise<PixelSize | undefined> {
  for (const limit of HEADER_READ_BYTES) {
    const bytes = new Uint8Array(await file.slice(0, limit).arrayBuffer());
    const size = pixelSizeOf(bytes);
    if (size || bytes.length >= file.size) return size;
  }
  return undefined;
}
