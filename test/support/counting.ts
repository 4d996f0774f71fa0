/**
 * The worker's counting as tests build it (the worker builds its own in startWorker): kitoken's
 * engine and vocabularies read from Node's files, the build's conversions, as the extension reads
 * its own. A new one is what a restarted worker has: nothing in memory, only storage.
 */
import { nodeVocabularies } from '../../scripts/build/vocabularies';
import { createCounting, type Counting, type CountingDeps } from '../../src/counting/count-turn';

export const newCounting = (deps: CountingDeps = {}): Counting => createCounting({ vocabularies: nodeVocabularies, ...deps });
