/**
 * Reading what an answer's page shows of work done out of sight (`HiddenWorkShown`,
 * src/domain/turns.ts): the numbers as the page states them ("9 sources", "18 searches", "in 2m")
 * and the videos it generated. Shared by the site readers of such work, which load lazily with the
 * site's other lazy readers (./lazy-readers.ts). Asked once per answer, when it is counted, never while it streams.
 */
import type { HiddenWorkShown } from '../domain/turns';

/** The number the text states right before one of `words` ("34 sources", "1,204 results"), or undefined. */
export function countBefore(text: string, words: string): number | undefined {
  const m = new RegExp(`(\\d[\\d,.]*)\\s*(?:${words})\\b`, 'i').exec(text);
  return m ? Number(m[1].replace(/\D/g, '')) : undefined;
}

const UNIT_SECONDS: Record<string, number> = { h: 3600, m: 60, s: 1 };

/** Seconds in a short duration as the sites write it ("2m", "1h 5m", "45s", "3 min"), or undefined. */
export function secondsIn(text: string): number | undefined {
  let seconds: number | undefined;
  for (const [, n, unit] of text.matchAll(/(\d+)\s*(h|m|s)[a-z]*\b/gi)) seconds = (seconds ?? 0) + Number(n) * UNIT_SECONDS[unit.toLowerCase()];
  return seconds;
}

/**
 * Distinct sources among `elements` (citation pills): each named by its link without the fragment
 * (its own `attribute`, else its first link's), else by its label or text (a pill that only names
 * the source's domain).
 */
export function distinctSources(elements: Iterable<Element>, attribute = 'href'): number {
  const names = new Set<string>();
  for (const el of elements) {
    const name = el.getAttribute(attribute) ?? el.querySelector('a[href]')?.getAttribute('href') ?? el.getAttribute('aria-label') ?? el.textContent?.trim();
    if (name) names.add(name.split('#')[0]);
  }
  return names.size;
}

/**
 * The videos an answer generated: every `video` element in it (a generated video plays in the
 * answer; a linked YouTube video is a card or an iframe, never a `video`). Its length from the
 * element once its metadata loaded, else from a "0:08" time label beside it; its size from the
 * element. What the page does not show is left out: the worker uses the site's defaults for it.
 */
export function videosIn(scope: Element): HiddenWorkShown['videos'] {
  const videos = Array.from(scope.querySelectorAll('video'), (video) => {
    const label = /\b(\d+):(\d\d)\b/.exec(video.parentElement?.textContent ?? '');
    const seconds = Number.isFinite(video.duration) && video.duration > 0 ? video.duration : label ? Number(label[1]) * 60 + Number(label[2]) : undefined;
    const width = video.videoWidth || Number(video.getAttribute('width')) || undefined;
    const height = video.videoHeight || Number(video.getAttribute('height')) || undefined;
    return { ...(seconds ? { seconds } : {}), ...(width && height ? { width, height } : {}) };
  });
  return videos.length > 0 ? videos : undefined;
}
