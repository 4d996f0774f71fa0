/**
 * Gemini's work out of sight: a deep research run, else a web search (its sources shown), and
 * generated videos. Loaded with the site's other lazy readers (./lazy-readers.ts).
 */
import type { HiddenWorkShown } from '../../domain/turns';
import type { PageMessage } from '../types';
import { videosIn } from '../hidden-work';

/** An answer's sources: inline footnotes, the inline carousel, the footer's list (empty when there are none). */
const SOURCES_SHOWN = 'source-footnote, sources-carousel-inline, [data-test-id="sources-carousel-source"], sources-list > *';
const SOURCE_INDEX = 'data-turn-source-index';
/**
 * A deep research answer keeps in the chat only a line and a chip that opens its report, which
 * renders beside the chat in its own panel with the run's sources (used and read but unused).
 */
const ENTRY_CHIP = 'immersive-entry-chip';
const RESEARCH_PANEL = 'deep-research-immersive-panel';
const RESEARCH_SOURCES = 'deep-research-source-lists browse-web-item';

export function readHiddenWork({ role, element }: PageMessage, doc: Document): HiddenWorkShown | null {
  if (role !== 'assistant') return null;
  // A chip also opens a canvas: only the research panel says it is a run.
  const panel = element.querySelector(ENTRY_CHIP) ? doc.querySelector(RESEARCH_PANEL) : null;
  const research = panel ? { runs: 1, sources: panel.querySelectorAll(RESEARCH_SOURCES).length || undefined } : undefined;
  const cited = new Set(Array.from(element.querySelectorAll(`[${SOURCE_INDEX}]`), (el) => el.getAttribute(SOURCE_INDEX)));
  const search = !research && element.querySelector(SOURCES_SHOWN) ? { searches: 1, sources: cited.size || undefined } : undefined;
  return { research, search, videos: videosIn(element) };
}
