/**
 * What a page label says for a counted answer, formatted in the worker (in the UI language) and
 * sent with the reply to turn/completed (or to conversation/seed, for an answer counted before a
 * reload): the chat page then builds no number formatter at all
 * (the first Intl formatter of a page sets up ICU data first: a long task on the chat page).
 */
import { carbonQuantity, energyQuantity, quantityText, waterQuantity } from '../display/scales';
import { formatCount, formatShare } from '../display/numbers';
import type { LabelTexts, TurnFootprint } from '../domain/turns';
import { t, tn } from '../i18n/t';
import { hiddenWorkParts } from './hidden-work-texts';

export function countedLabelTexts(f: Omit<TurnFootprint, 'texts'>, locale: string): LabelTexts {
  const summary = t('label_summary', [
    quantityText(energyQuantity(f.energyKwh, locale)),
    quantityText(carbonQuantity(f.carbonG, locale)),
    quantityText(waterQuantity(f.waterL, locale)),
  ]);
  const parts = [t('label_tokens', [formatCount(f.inputTokens, locale), formatCount(f.outputTokens, locale)])];
  if (f.approximateTokenizer) parts.push(t('tokens_approximate', f.approximateTokenizer));
  if (f.estimatedReasoningTokens) parts.push(t('label_reasoningEstimated', formatCount(f.estimatedReasoningTokens, locale)));
  if (f.images) parts.push(tn('label_images', f.images, locale, formatCount(f.images, locale)));
  parts.push(...hiddenWorkParts(f.hiddenWork, locale));
  if (f.historyShare) parts.push(t('history_shareOfInput', formatShare(f.historyShare, locale)));
  const details = parts.join(' · ');
  if (!f.newChat) return { summary, details, spoken: t('label_spoken', [summary, details]) };
  // A long chat: the summary says what a new chat saves, the details what the next answer would take in each.
  const { historyEnergyShare, hereKwh, newChatKwh } = f.newChat;
  const hint = t('label_newChatHint', formatShare(hereKwh > 0 ? 1 - newChatKwh / hereKwh : 0, locale));
  const tip = t('label_newChat', [
    formatShare(historyEnergyShare, locale),
    quantityText(energyQuantity(newChatKwh, locale)),
    quantityText(energyQuantity(hereKwh, locale)),
  ]);
  const withHint = `${summary} · ${hint}`;
  return { summary: withHint, details, spoken: `${t('label_spoken', [summary, details])} ${tip}`, tip };
}
