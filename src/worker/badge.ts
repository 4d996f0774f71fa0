/** The toolbar badge: today's energy in Wh; its colour says where the weekly budget stands; its tooltip in the UI language. */
import { browser } from 'wxt/browser';
import { energyQuantity, formatShare, quantityText } from '../display';
import type { BudgetLevel } from '../domain/budget';
import { t, uiLocale } from '../i18n/t';

/** At most 4 characters: "0", "0.4", "12", "345", "1.2k", "12k". */
function formatBadgeWh(wh: number): string {
  if (!(wh > 0)) return '0';
  if (wh < 0.05) return '<.1';
  if (wh < 10) return wh.toFixed(1).replace(/\.0$/, '');
  if (wh < 999.5) return String(Math.round(wh));
  if (wh < 9950) return `${(wh / 1000).toFixed(1).replace(/\.0$/, '')}k`;
  return `${Math.round(wh / 1000)}k`;
}

/** Where the weekly budget stands, as the badge shows it (src/ledger/context.ts, BudgetStatus). */
export interface BadgeBudget {
  level: BudgetLevel;
  usedKwh: number;
  weeklyKwh: number | null;
}

/** "AI Chat Footprint: ≈ 3.5 Wh today", by the popup's number rules, in the UI locale; with a budget, its share after it. */
function badgeTitle(wh: number, locale = uiLocale(), budget?: BadgeBudget): string {
  const title = t('badge_title', quantityText(energyQuantity(wh / 1000, locale)));
  if (!budget || budget.level === 'off' || !budget.weeklyKwh) return title;
  return t('badge_titleBudget', [title, formatShare(budget.usedKwh / budget.weeklyKwh, locale)]);
}

/**
 * The mark's green (assets/icon.svg) with white text: 6.3:1 contrast, and it reads as the icon's own
 * label. Near the budget amber, over it red; both keep white text at 4.5:1 or more.
 */
const BADGE_COLORS = { background: '#0b6e4f', text: '#ffffff' } as const;
const BUDGET_BADGE_BACKGROUNDS: Readonly<Record<BudgetLevel, string>> = {
  off: BADGE_COLORS.background,
  under: BADGE_COLORS.background,
  near: '#b45309',
  over: '#b91c1c',
};

export async function showTodayOnBadge(todayEnergyKwh: number, budget?: BadgeBudget): Promise<void> {
  const wh = todayEnergyKwh * 1000;
  // MV3 (Chrome) has action; Firefox MV2 has browserAction.
  const action = browser.action ?? (browser as unknown as { browserAction: typeof browser.action }).browserAction;
  if (!action) return;
  // Set with the text each time: cheap, and the browser does not keep badge colours across restarts.
  await action.setBadgeBackgroundColor({ color: BUDGET_BADGE_BACKGROUNDS[budget?.level ?? 'off'] });
  await action.setBadgeTextColor?.({ color: BADGE_COLORS.text });
  await action.setBadgeText({ text: formatBadgeWh(wh) });
  await action.setTitle({ title: badgeTitle(wh, uiLocale(), budget) });
}
