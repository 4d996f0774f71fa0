/** Qwen's lazily loaded readers (src/sites/lazy-readers.ts): one import per reader, nothing else. */
import type { LazyReaders } from '../lazy-readers';
import { readQwenAttachments } from './attachments';
import { readHiddenWork } from './hidden-work';

export const readers: LazyReaders = { readHiddenWork, readAttachments: readQwenAttachments };
