/**
 * Grok's work out of sight: the videos Grok Imagine made in the answer. Its web searches show no
 * sources on any page we have: not read. Loaded with the site's other lazy readers (./lazy-readers.ts).
 */
import type { HiddenWorkShown } from '../../domain/turns';
import type { PageMessage } from '../types';
import { videosIn } from '../hidden-work';
import { bubbleOf } from './reader';

export function readHiddenWork({ role, element }: PageMessage): HiddenWorkShown | null {
  return role === 'assistant' ? { videos: videosIn(bubbleOf(element)) } : null;
}
