/**
 * The weekly energy budget: the energy of the last 7 days (the popup's "7 days" figure) against a
 * limit the person sets. Its level is what the badge's colour and the notification follow.
 */

/** The budget as the settings hold it. Off by default: no limit, no notification. */
export interface BudgetSetting {
  /** The limit for the last 7 days in kWh, or null when there is no budget. */
  weeklyKwh: number | null;
  /** A notification when the budget is used up (needs the optional `notifications` permission). */
  notify: boolean;
}

export const DEFAULT_BUDGET: BudgetSetting = { weeklyKwh: null, notify: false };

/** The days a budget covers: the same window as the popup's 7-day totals. */
export const BUDGET_DAYS = 7;

/** At this share of the budget the badge warns; at FULL it says the budget is used up. */
export const BUDGET_NEAR = 0.8;
export const BUDGET_FULL = 1;

/** The largest budget the popup accepts, in kWh (a million watt-hours: far above any person's chats). */
export const MAX_BUDGET_KWH = 1000;

/**
 * Where the last 7 days stand against the budget: `off` without one; `under` below BUDGET_NEAR;
 * `near` from BUDGET_NEAR; `over` from BUDGET_FULL. The levels follow from the figures alone, so
 * the worker can always work them out again.
 */
export type BudgetLevel = 'off' | 'under' | 'near' | 'over';

export function budgetLevel(usedKwh: number, budget: Pick<BudgetSetting, 'weeklyKwh'>): BudgetLevel {
  if (budget.weeklyKwh === null || !(budget.weeklyKwh > 0)) return 'off';
  const share = usedKwh / budget.weeklyKwh;
  if (share >= BUDGET_FULL) return 'over';
  if (share >= BUDGET_NEAR) return 'near';
  return 'under';
}

/** The level the worker last showed (stored: a stopped worker starts from it, so a notification comes once per crossing). */
export interface BudgetAlert {
  level: BudgetLevel;
}

/** Whether moving from `before` to `now` is the moment to notify: the budget has just been used up. */
export const budgetJustUsedUp = (before: BudgetLevel, now: BudgetLevel): boolean => now === 'over' && before !== 'over';
