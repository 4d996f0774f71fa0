/**
 * A counted turn's page label: its figures (the turn's record with its generated images' and
 * videos' records) and their texts in the UI language, as the worker answers the content script.
 */
import { historyShare, newChatTip } from '../core/what-if';
import { attachmentSplit } from '../features/attachments/describe';
import { asOwnPrompt } from '../features/extras';
import { imageCountOf } from '../domain/image-records';
import type { LedgerEntry } from '../domain/ledger';
import { approximationOf } from '../domain/tokenizers';
import type { TurnFootprint } from '../domain/turns';
import { uiLocale } from '../i18n/t';
import { hiddenWorkFigures } from '../features/work/describe';
import { countedLabelTexts } from '../label/texts';

function attachmentsOf(entry: LedgerEntry): Pick<TurnFootprint, 'attachments'> {
  const split = attachmentSplit(entry);
  return split ? { attachments: split } : {};
}

function approximateTokenizerOf(entry: LedgerEntry): { approximateTokenizer?: string } {
  const name = approximationOf(entry.modelKey, entry.tokenizer);
  return name === null ? {} : { approximateTokenizer: name };
}

/** How much of the turn's input was re-read history, and in a long chat what the next answer would cost in a new one. */
function historyFigures(recorded: LedgerEntry): Pick<TurnFootprint, 'historyShare' | 'newChat'> {
  // This turn's own files and estimated work are not history: a new chat would read and do them too.
  const entry = asOwnPrompt(recorded);
  const share = historyShare(entry);
  if (share === 0) return {};
  const tip = newChatTip(entry);
  return tip ? { historyShare: share, newChat: tip } : { historyShare: share };
}

function withHiddenWork(entry: LedgerEntry): Pick<TurnFootprint, 'hiddenWork'> {
  const hiddenWork = hiddenWorkFigures(entry.extras);
  return hiddenWork ? { hiddenWork } : {};
}

/** The page label's figures (the turn's record plus its generated images' and videos' records) and its texts in the UI language. */
export function footprintOf(entry: LedgerEntry, images?: LedgerEntry, locale = uiLocale(), video?: LedgerEntry): TurnFootprint {
  const figures = {
    energyKwh: entry.energyKwh + (images?.energyKwh ?? 0) + (video?.energyKwh ?? 0),
    carbonG: entry.carbonG + (images?.carbonG ?? 0) + (video?.carbonG ?? 0),
    waterL: entry.waterL + (images?.waterL ?? 0) + (video?.waterL ?? 0),
    inputTokens: entry.inputTokens,
    outputTokens: entry.outputTokens,
    ...approximateTokenizerOf(entry),
    ...(entry.estimatedReasoningTokens ? { estimatedReasoningTokens: entry.estimatedReasoningTokens } : {}),
    ...(images ? { images: imageCountOf(images) } : {}),
    ...attachmentsOf(entry),
    ...withHiddenWork(entry),
    ...historyFigures(entry),
  };
  return { ...figures, texts: countedLabelTexts(figures, locale) };
}
