/**
 * Perplexity's work out of sight, in the answer's block: a research run (its "N steps completed"
 * header), else a web search (its inline citations or its "N sources" button), with the count of
 * sources the page states; and generated videos. The web pages it read are not on the page: the
 * worker estimates them from these (src/features/work/rules.ts). Loaded with the site's other lazy
 * readers (./lazy-readers.ts).
 */
import type { HiddenWorkShown } from '../../domain/turns';
import type { PageMessage } from '../types';
import { countBefore, distinctSources, videosIn } from '../hidden-work';
import { precedes } from '../dom';
import { blockOf } from './reader';

/** Inline citations carry their URL in an attribute (no link). */
const CITATION_URL = 'data-pplx-citation-url';
/** A research run's header button: "7 steps completed". */
const RUN_STEPS = /\bsteps? completed\b/i;
/**
 * A button stating a number the English words above do not read ("7 Schritte abgeschlossen", "34
 * Quellen"): the page is in another language. Above the answer it is a run's header, below it the
 * count of sources: that kind is unreadable, never nothing.
 */
const STATES_NUMBER = /\d/;

/** The kind whose number a button states in words this reader does not read, or undefined (see STATES_NUMBER). */
function unreadKind(buttons: readonly Element[], answer: Element): 'research' | 'search' | undefined {
  const unread = buttons.filter((b) => {
    const text = b.textContent ?? '';
    return STATES_NUMBER.test(text) && !RUN_STEPS.test(text) && countBefore(text, 'sources?') === undefined;
  });
  if (unread.length === 0) return undefined;
  return unread.some((b) => precedes(b, answer)) ? 'research' : 'search';
}

export function readHiddenWork({ role, element }: PageMessage): HiddenWorkShown | null {
  if (role !== 'assistant') return null;
  const block = blockOf(element);
  const buttonElements = Array.from(block.querySelectorAll('button'));
  const buttons = buttonElements.map((b) => b.textContent ?? '');
  const stated = buttons.map((t) => countBefore(t, 'sources?')).find((n) => n !== undefined);
  const citations = block.querySelectorAll(`[${CITATION_URL}]`);
  const sources = stated ?? (distinctSources(citations, CITATION_URL) || undefined);
  const research = buttons.some((t) => RUN_STEPS.test(t)) ? { runs: 1, sources } : undefined;
  const search = !research && (stated !== undefined || citations.length > 0) ? { searches: 1, sources } : undefined;
  // A run's header unread hides the run behind what looks like a search; a count of sources unread matters only when nothing else shows the search.
  const unread = research ? undefined : unreadKind(buttonElements, element);
  const unreadable = unread === 'research' || (unread === 'search' && !search) ? [unread] : undefined;
  return { research, search, videos: videosIn(block), unreadable };
}
