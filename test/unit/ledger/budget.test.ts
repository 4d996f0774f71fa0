/**
 * The weekly energy budget: its levels (80% and 100%), the settings that hold it (v3 -> v4, off by
 * default), the badge's colour after each turn and after a new budget, and the notification: once
 * when the budget is used up, only when turned on, never again until the level drops and rises.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BUDGET_FULL, BUDGET_NEAR, budgetJustUsedUp, budgetLevel, DEFAULT_BUDGET, type BudgetLevel } from '../../../src/domain/budget';
import { SettingsPatchSchema } from '../../../src/domain/popup';
import type { BudgetStatus } from '../../../src/ledger/ledger';
import { migrateSettingsV3toV4 } from '../../../src/storage/settings-migrations';
import { showTodayOnBadge } from '../../../src/worker/badge';
import { notifyBudgetUsedUp } from '../../../src/worker/budget-notification';
import { useCatalog } from '../../support/messages';
import { NOW, newLedger, resetBrowser, turn } from '../support/ledger';

beforeEach(resetBrowser);

describe('budget levels', () => {
  it('are off without a budget, near from 80%, over from 100%', () => {
    expect(BUDGET_NEAR).toBe(0.8);
    expect(BUDGET_FULL).toBe(1);
    expect(budgetLevel(5, { weeklyKwh: null })).toBe('off');
    expect(budgetLevel(0.79, { weeklyKwh: 1 })).toBe('under');
    expect(budgetLevel(0.8, { weeklyKwh: 1 })).toBe('near');
    expect(budgetLevel(0.99, { weeklyKwh: 1 })).toBe('near');
    expect(budgetLevel(1, { weeklyKwh: 1 })).toBe('over');
    expect(budgetJustUsedUp('near', 'over')).toBe(true);
    expect(budgetJustUsedUp('over', 'over')).toBe(false);
    expect(budgetJustUsedUp('over', 'near')).toBe(false);
  });

  /** The badge as the browser shows it at a budget level: its background [r, g, b, a] and text colour. */
  async function badgeAt(level: BudgetLevel) {
    await showTodayOnBadge(0.12, { level, usedKwh: 0.85, weeklyKwh: level === 'off' ? null : 1 });
    return { background: await fakeBrowser.action.getBadgeBackgroundColor({}), text: String(await fakeBrowser.action.getBadgeTextColor({})) }; // the fake browser keeps the text colour as it was set
  }

  it('colour the badge green, amber and red, white text readable on each', async () => {
    const green = await badgeAt('off');
    expect((await badgeAt('under')).background).toEqual(green.background);
    const luminance = (rgba: number[]) => {
      const [r, g, b] = rgba
        .slice(0, 3)
        .map((c) => c / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const seen = [green.background];
    for (const level of ['off', 'near', 'over'] as const) {
      const badge = await badgeAt(level);
      expect(badge.text.toLowerCase(), level).toBe('#ffffff');
      expect(1.05 / (luminance(badge.background) + 0.05), level).toBeGreaterThanOrEqual(4.5);
      if (level !== 'off') {
        expect(seen, level).not.toContainEqual(badge.background);
        seen.push(badge.background);
      }
    }
  });

  it('put the budget’s share in the badge’s title', async () => {
    useCatalog('en');
    await showTodayOnBadge(0.12, { level: 'near', usedKwh: 0.85, weeklyKwh: 1 });
    expect((await fakeBrowser.action.getTitle({})).replace(/\s/g, ' ')).toBe('AI Chat Footprint: ≈ 120 Wh today · 85% of the weekly budget');
    await showTodayOnBadge(0.12, { level: 'off', usedKwh: 0.85, weeklyKwh: null });
    expect((await fakeBrowser.action.getTitle({})).replace(/\s/g, ' ')).toBe('AI Chat Footprint: ≈ 120 Wh today');
  });
});

describe('the budget setting', () => {
  it('arrives off with settings v4, every v3 setting kept', async () => {
    const v3 = {
      region: 'eu-france',
      countHistory: true,
      estimateReasoning: false,
      modelOverrides: {},
      pageLabels: { gemini: false },
      remote: { enabled: false, baseUrl: '' },
    };
    expect(migrateSettingsV3toV4(v3)).toEqual({ ...v3, budget: DEFAULT_BUDGET });
    await fakeBrowser.storage.local.set({ settings: v3, settings$: { v: 3 } });
    vi.resetModules();
    const { settingsItem } = await import('../../../src/storage/items');
    // v5 follows at once (test/unit/storage/settings-v5.test.ts).
    expect(await settingsItem.getValue()).toEqual({
      ...v3,
      budget: { weeklyKwh: null, notify: false },
      countExtras: { attachments: true, search: true, research: true, voice: true, video: true },
      plans: {},
    });
    expect((await fakeBrowser.storage.local.get('settings$')).settings$).toEqual({ v: 6 });
  });

  it('is set and turned off through settings/update; a budget off takes its notification with it', async () => {
    const ledger = newLedger();
    await ledger.updateSettings({ budget: { weeklyKwh: 0.05, notify: true } });
    expect((await ledger.popupState()).settings.budget).toEqual({ weeklyKwh: 0.05, notify: true });
    await ledger.updateSettings({ budget: { weeklyKwh: null, notify: true } });
    expect((await ledger.popupState()).settings.budget).toEqual({ weeklyKwh: null, notify: false });
  });

  it('refuses a budget of 0 or below at the boundary', () => {
    expect(SettingsPatchSchema.safeParse({ budget: { weeklyKwh: 0, notify: false } }).success).toBe(false);
    expect(SettingsPatchSchema.safeParse({ budget: { weeklyKwh: -1, notify: false } }).success).toBe(false);
    expect(SettingsPatchSchema.safeParse({ budget: { weeklyKwh: 0.5, notify: false } }).success).toBe(true);
  });
});

