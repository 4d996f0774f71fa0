/** Poe's lazily loaded readers (src/sites/lazy-readers.ts): one import per reader, nothing else. */
import type { LazyReaders } from '../lazy-readers';
import { readPoeAttachments } from './attachments';

export const readers: LazyReaders = { readAttachments: readPoeAttachments };
