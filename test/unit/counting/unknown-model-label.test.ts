/**
 * A model label no rule of data/site-models.json knows (another language, a new model, a bot's name):
 * the turn is counted with the site's default model, and the site's health says so, in the popup too.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Counting } from '../../../src/counting/count-turn';
import type { TurnCompleted } from '../../../src/domain';
import { countingHandlers } from '../../../src/counting/handlers';
import { writeSiteHealth } from '../../../src/counting/health';
import { resolveModel, unknownModelLabel } from '../../../src/counting/models';
import { healthRows } from '../../../src/popup/view';
import { siteHealthItem } from '../../../src/storage/items';
import { storedSiteHealthMap } from '../../../src/storage/site-health-migrations';
import { forgetDefinedItems } from '../support/ledger';
import { newCounting } from '../../support/counting';
import { useCatalog } from '../../support/messages';

const turn = (n: number, modelLabel: string | null): TurnCompleted => ({
  site: 'kimi',
  conversationId: 'chat-1',
  turnId: `a${n}`,
  promptId: `u${n}`,
  modelLabel,
  promptText: `Question ${n}.`,
  answerText: `Answer ${n}.`,
  finishedAt: 1_700_000_000_000 + n,
});

let counting: Counting;
beforeEach(() => {
  fakeBrowser.reset();
  forgetDefinedItems();
  counting = newCounting();
});

describe('a model label no rule knows', () => {
  it('is named as unknown only when a label is shown, matches no rule and the user picked no model', () => {
    expect(unknownModelLabel('kimi', '长思考', {})).toBe('长思考');
    expect(unknownModelLabel('kimi', 'K2.6', {})).toBeNull();
    expect(unknownModelLabel('kimi', null, {})).toBeNull();
    expect(unknownModelLabel('kimi', '  ', {})).toBeNull();
    expect(unknownModelLabel('kimi', '长思考', { kimi: 'custom' })).toBeNull();
    expect(unknownModelLabel('chatgpt', 'ChatGPT', {})).toBe('ChatGPT');
  });

  it('counts the turn with the site’s default model and notes the label in the site’s health, kept through the next report', async () => {
    const recorded: string[] = [];
    const handlers = countingHandlers({ counting, record: async (t) => void recorded.push(`${t.turnId} ${t.modelKey} ${t.customWhPer1k}`) });
    await handlers['turn/completed']!(turn(1, '长思考'), {} as never);
    const defaults = resolveModel('kimi', null, {});
    expect(recorded).toEqual([`a1 ${defaults.modelKey} ${defaults.customWhPer1k}`]);
    expect((await siteHealthItem.getValue()).kimi?.unknownModelLabel).toEqual({ label: '长思考', at: 1_700_000_000_001 });
    await writeSiteHealth({ site: 'kimi', status: 'ok', reason: null, at: 1_700_000_000_100 });
    expect((await siteHealthItem.getValue()).kimi?.unknownModelLabel?.label).toBe('长思考');
  });

  it('a known label notes nothing', async () => {
    const handlers = countingHandlers({ counting, record: async () => undefined });
    await handlers['turn/completed']!(turn(1, 'K2.6'), {} as never);
    expect((await siteHealthItem.getValue()).kimi).toBeUndefined();
  });

  it('the popup says it in the UI language; a stored note that is not one is dropped when read', () => {
    const health = [{ site: 'kimi' as const, status: 'ok' as const, reason: null, at: 2, unknownModelLabel: { label: '长思考', at: 2 } }];
    useCatalog('en');
    expect(healthRows(health).find((r) => r.site === 'kimi')!.text).toContain('The model “长思考” the page named is not one the extension knows');
    useCatalog('zh_CN');
    expect(healthRows(health, 'zh-CN').find((r) => r.site === 'kimi')!.text).toContain('页面显示的模型“长思考”');
    useCatalog('en');
    expect(storedSiteHealthMap({ kimi: { ...health[0], unknownModelLabel: { label: 3 } } }).kimi).not.toHaveProperty('unknownModelLabel');
    expect(storedSiteHealthMap({ kimi: health[0] }).kimi?.unknownModelLabel).toEqual({ label: '长思考', at: 2 });
  });
});
