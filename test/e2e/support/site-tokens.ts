/**
 * Token counts as the extension makes them for a site: with the tokenizer of the site's model
 * family (src/domain/tokenizers.ts), built here in Node from the same kitoken definitions.
 */
import { nodeCounter } from '../../../scripts/build/vocabularies';
import { resolveTokenizer } from '../../../src/counting/models';
import type { Count } from '../../../src/counting/tokens';
import { tokenizerForModel, type TokenizerId } from '../../../src/domain/tokenizers';
import type { SiteId } from '../../../src/domain/site-ids';

const counters = new Map<TokenizerId, Count>();

function tokenizerCounter(id: TokenizerId): Count {
  let count = counters.get(id);
  if (!count) {
    count = nodeCounter(id);
    counters.set(id, count);
  }
  return count;
}

/** The counter of a model key's tokenizer: a new conversation's, when its first count names that model. */
export const modelCounter = (modelKey: string): Count => tokenizerCounter(tokenizerForModel(modelKey).tokenizer);

/**
 * The counter of a site's conversations seeded before any count, or whose first count reads `label`:
 * they keep the tokenizer of the model it names (a `custom` rate's own vocabulary where it has one).
 */
export const siteCounter = (site: SiteId, label: string | null = null): Count => tokenizerCounter(resolveTokenizer(site, label, {}));

/** The counter of a turn counted as `modelKey` on `site`: the model's vocabulary, or for `custom` the one the site's rate names. */
export const turnCounter = (site: SiteId, modelKey: string): Count => (modelKey === 'custom' ? siteCounter(site) : modelCounter(modelKey));

export const siteTokens = (site: SiteId, texts: readonly string[]): number => texts.reduce((sum, t) => sum + siteCounter(site)(t), 0);
