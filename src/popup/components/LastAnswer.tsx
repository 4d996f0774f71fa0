import type { ComponentChildren } from 'preact';
import { attachmentSplit, type AttachmentSplit } from '../../features/attachments/describe';
import { asOwnPrompt } from '../../features/extras';
import { footprintRanges } from '../../features/part';
import type { Range } from '../../core/range';
import type { Quantity } from '../../display/scales';
import { imageCountOf } from '../../domain/image-records';
import type { LedgerEntry } from '../../domain/ledger';
import { approximationOf, LEGACY_TOKENIZER, TOKENIZER_NAMES } from '../../domain/tokenizers';
import { SITE_LABELS } from '../../sites';
import { historyShare } from '../../core/shares';
import { carbonQuantity, dropsOf, energyQuantity, formatCount, formatShare, formatUnitlessEstimate, formatWhen, waterQuantity } from '../../display';
import { t, tn } from '../../i18n/t';
import { usualComparisonTexts, type UsualComparison } from '../usual-answer';
import { computedByText, modelText, regionName } from '../view';
import { hiddenWorkFigures, hiddenWorkParts } from '../../features/work/describe';
import { contextParts } from '../../label/context-texts';
import { Bounds, QuantityText } from './QuantityText';
import { Rich } from './Rich';

/**
 * What an answer can carry besides its text, shown when given: images the
 * assistant generated, and reasoning the site hides (an estimate, so "≈" and two
 * significant figures, unlike the exact counts above it).
 */
export interface AnswerExtras {
  images?: { count: number; energyKwh: number } | null;
  reasoning?: { shownTokens: number; estimatedTokens: number } | null;
}

/** The extras of the last answer as the popup state has them: its own reasoning counts, and its image-gen record. */
export function extrasOf(entry: LedgerEntry | null, images: LedgerEntry | null): AnswerExtras {
  const shownTokens = entry?.reasoningTokens ?? 0;
  const estimatedTokens = entry?.estimatedReasoningTokens ?? 0;
  return {
    reasoning: shownTokens + estimatedTokens > 0 ? { shownTokens, estimatedTokens } : null,
    images: images ? { count: imageCountOf(images), energyKwh: images.energyKwh } : null,
  };
}

/**
 * o200k counting an OpenAI model is the default the methodology states; the popup names the
 * tokenizer only when a count differs from it, so the latest answer keeps to the first screen.
 */
const countedAsDefault = (entry: LedgerEntry): boolean =>
  (entry.tokenizer ?? LEGACY_TOKENIZER) === 'o200k' && approximationOf(entry.modelKey, entry.tokenizer) === null;

/** The tokenizer's name, or "approximate (o200k)" when it is not the model's own. */
function tokenizerText(entry: LedgerEntry): string {
  const approximate = approximationOf(entry.modelKey, entry.tokenizer);
  return approximate === null ? TOKENIZER_NAMES[entry.tokenizer ?? LEGACY_TOKENIZER] : t('tokens_approximate', approximate);
}

/** "9,180 tokens (2 files) + 765 tokens (earlier files re-read) · ≈ 765 estimated": the files' tokens in the input, and the estimated part where any is. */
function attachmentsText(files: AttachmentSplit, locale: string): string {
  const own = files.attachmentTokens - files.earlierTokens;
  const parts = [];
  if (files.files > 0) parts.push(tn('last_attachmentsValue', files.files, locale, [formatCount(own, locale), formatCount(files.files, locale)]));
  if (files.earlierTokens > 0) parts.push(t('last_attachmentsEarlier', formatCount(files.earlierTokens, locale)));
  const counted = parts.join(' + ');
  return files.estimatedTokens > 0 ? `${counted} · ${t('last_attachmentsEstimated', formatCount(files.estimatedTokens, locale))}` : counted;
}

/** A second value of the energy, under its figure where the water's stress badge leaves room: short on screen, in full for hover and screen readers. */
function UsualLine({ texts }: { texts: { short: string; full: string } }) {
  return (
    <dd class="usual" title={texts.full} data-testid="last-vs-usual">
      <span aria-hidden="true">{texts.short}</span>
      <span class="visually-hidden">{texts.full}</span>
    </dd>
  );
}

/** Beside a figure of an answer that holds estimated parts: the lowest and highest the rules allow. */
/** The answer's input tokens, split into the prompt, the history and the files, with the history's share and the context notes. */
function InputTokens({ entry, files, share, locale }: { entry: LedgerEntry; files: AttachmentSplit | null; share: number; locale: string }) {
  return (
    <>
      <span data-testid="last-input">{formatCount(entry.inputTokens, locale)}</span>{' '}
      <span class="muted">
        {files ? (
          <Rich
            message={(m) => t('last_inputSplitFiles', m)}
            nodes={[
              <span data-testid="last-prompt">{formatCount(entry.promptTokens, locale)}</span>,
              <span data-testid="last-history">{formatCount(entry.historyTokens, locale)}</span>,
              <span data-testid="last-attachment-tokens">{formatCount(files.attachmentTokens, locale)}</span>,
            ]}
          />
        ) : (
          <Rich
            message={(m) => t('last_inputSplit', m)}
            nodes={[
              <span data-testid="last-prompt">{formatCount(entry.promptTokens, locale)}</span>,
              <span data-testid="last-history">{formatCount(entry.historyTokens, locale)}</span>,
            ]}
          />
        )}
      </span>
      {share > 0 && (
        <span class="muted" data-testid="last-history-share">
          {' · '}
          {t('history_shareOfInput', formatShare(share, locale))}
        </span>
      )}
      {contextParts(entry.context, locale).map((text) => (
        <span class="muted" data-testid="last-context" key={text}>
          {' · '}
          {text}
        </span>
      ))}
    </>
  );
}

