/**
 * What the page label and the popup's latest answer say of an answer's work out of sight: each part
 * marked estimated and kept apart from the counted tokens ("search ≈ 24,000 tokens (est., 3
 * searches)"). Formatted where the texts are made (the worker for the label, the popup for itself).
 */
import { energyQuantity, quantityText } from '../../display/scales';
import { formatCount } from '../../display/numbers';
import type { TurnExtras, TurnFootprint } from '../../domain/turns';
import { t, tn } from '../../i18n/t';

export type HiddenWorkFigures = NonNullable<TurnFootprint['hiddenWork']>;

/** The out-of-sight parts of a record's extras, or undefined when it has none. */
export function hiddenWorkFigures(extras: TurnExtras | undefined): HiddenWorkFigures | undefined {
  if (!extras) return undefined;
  const { search, research, voice, video } = extras;
  const figures: HiddenWorkFigures = {
    ...(search ? { search } : {}),
    ...(research ? { research } : {}),
    ...(voice ? { voice } : {}),
    ...(video ? { video } : {}),
  };
  return Object.keys(figures).length > 0 ? figures : undefined;
}

/** One phrase per part, in the UI language. */
export function hiddenWorkParts(work: HiddenWorkFigures | undefined, locale: string): string[] {
  if (!work) return [];
  const parts: string[] = [];
  const { search, research, voice, video } = work;
  if (search && search.searches > 0)
    parts.push(tn('label_search', search.searches, locale, [formatCount(search.tokens, locale), formatCount(search.searches, locale)]));
  if (search && search.historyTokens > 0) parts.push(t('label_searchHistory', formatCount(search.historyTokens, locale)));
  if (research) {
    parts.push(
      tn('label_research', research.runs, locale, [
        formatCount(research.tokens, locale),
        formatCount(research.runs, locale),
        formatCount(research.highTokens, locale),
      ]),
    );
  }
  if (voice) parts.push(t('label_voice', [formatCount(voice.inputTokens, locale), formatCount(voice.outputTokens, locale)]));
  if (video && video.videos > 0) {
    parts.push(tn('label_video', video.videos, locale, [formatCount(video.videos, locale), quantityText(energyQuantity(video.wh / 1000, locale))]));
  }
  return parts;
}
