/**
 * siteHealth v1 -> v2: the reason was the tracker's English sentence, now it is a code the UI says in
 * its language. Every sentence v1 wrote maps to its code by its wording, anything else to `unknown`;
 * the popup, which reads the key raw before the worker migrates it, reads a v1 value as well.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { HEALTH_REASONS, PopupStateSchema, SiteHealthSchema } from '../../../src/domain';
import { readPopupState } from '../../../src/ledger/popup-state';
import { memoryKeyStore } from '../../support/key-store';
import { migrateSiteHealthV1toV2 } from '../../../src/storage/site-health-migrations';

/** The code one stored v1 report's reason migrates to. */
const storedHealthReason = (reason: unknown) => migrateSiteHealthV1toV2({ claude: { site: 'claude', status: 'not-recognized', reason, at: 1 } }).claude?.reason;

/** Every reason sentence v1 stored (src/tracking/recognize.ts, tracker.ts and meta.ai's adapter before v2), with the code it means. */
const V1_SENTENCES: Array<[string, string]> = [
  ['On claude.ai, a prompt reads as empty: the page layout is not recognized (it may have changed), so nothing is counted.', 'prompt-empty'],
  [
    'On chatgpt.com, prompts read as their heading only, not as what was typed: the page layout is not recognized, so nothing is counted.',
    'prompt-heading-only',
  ],
  ['On chat.deepseek.com, every prompt reads as the same short text: the page layout is not recognized, so nothing is counted.', 'prompts-same-label'],
  ['On chat.mistral.ai, an answer finished but its text was not found: the page layout is not recognized, so nothing is counted.', 'answer-empty'],
  ['A prompt was sent on gemini.google.com but no chat messages were found on the page: its layout is not recognized (it may have changed).', 'no-messages'],
  ['meta.ai: the page is not recognized: no chat messages were found (neither [data-message-id] messages nor [role=article] turns).', 'no-messages'],
  ['A prompt was sent on claude.ai but no finished answer was found within 3 minutes, so nothing was counted.', 'answer-timeout'],
  ['An answer on gemini.google.com started but did not finish within 3 minutes, so it was not counted.', 'answer-unfinished'],
];

const V1_VALUE = {
  claude: { site: 'claude', status: 'not-recognized', reason: V1_SENTENCES[0]![0], at: 20, unreadableReasoningLabel: 'Thought for a while' },
  meta: { site: 'meta', status: 'not-recognized', reason: V1_SENTENCES[5]![0], at: 30 },
  gemini: { site: 'gemini', status: 'not-recognized', reason: 'Some sentence no version of the tracker wrote.', at: 40 },
  chatgpt: { site: 'chatgpt', status: 'ok', reason: null, at: 10 },
};

beforeEach(() => fakeBrowser.reset());

describe('siteHealth v1 -> v2', () => {
  it.each(V1_SENTENCES)('maps "%s" to %s', (sentence, code) => {
    expect(storedHealthReason(sentence)).toBe(code);
  });

  it('maps anything else to unknown, and keeps codes and null as they are', () => {
    expect(storedHealthReason('The page broke.')).toBe('unknown');
    expect(storedHealthReason(42)).toBe('unknown');
    expect(storedHealthReason(null)).toBeNull();
    expect(storedHealthReason(undefined)).toBeNull();
    for (const code of HEALTH_REASONS) expect(storedHealthReason(code)).toBe(code);
  });

  it('migrates the stored item when the worker defines it: codes, the version 2, every other field kept', async () => {
    await fakeBrowser.storage.local.set({ siteHealth: V1_VALUE });
    vi.resetModules();
    const { siteHealthItem } = await import('../../../src/storage/items');
    const migrated = await siteHealthItem.getValue();
    expect(migrated).toEqual({
      claude: { site: 'claude', status: 'not-recognized', reason: 'prompt-empty', at: 20, unreadableReasoningLabel: 'Thought for a while' },
      meta: { site: 'meta', status: 'not-recognized', reason: 'no-messages', at: 30 },
      gemini: { site: 'gemini', status: 'not-recognized', reason: 'unknown', at: 40 },
      chatgpt: { site: 'chatgpt', status: 'ok', reason: null, at: 10 },
    });
    for (const h of Object.values(migrated)) expect(SiteHealthSchema.safeParse(h).success).toBe(true);
    expect((await fakeBrowser.storage.local.get('siteHealth$')).siteHealth$).toEqual({ v: 2 });
  });

  it('drops entries that are not health reports rather than fail', () => {
    expect(migrateSiteHealthV1toV2({ claude: 'broken', nowhere: { site: 'nowhere', status: 'ok', reason: null, at: 1 }, meta: V1_VALUE.meta })).toEqual({
      meta: { site: 'meta', status: 'not-recognized', reason: 'no-messages', at: 30 },
    });
    expect(migrateSiteHealthV1toV2(null)).toEqual({});
    expect(migrateSiteHealthV1toV2({ meta: { site: 'meta', status: 'maybe', at: 1 } })).toEqual({});
  });
});

describe('the popup before the worker migrated', () => {
  it('reads a v1 value raw into a valid popup state, with codes', async () => {
    await fakeBrowser.storage.local.set({ siteHealth: V1_VALUE });
    const state = await readPopupState({ now: () => Date.UTC(2026, 10, 3, 12), keyStore: memoryKeyStore() });
    expect(PopupStateSchema.safeParse(state).success).toBe(true);
    expect(Object.fromEntries(state.health.map((h) => [h.site, h.reason]))).toEqual({
      claude: 'prompt-empty',
      meta: 'no-messages',
      gemini: 'unknown',
      chatgpt: null,
    });
    // Nothing was written: migrating is the worker's.
    expect((await fakeBrowser.storage.local.get('siteHealth')).siteHealth).toEqual(V1_VALUE);
  });

  it('reads a value that is not an object at all as no reports', async () => {
    await fakeBrowser.storage.local.set({ siteHealth: 'garbage' });
    const state = await readPopupState({ now: () => Date.UTC(2026, 10, 3, 12), keyStore: memoryKeyStore() });
    expect(state.health).toEqual([]);
  });
});