/** A named line of the answer's details. */
function Pair({ name, id, children }: { name: string; id: string; children: ComponentChildren }) {
  return (
    <>
      <dt>{name}</dt>
      <dd data-testid={id}>{children}</dd>
    </>
  );
}

/** One of the answer's figures: its name, its quantity, its range where it holds estimated parts, then `children`. */
function Figure(props: {
  name: string;
  id: string;
  quantity: (v: number, locale: string) => Quantity;
  value: number;
  range: Range | undefined;
  locale: string;
  children?: ComponentChildren;
}) {
  return (
    <>
      <dt>{props.name}</dt>
      <dd data-testid={props.id}>
        <QuantityText q={props.quantity(props.value, props.locale)} locale={props.locale} />
        <Bounds quantity={props.quantity} range={props.range} locale={props.locale} id={`${props.id}-range`} />
        {props.children}
      </dd>
    </>
  );
}

/** The most recent answer: where, which model, exact token counts, its footprint and how it was computed. */
export function LastAnswer({
  entry,
  locale,
  extras = {},
  usual = null,
}: {
  entry: LedgerEntry | null;
  locale: string;
  extras?: AnswerExtras;
  /** Against the other answers of the last 30 days (null: too few to compare with). */
  usual?: UsualComparison | null;
}) {
  if (entry === null) {
    return (
      <section aria-labelledby="last-h">
        <h2 id="last-h">{t('last_heading')}</h2>
        <p class="muted">{t('last_none')}</p>
      </section>
    );
  }
  const when = formatWhen(entry.time, locale);
  const drops = dropsOf(entry.waterL);
  const files = attachmentSplit(entry);
  // Work out of sight, estimated: said apart from the counts, and not history.
  const estimated = hiddenWorkParts(hiddenWorkFigures(entry.extras), locale);
  // This turn's own files and estimated work are not history: a new chat would read and do them too.
  const share = historyShare(asOwnPrompt(entry));
  // The answer's own figures (its images are shown apart below): with their range where it holds estimated parts.
  const ranges = footprintRanges(entry);
  return (
    <section aria-labelledby="last-h">
      <h2 id="last-h">{t('last_heading')}</h2>
      <div data-testid="last-answer">
        <p class="last-meta">
          <strong>{SITE_LABELS[entry.site]}</strong> · <code data-testid="last-model">{modelText(entry.modelKey, locale, entry.customWhPer1k)}</code> ·{' '}
          {when.today ? t('last_whenToday', when.time) : t('last_whenDate', [when.date, when.time])}
        </p>
        <dl class="last-figures">
          <div>
            <Figure name={t('quantity_energy')} id="last-energy" quantity={energyQuantity} value={entry.energyKwh} range={ranges?.energyKwh} locale={locale} />
            {usual && <UsualLine texts={usualComparisonTexts(usual, locale)} />}
          </div>
          <div>
            <Figure name={t('quantity_carbon')} id="last-carbon" quantity={carbonQuantity} value={entry.carbonG} range={ranges?.carbonG} locale={locale} />
          </div>
          <div>
            <Figure name={t('quantity_water')} id="last-water" quantity={waterQuantity} value={entry.waterL} range={ranges?.waterL} locale={locale}>
              {drops !== null && <span class="muted drops"> {tn('water_drops', drops, locale, formatCount(drops, locale))}</span>}{' '}
              <span class={`badge small stress-${entry.stressLevel}`}>{t(`stress_short_${entry.stressLevel}`)}</span>
            </Figure>
          </div>
        </dl>
        <dl class="pairs">
          <dt>{t('last_input')}</dt>
          <dd>
            <InputTokens entry={entry} files={files} share={share} locale={locale} />
          </dd>
          {files && (
            <Pair name={t('last_attachments')} id="last-attachments">
              {attachmentsText(files, locale)}
            </Pair>
          )}
          <Pair name={t('last_output')} id="last-output">
            {formatCount(entry.outputTokens, locale)}
          </Pair>
          {extras.reasoning && extras.reasoning.shownTokens > 0 && (
            <Pair name={t('last_reasoningShown')} id="last-reasoning-shown">
              {formatCount(extras.reasoning.shownTokens, locale)}
            </Pair>
          )}
          {extras.reasoning && extras.reasoning.estimatedTokens > 0 && (
            <Pair name={t('last_reasoning')} id="last-reasoning">
              <QuantityText q={formatUnitlessEstimate(extras.reasoning.estimatedTokens, locale)} locale={locale} />
            </Pair>
          )}
          {extras.images && (
            <Pair name={t('last_images')} id="last-images">
              {formatCount(extras.images.count, locale)}{' '}
              <span class="muted">
                (image-gen, <QuantityText q={energyQuantity(extras.images.energyKwh, locale)} locale={locale} />)
              </span>
            </Pair>
          )}
          {estimated.length > 0 && (
            <Pair name={t('last_estimated')} id="last-estimated">
              {estimated.join(' · ')}
            </Pair>
          )}
          {!countedAsDefault(entry) && (
            <Pair name={t('last_countedWith')} id="last-tokenizer">
              {tokenizerText(entry)}
            </Pair>
          )}
          <dt>{t('last_region')}</dt>
          <dd>{regionName(entry.region)}</dd>
        </dl>
        <p class="muted" data-testid="last-computed-by">
          {computedByText(entry)}
        </p>
      </div>
    </section>
  );
}
