// Unit and integration tests: the worker's counters read their kitoken definitions and engine from Node's files
// (the build's conversions), as the extension reads its own; a test may point them elsewhere and back (null).
import { beforeEach } from 'vitest';
import { nodeVocabularies } from '../../scripts/build/vocabularies';
import { setVocabularySource } from '../../src/counting/tokens';

setVocabularySource(nodeVocabularies);
beforeEach(() => setVocabularySource(nodeVocabularies));
