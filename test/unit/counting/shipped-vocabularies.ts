/**
 * Each shipped vocabulary read, and its counter built, once per test file: reading and building
 * the larger ones (Gemma 3's tokenizer.json is 33 MB) takes seconds each time. Counting is
 * deterministic, so tests that share a counter check the same thing as with one of their own.
 */
import { readVocabulary, type ShippedId } from '../../../scripts/build/vocabularies';
import { counterOf, type Count, type Vocabulary } from '../../../src/counting/tokens';

const vocabularies = new Map<ShippedId, Vocabulary>();
const counters = new Map<ShippedId, Count>();

export function shippedVocabulary(id: ShippedId): Vocabulary {
  let vocabulary = vocabularies.get(id);
  if (!vocabulary) vocabularies.set(id, (vocabulary = readVocabulary(id)));
  return vocabulary;
}

/** counterOf(shippedVocabulary(id)), built once. */
export function shippedCounter(id: ShippedId): Count {
  let count = counters.get(id);
  if (!count) counters.set(id, (count = counterOf(shippedVocabulary(id))));
  return count;
}
