/** settings v2 -> v3: the per-site page label switch arrives empty (every site on), nothing else changes. */
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { migrateSettingsV2toV3 } from '../../../src/storage/settings-migrations';

describe('settings v2 -> v3', () => {
  it('adds pageLabels, empty, and keeps every v2 setting', async () => {
    fakeBrowser.reset();
    const v2 = {
      region: 'eu-france',
      countHistory: false,
      estimateReasoning: false,
      modelOverrides: { claude: 'beta-opus-5' },
      remote: { enabled: false, baseUrl: '' },
    };
    await fakeBrowser.storage.local.set({ settings: v2, settings$: { v: 2 } });
    vi.resetModules();
    const { settingsItem } = await import('../../../src/storage/items');
    // v4, v5 and v6 follow at once (test/unit/ledger/budget.test.ts, test/unit/storage/settings-v5.test.ts, settings-v6.test.ts).
    expect(await settingsItem.getValue()).toEqual({
      ...v2,
      pageLabels: {},
      budget: { weeklyKwh: null, notify: false },
      countExtras: { attachments: true, search: true, research: true, voice: true, video: true },
      plans: {},
    });
    expect((await fakeBrowser.storage.local.get('settings$')).settings$).toEqual({ v: 6 });
  });

  it('migrates a v1 value through v2 to v3', () => {
    expect(migrateSettingsV2toV3({ region: 'global-avg', estimateReasoning: true })).toEqual({ region: 'global-avg', estimateReasoning: true, pageLabels: {} });
  });
});

describe('settings/update pageLabel', () => {
  it('switches one site off and on again, leaving the others on', async () => {
    fakeBrowser.reset();
    vi.resetModules();
    const { newLedger } = await import('../support/ledger');
    const ledger = newLedger();
    const updateSettings = ledger.updateSettings;
    const { settingsItem } = await import('../../../src/storage/items');
    await updateSettings({ pageLabel: { site: 'gemini', on: false } });
    expect((await settingsItem.getValue()).pageLabels).toEqual({ gemini: false });
    await updateSettings({ pageLabel: { site: 'gemini', on: true } });
    expect((await settingsItem.getValue()).pageLabels).toEqual({});
  });
});
