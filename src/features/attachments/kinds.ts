/**
 * What kind of attachment a file is, and why one is not counted: the small part of the attachment
 * rules that the page's code needs (data/attachment-types.json), apart from the rules themselves
 * (src/features/attachments/rules.ts, data/attachment-rules.json), which only the worker needs.
 */
import typesData from '../../../data/attachment-types.json';
import type { AttachmentKind } from './codes';

export * from './codes';

const imageExtensions = new Set(typesData.image_extensions);
const textMimes = new Set(typesData.text_types.mime_types);
const textExtensions = new Set(typesData.text_types.extensions);

/** What kind of attachment a file is, from its MIME type and, when that says nothing, its name's extension. */
export function attachmentKind(mime: string, fileName = ''): AttachmentKind {
  const type = mime.toLowerCase().split(';')[0]!.trim();
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if (type.startsWith(typesData.image_prefix) || (!type && imageExtensions.has(ext))) return 'image';
  if (type === 'application/pdf' || ext === 'pdf') return 'pdf';
  if (typesData.media_prefixes.some((p) => type.startsWith(p))) return 'media';
  if (typesData.text_types.mime_prefixes.some((p) => type.startsWith(p)) || textMimes.has(type) || textExtensions.has(ext)) return 'text';
  return 'other';
}