describe('the badge and the notification follow the budget', () => {
  it('turns the badge amber at 80% and red at 100%, and notifies once when used up', async () => {
    const shown: BudgetStatus[] = [];
    const notified: BudgetStatus[] = [];
    const ledger = newLedger({
      onTodayChanged: async (kwh, budget) => {
        shown.push(budget);
        await showTodayOnBadge(kwh, budget);
      },
      onBudgetUsedUp: (b) => void notified.push(b),
    });
    const first = await ledger.record(turn({ time: NOW - 60_000 }));
    if (!first.recorded) throw new Error('not recorded');
    const perTurn = first.entry.energyKwh;
    expect(shown.at(-1)!.level).toBe('off');

    // A budget of 4.5 turns: 2 turns are 44%, 4 are 89%, 5 are 111%.
    await ledger.updateSettings({ budget: { weeklyKwh: perTurn * 4.5, notify: true } });
    await ledger.record(turn({ time: NOW - 50_000 }));
    expect(shown.at(-1)!.level).toBe('under');
    await ledger.record(turn({ time: NOW - 40_000 }));
    await ledger.record(turn({ time: NOW - 30_000 }));
    expect(shown.at(-1)).toMatchObject({ level: 'near', weeklyKwh: perTurn * 4.5 });
    expect(shown.at(-1)!.usedKwh).toBeCloseTo(4 * perTurn, 12);
    expect(notified).toHaveLength(0);
    await ledger.record(turn({ time: NOW - 20_000 }));
    expect(shown.at(-1)!.level).toBe('over');
    expect(notified).toHaveLength(1);
    await ledger.record(turn({ time: NOW - 10_000 }));
    expect(notified).toHaveLength(1);
    expect((await fakeBrowser.storage.local.get('budget-alert'))['budget-alert']).toEqual({ level: 'over' });

    // A larger budget brings the level down at once; used up again, it notifies again.
    await ledger.updateSettings({ budget: { weeklyKwh: perTurn * 10, notify: true } });
    expect(shown.at(-1)!.level).toBe('under');
    await ledger.updateSettings({ budget: { weeklyKwh: perTurn * 2, notify: true } });
    expect(notified).toHaveLength(2);
  });

  it('notifies nobody when the notification is off', async () => {
    const notified: BudgetStatus[] = [];
    const ledger = newLedger({ onTodayChanged: () => undefined, onBudgetUsedUp: (b) => void notified.push(b) });
    await ledger.updateSettings({ budget: { weeklyKwh: 1e-9, notify: false } });
    await ledger.record(turn({ time: NOW - 1000 }));
    expect(notified).toHaveLength(0);
  });

  it('counts the last 7 days, not older ones', async () => {
    const shown: BudgetStatus[] = [];
    const ledger = newLedger({ onTodayChanged: (_k, b) => void shown.push(b) });
    const old = await ledger.record(turn({ time: NOW - 7 * 86_400_000 - 1000 }));
    const recent = await ledger.record(turn({ time: NOW - 6 * 86_400_000 }));
    await ledger.updateSettings({ budget: { weeklyKwh: 1, notify: false } });
    if (!old.recorded || !recent.recorded) throw new Error('not recorded');
    expect(shown.at(-1)!.usedKwh).toBeCloseTo(recent.entry.energyKwh, 12);
  });
});

describe('the budget’s notification', () => {
  it('is shown only with the notifications permission, in the UI language', async () => {
    useCatalog('en');
    const created: Array<{ id: string; options: { title: string; message: string } }> = [];
    const api = fakeBrowser as unknown as {
      permissions: { contains: (p: { permissions: string[] }) => Promise<boolean> };
      notifications: { create: (id: string, o: { title: string; message: string }) => Promise<string> };
    };
    // WXT's fake browser has no permission prompt and no notification centre: both are stood in for here.
    const granted = { value: false };
    vi.spyOn(api.permissions, 'contains').mockImplementation(async (p) => granted.value && p.permissions.includes('notifications'));
    api.notifications.create = async (id, options) => {
      created.push({ id, options });
      return id;
    };
    const budget = { level: 'over' as const, usedKwh: 0.0123, weeklyKwh: 0.01 };
    await notifyBudgetUsedUp(budget);
    expect(created).toEqual([]);
    granted.value = true;
    await notifyBudgetUsedUp(budget);
    expect(created).toHaveLength(1);
    // One id: a notification shown again replaces the one before.
    await notifyBudgetUsedUp(budget);
    expect(created.map((c) => c.id)).toEqual([created[0]!.id, created[0]!.id]);
    created.pop();
    expect(created[0]!.options.title).toBe('Weekly energy budget used up');
    expect(created[0]!.options.message.replace(/\s/g, ' ')).toBe('≈ 12 Wh in the last 7 days, of a budget of ≈ 10 Wh.');
  });
});
