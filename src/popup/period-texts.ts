/**
 * The texts of the popup's period figures (costliest chats, what if, the change against the period
 * before, the budget), from numbers without the DOM. Pure, so they are tested alone.
 */
import { MODELS, REGIONS } from '../core/tables';
import type { WhatIf, WhatIfChoice } from '../core/what-if';
import { carbonQuantity, energyQuantity, formatCount, formatShare, numberFormat, waterQuantity, type Quantity } from '../display';
import { wordsSpoken, wordsText, type Words } from './words';
import { BUDGET_FULL, BUDGET_NEAR, MAX_BUDGET_KWH, budgetLevel, type BudgetLevel, type BudgetSetting } from '../domain/budget';
import { t, tn } from '../i18n/t';
import type { ChatCost, PeriodSpan } from '../ledger/period-figures';
import { SITES, SITE_LABELS } from '../sites';
import { conversationUrl } from '../sites/conversation-url';
import type { PeriodKey } from './view';
import { regionName } from './view';

/** The popup's periods as the ledger sums them. */
export const PERIOD_SPANS: Readonly<Record<PeriodKey, PeriodSpan>> = {
  today: { kind: 'days', days: 1 },
  last7: { kind: 'days', days: 7 },
  last30: { kind: 'days', days: 30 },
  allTime: { kind: 'all' },
};

/** A signed whole percent, with a true minus sign: "+23%", "−96%", "0%". */
function formatChange(change: number, locale: string): string {
  const text = numberFormat(locale, { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' }).format(change);
  return text.replace(/-/g, '\u2212');
}

/** "+23% vs the 7 days before" for the 7- and 30-day periods; null for the others or with nothing before. */
export function periodChangeText(period: PeriodKey, change: number | null, locale: string): string | null {
  if (change === null) return null;
  if (period === 'last7') return t('insights_vsBefore_last7', formatChange(change, locale));
  if (period === 'last30') return t('insights_vsBefore_last30', formatChange(change, locale));
  return null;
}

export interface ChatRow {
  key: string;
  site: string;
  answers: string;
  energy: Quantity;
  history: string | null;
  /** The page that opens the chat, or null for a chat the site never named. */
  url: string | null;
  openLabel: string;
}

export function chatRows(chats: readonly ChatCost[], locale: string): ChatRow[] {
  return chats.map((c) => ({
    key: `${c.site}:${c.conversationId}`,
    site: SITE_LABELS[c.site],
    answers: tn('insights_answers', c.turns, locale, formatCount(c.turns, locale)),
    energy: energyQuantity(c.energyKwh, locale),
    history: c.historyShare > 0 ? t('history_shareOfInput', formatShare(c.historyShare, locale)) : null,
    url: conversationUrl(SITES[c.site], c.conversationId),
    openLabel: t('insights_openLabel', SITE_LABELS[c.site]),
  }));
}

/** The models a person can price the same tokens with: the table's current token-priced models. */
export const WHAT_IF_MODELS: readonly string[] = MODELS.filter((m) => !m.legacy && m.unit === 'wh_per_1k_tokens' && m.rate !== null).map((m) => m.key);
export const WHAT_IF_REGIONS: readonly string[] = REGIONS.map((r) => r.key);

/** "gamma-3.5-flash-lite", "Sweden", or both: what the figure is priced with. */
function choiceText(choice: WhatIfChoice): string {
  return [choice.modelKey, choice.region === undefined ? undefined : regionName(choice.region)].filter((x) => x !== undefined).join(' · ');
}

/** "with gamma-3.5-flash-lite: ≈ 4 mWh (−96%)", and the carbon and water with it against as recorded. */
export function whatIfWords(choice: WhatIfChoice, w: WhatIf, locale: string): { result: Words; other: Words } {
  const change = w.energyChange === null ? formatChange(0, locale) : formatChange(w.energyChange, locale);
  return {
    result: { message: (m) => t('insights_whatIfResult', m), parts: [choiceText(choice), energyQuantity(w.instead.energyKwh, locale), change] },
    other: {
      message: (m) => t('insights_whatIfOther', m),
      parts: [
        carbonQuantity(w.instead.carbonG, locale),
        waterQuantity(w.instead.waterL, locale),
        carbonQuantity(w.actual.carbonG, locale),
        waterQuantity(w.actual.waterL, locale),
      ],
    },
  };
}

export interface BudgetView {
  level: BudgetLevel;
  /** Used over budget, 0.. (can pass 1). */
  share: number;
  /** "≈ 42 Wh of 50 Wh (84%)", its amounts read as words. */
  words: Words;
  text: string;
  /** The same, as a screen reader says it (for the bar's aria-valuetext). */
  spoken: string;
  /** "Almost used up." / "Used up." */
  state: string | null;
}

/** The budget's progress under the totals; null without a budget. */
export function budgetView(usedKwh: number, budget: BudgetSetting | undefined, locale: string): BudgetView | null {
  if (!budget || budget.weeklyKwh === null) return null;
  const level = budgetLevel(usedKwh, budget);
  const share = usedKwh / budget.weeklyKwh;
  const words: Words = {
    message: (m) => t('budget_progress', m),
    parts: [energyQuantity(usedKwh, locale), energyQuantity(budget.weeklyKwh, locale), formatShare(share, locale)],
  };
  return {
    level,
    share,
    words,
    text: wordsText(words),
    spoken: wordsSpoken(words, locale),
    state: level === 'over' ? t('budget_over') : level === 'near' ? t('budget_near') : null,
  };
}

/** The budget's help text, with the thresholds of src/domain/budget.ts. */
export const budgetHelp = (locale: string): string => t('budget_help', [formatShare(BUDGET_NEAR, locale), formatShare(BUDGET_FULL, locale)]);

/** The budget field's watt-hours as kWh, or null when it is no number above 0. Accepts "1,5" and "1.5". */
export function parseBudgetWh(input: string): number | null {
  const n = Number(input.trim().replace(/\s/g, '').replace(',', '.'));
  return Number.isFinite(n) && n > 0 && n / 1000 <= MAX_BUDGET_KWH ? n / 1000 : null;
}
