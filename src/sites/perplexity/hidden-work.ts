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
import { blockOf } from './reader';

/** Inline citations carry their URL in an attribute (no link). */
const CITATION_URL = 'data-pplx-citation-url';
/** A research run's header button: "7 steps completed". */
const RUN_STEPS = /\bsteps? completed\b/i;

export function readHiddenWork({ role, element }: PageMessage): HiddenWorkShown | null {
  if (role !== 'assistant') return null;
  const block = blockOf(element);
  const buttons = Array.from(block.querySelectorAll('button'), (b) => b.textContent ?? '');
  const stated = buttons.map((t) => countBefore(t, 'sources?')).find((n) => n !== undefined);
  const citations = block.querySelectorAll(`[${CITATION_URL}]`);
  const sources = stated ?? (distinctSources(citations, CITATION_URL) || undefined);
  const research = buttons.some((t) => RUN_STEPS.test(t)) ? { runs: 1, sources } : undefined;
  const search = !research && (stated !== undefined || citations.length > 0) ? { searches: 1, sources } : undefined;
  return { research, search, videos: videosIn(block) };
}
