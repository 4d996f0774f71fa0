/** The toolbar badge: today's energy in Wh. */
import { browser } from 'wxt/browser';

/** At most 4 characters: "0", "0.4", "12", "345", "1.2k", "12k". */
export function formatBadgeWh(wh: number): string {
  if (!(wh > 0)) return '0';
  if (wh < 0.05) return '<.1';
  if (wh < 10) return wh.toFixed(1).replace(/\.0$/, '');
  if (wh < 999.5) return String(Math.round(wh));
  if (wh < 9950) return `${(wh / 1000).toFixed(1).replace(/\.0$/, '')}k`;
  return `${Math.round(wh / 1000)}k`;
}

export function badgeTitle(wh: number): string {
  // Number() drops trailing decimal zeros only (120 stays 120); large values keep their digits.
  return `AI Chat Footprint: ${wh >= 1000 ? Math.round(wh).toLocaleString('en-US') : String(Number(wh.toPrecision(3)))} Wh today`;
}

export async function showTodayOnBadge(todayEnergyKwh: number): Promise<void> {
  const wh = todayEnergyKwh * 1000;
  // MV3 (Chrome) has action; Firefox MV2 has browserAction.
  const action = browser.action ?? (browser as unknown as { browserAction: typeof browser.action }).browserAction;
  if (!action) return;
  await action.setBadgeText({ text: formatBadgeWh(wh) });
  await action.setTitle({ title: badgeTitle(wh) });
}
