/**
 * `defineAdapter` joins a site's data module (`SiteFacts`, src/sites/<site>/facts.ts), which the
 * registry (src/sites/index.ts) and the popup import, and its readers (src/sites/<site>/reader.ts),
 * which only that site's content script imports, and derives what follows from the data: the
 * conversation id in a URL, the conversation derived message ids are named under, the model label
 * (./model-label.ts). Adapters are pure functions over a Document/Element: no timers, no messaging,
 * no storage. The interface and its shapes are in ./types.ts.
 */
import type { SiteAdapter, SiteFacts, SiteReaders } from './types';
import { conversationIdInUrl, UNSAVED_CONVERSATION } from './conversation-url';
import { readModelLabel } from './model-label';

export type * from './types';
export { matchesOf } from './site-data';

/**
 * An adapter from its site's facts and its readers. Marked free of side effects so that a lazy module
 * importing a helper from a site's reader (scripts/build/lazy-modules.ts) leaves the adapter out.
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineAdapter(facts: SiteFacts, { modelLabelBeside, ...readers }: SiteReaders): SiteAdapter {
  const conversationId = (url: string): string | null => conversationIdInUrl(facts, url);
  return {
    ...facts,
    ...readers,
    findTurns: (doc) => readers.findTurns(doc, () => conversationId(doc.location?.href ?? '') ?? readers.conversationIdInPage?.(doc) ?? UNSAVED_CONVERSATION),
    conversationId,
    isStreaming: (doc) => readers.streaming(doc) !== null,
    readModelLabel: (doc, answer) => readModelLabel(doc, facts, answer?.element, modelLabelBeside),
  };
}
