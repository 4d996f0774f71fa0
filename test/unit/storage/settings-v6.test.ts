/** settings v5 -> v6: the per-site plan that picks a context window; none chosen, so each site's most common plan. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { contextWindowFor, sitePlans } from '../../../src/core/context-windows';
import { migrateSettingsV5toV6 } from '../../../src/storage/settings-migrations';

const V5 = {
  region: 'eu-france',
  countHistory: true,
  estimateReasoning: false,
  modelOverrides: { claude: 'beta-opus-5' },
  pageLabels: { gemini: false },
  remote: { enabled: false, baseUrl: '' },
  budget: { weeklyKwh: 0.05, notify: false },
  countExtras: { attachments: true, search: false, research: true, voice: true, video: true },
};

describe('settings v5 -> v6', () => {
  beforeEach(() => fakeBrowser.reset());

  it('adds plans with none chosen, keeps every v5 setting, and stores version 6', async () => {
    expect(migrateSettingsV5toV6(V5)).toEqual({ ...V5, plans: {} });
    await fakeBrowser.storage.local.set({ settings: V5, settings$: { v: 5 } });
    vi.resetModules();
    const { settingsItem } = await import('../../../src/storage/items');
    expect(await settingsItem.getValue()).toEqual({ ...V5, plans: {} });
    expect((await fakeBrowser.storage.local.get('settings$')).settings$).toEqual({ v: 6 });
  });

  it('a v4 record goes through both migrations', async () => {
    const { countExtras: _dropped, ...v4 } = V5;
    await fakeBrowser.storage.local.set({ settings: v4, settings$: { v: 4 } });
    vi.resetModules();
    const { settingsItem } = await import('../../../src/storage/items');
    const value = await settingsItem.getValue();
    expect(value.plans).toEqual({});
    expect(value.countExtras.search).toBe(true);
  });
});

describe('settings/update plan', () => {
  beforeEach(() => fakeBrowser.reset());

  it('sets a plan the site publishes a window for, refuses one it does not, and null goes back to the default', async () => {
    vi.resetModules();
    const { newLedger } = await import('../support/ledger');
    const ledger = newLedger();
    const updateSettings = ledger.updateSettings;
    const { settingsItem } = await import('../../../src/storage/items');
    expect(sitePlans('chatgpt')!.defaultPlan).toBe('free');
    await updateSettings({ plan: { site: 'chatgpt', plan: 'pro' } });
    const { plans } = await settingsItem.getValue();
    expect(plans).toEqual({ chatgpt: 'pro' });
    expect(contextWindowFor('chatgpt', 'alpha-5.6-terra', plans.chatgpt).tokens).toBe(128_000);
    await expect(updateSettings({ plan: { site: 'chatgpt', plan: 'platinum' } })).rejects.toMatchObject({ code: 'INVALID_PLAN' });
    await expect(updateSettings({ plan: { site: 'gemini', plan: 'free' } })).rejects.toMatchObject({ code: 'INVALID_PLAN' });
    await updateSettings({ plan: { site: 'chatgpt', plan: null } });
    expect((await settingsItem.getValue()).plans).toEqual({});
  });
});
