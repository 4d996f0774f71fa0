/** Kimi's lazily loaded readers (src/sites/lazy-readers.ts): one import per reader, nothing else. */
import type { LazyReaders } from '../lazy-readers';
import { readHiddenWork } from './hidden-work';

export const readers: LazyReaders = { readHiddenWork };
