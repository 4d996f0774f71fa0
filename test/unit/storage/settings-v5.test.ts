/** settings v4 -> v5: counting beyond a turn's text arrives with every part on; settings/update switches parts one by one. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { EXTRA_KINDS } from '../../../src/domain/settings';
import { migrateSettingsV4toV5 } from '../../../src/storage/settings-migrations';

const V4 = {
  region: 'eu-france',
  countHistory: false,
  estimateReasoning: true,
  modelOverrides: { claude: 'beta-opus-5' },
  pageLabels: { gemini: false },
  remote: { enabled: false, baseUrl: '' },
  budget: { weeklyKwh: 0.05, notify: false },
};
const ALL_ON = { attachments: true, search: true, research: true, voice: true, video: true };

describe('settings v4 -> v5', () => {
  beforeEach(() => fakeBrowser.reset());

  it('adds countExtras with every part on, and keeps every v4 setting', async () => {
    expect(Object.keys(ALL_ON).sort()).toEqual([...EXTRA_KINDS].sort());
    expect(migrateSettingsV4toV5(V4)).toEqual({ ...V4, countExtras: ALL_ON });
    await fakeBrowser.storage.local.set({ settings: V4, settings$: { v: 4 } });
    vi.resetModules();
    const { settingsItem } = await import('../../../src/storage/items');
    // v6 follows at once (settings-v6.test.ts).
    expect(await settingsItem.getValue()).toEqual({ ...V4, countExtras: ALL_ON, plans: {} });
    expect((await fakeBrowser.storage.local.get('settings$')).settings$).toEqual({ v: 6 });
  });
});

describe('settings/update countExtras', () => {
  beforeEach(() => fakeBrowser.reset());

  it('switches the parts it names and leaves the others as they are', async () => {
    vi.resetModules();
    const { newLedger } = await import('../support/ledger');
    const ledger = newLedger();
    const updateSettings = ledger.updateSettings;
    const { settingsItem } = await import('../../../src/storage/items');
    await updateSettings({ countExtras: { attachments: false, video: false } });
    expect((await settingsItem.getValue()).countExtras).toEqual({ ...ALL_ON, attachments: false, video: false });
    await updateSettings({ countExtras: { attachments: true } });
    expect((await settingsItem.getValue()).countExtras).toEqual({ ...ALL_ON, video: false });
  });
});
