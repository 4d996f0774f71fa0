/**
 * What a page label says for a counted answer, formatted in the worker (in the UI language) and
 * sent with the reply to turn/completed (or to conversation/seed, for an answer counted before a
 * reload): the chat page then builds no number formatter at all
 * (the first Intl formatter of a page sets up ICU data first: a long task on the chat page).
 */
import { carbonQuantity, energyQuantity, quantityText, waterQuantity } from '../display/scales';
import { formatCount, formatShare } from '../display/numbers';
import type { LabelTexts, TurnFootprint } from '../domain/turns';
import { spokenQuantity } from '../i18n/quantity';
import { t, tn } from '../i18n/t';
import { hiddenWorkParts } from '../features/work/describe';

/** "input: 42 text + 9,180 attachments (2 files)", and how much of it is estimated where any is. */
function attachmentParts(a: NonNullable<TurnFootprint['attachments']>, locale: string): string[] {
  const text = formatCount(a.textTokens, locale);
  const tokens = formatCount(a.attachmentTokens, locale);
  const split =
    a.files > 0 ? tn('label_inputFiles', a.files, locale, [text, tokens, formatCount(a.files, locale)]) : t('label_inputEarlierFiles', [text, tokens]);
  return a.estimatedTokens > 0 ? [split, t('label_attachmentsEstimated', formatCount(a.estimatedTokens, locale))] : [split];
}

export function countedLabelTexts(f: Omit<TurnFootprint, 'texts'>, locale: string): LabelTexts {
  const amounts = [energyQuantity(f.energyKwh, locale), carbonQuantity(f.carbonG, locale), waterQuantity(f.waterL, locale)];
  const summary = t('label_summary', amounts.map(quantityText));
  // What screen readers say: the same amounts with their units' names.
  const spokenSummary = t(
    'label_summarySpoken',
    amounts.map((q) => spokenQuantity(q, locale)),
  );
  const parts = [t('label_tokens', [formatCount(f.inputTokens, locale), formatCount(f.outputTokens, locale)])];
  if (f.attachments) parts.push(...attachmentParts(f.attachments, locale));
  if (f.approximateTokenizer) parts.push(t('tokens_approximate', f.approximateTokenizer));
  if (f.estimatedReasoningTokens) parts.push(t('label_reasoningEstimated', formatCount(f.estimatedReasoningTokens, locale)));
  if (f.images) parts.push(tn('label_images', f.images, locale, formatCount(f.images, locale)));
  parts.push(...hiddenWorkParts(f.hiddenWork, locale));
  if (f.historyShare) parts.push(t('history_shareOfInput', formatShare(f.historyShare, locale)));
  const details = parts.join(' · ');
  if (!f.newChat) return { summary, details, spoken: t('label_spoken', [spokenSummary, details]) };
  // A long chat: the summary says what a new chat saves, the details what the next answer would take in each.
  const { historyEnergyShare, hereKwh, newChatKwh } = f.newChat;
  const hint = t('label_newChatHint', formatShare(hereKwh > 0 ? 1 - newChatKwh / hereKwh : 0, locale));
  const [next, here] = [energyQuantity(newChatKwh, locale), energyQuantity(hereKwh, locale)];
  const tip = t('label_newChat', [formatShare(historyEnergyShare, locale), quantityText(next), quantityText(here)]);
  const spokenTip = t('label_newChat', [formatShare(historyEnergyShare, locale), spokenQuantity(next, locale), spokenQuantity(here, locale)]);
  const withHint = `${summary} · ${hint}`;
  return { summary: withHint, details, spoken: `${t('label_spoken', [spokenSummary, details])} ${spokenTip}`, tip };
}
