/**
 * Meta's work out of sight: a web search (the answer's citation pills, each naming a source, or its
 * Sources button) and generated videos. Loaded with the site's other lazy readers (./lazy-readers.ts).
 */
import type { HiddenWorkShown } from '../../domain/turns';
import type { PageMessage } from '../types';
import { distinctSources, videosIn } from '../hidden-work';
import { metaSite } from './facts';

/** The "Sources" button under an answer that searched the web. */
const SOURCES = '[data-testid="sources-pill"]';

export function readHiddenWork({ role, element }: PageMessage): HiddenWorkShown | null {
  if (role !== 'assistant') return null;
  const pills = element.querySelectorAll(metaSite.otherSelectors.citation);
  const search = pills.length > 0 || element.querySelector(SOURCES) ? { searches: 1, sources: distinctSources(pills) || undefined } : undefined;
  return { search, videos: videosIn(element) };
}
