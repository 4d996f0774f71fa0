/**
 * Token counts as the extension makes them for a site: with the tokenizer of the site's model
 * family (src/domain/tokenizers.ts), built here in Node from the same kitoken definitions.
 */
import { nodeCounter } from '../../../scripts/build/vocabularies';
import { resolveModel } from '../../../src/counting/models';
import type { Count } from '../../../src/counting/tokens';
import { tokenizerForModel, type TokenizerId } from '../../../src/domain/tokenizers';
import type { SiteId } from '../../../src/domain/site-ids';

const counters = new Map<TokenizerId, Count>();

/** The counter of a model key's tokenizer: a new conversation's, when its first count names that model. */
export function modelCounter(modelKey: string): Count {
  const id = tokenizerForModel(modelKey).tokenizer;
  let count = counters.get(id);
  if (!count) {
    count = nodeCounter(id);
    counters.set(id, count);
  }
  return count;
}

/** The counter of a site's conversations seeded before any count: they keep the tokenizer of the site's model. */
export const siteCounter = (site: SiteId): Count => modelCounter(resolveModel(site, null, {}).modelKey);

export const siteTokens = (site: SiteId, texts: readonly string[]): number => texts.reduce((sum, t) => sum + siteCounter(site)(t), 0);
