/**
 * ChatGPT's work out of sight, as an answer shows it: a research run (its header's counts and
 * duration), else a web search (the cited pills, or the Sources button alone: one search). A run's
 * own searches are in its header; a voice chat the answer closes is read by ./voice.ts. Videos are not read: no capture or source shows a generated video
 * in a ChatGPT answer. Loaded with the site's other lazy readers (./lazy-readers.ts).
 */
import type { HiddenWorkShown } from '../../domain/turns';
import type { PageMessage } from '../types';
import { countBefore, distinctSources, secondsIn } from '../hidden-work';
import { MODEL_SLUG } from './selectors';
import { readerOf } from './variants';
import { withVoice } from './voice';

/** Inline source pills, and the "Sources" button under an answer that searched the web. */
const CITATION = '[data-testid="webpage-citation-pill"]';
const SOURCES_BUTTON = 'button.group\\/footnote';
/** The run's header: "Research completed in 2m · 9 sources · 18 searches". */
const RUN_HEADER = /\bsources?\b.*\bsearch(?:es)?\b/i;
const RUN_COUNTS = /\d[\d,.]*\s*(?:sources?|search(?:es)?)\b/gi;

/** A header of numbers in another form ("2 分 · 9 件のソース · 18 件の検索") on a research answer: a run, its figures unreadable. */
const OTHER_HEADER = /\d.*·.*\d/;

function hiddenWork(scope: Element): HiddenWorkShown {
  const buttons = Array.from(scope.querySelectorAll('button'), (b) => b.textContent ?? '');
  const header = buttons.find((t) => RUN_HEADER.test(t));
  const researchSlug = `[${MODEL_SLUG}="research"]`;
  const unreadable = !header && (scope.matches(researchSlug) || scope.querySelector(researchSlug)) && buttons.some((t) => OTHER_HEADER.test(t));
  const research = header
    ? { runs: 1, sources: countBefore(header, 'sources?'), searches: countBefore(header, 'search(?:es)?'), seconds: secondsIn(header.replace(RUN_COUNTS, '')) }
    : undefined;
  const pills = scope.querySelectorAll(CITATION);
  const search =
    !research && (pills.length > 0 || scope.querySelector(SOURCES_BUTTON)) ? { searches: 1, sources: distinctSources(pills) || undefined } : undefined;
  return { research, search, unreadable: unreadable ? ['research' as const] : undefined };
}

export function readHiddenWork(answer: PageMessage, doc: Document): HiddenWorkShown | null {
  const scope = answer.role === 'assistant' ? readerOf(answer.element).imageScope(answer.element) : null;
  return scope ? withVoice(hiddenWork(scope), scope, doc) : null;
}
