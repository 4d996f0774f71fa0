/**
 * The numbers that point somewhere, in each browser, with the real worker: after answers streamed
 * in two chatgpt.com chats (fixture page at its real host URL), the popup lists both chats,
 * costliest first, with links that open each chat at the URL it was counted at; a long chat (the
 * fixture with forty earlier exchanges on the page) gets the label's new-chat tip; and a weekly
 * budget turns the badge amber at 80% and red at 100%.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyShare, newChatTip } from '../../../src/core/what-if';
import { countedLabelTexts } from '../../../src/label/texts';
import { formatShare } from '../../../src/display';
import type { DriverPage } from '../support/driver';
import { chunked } from '../support/chat-pages';
import { waitFor } from '../support/wait';
import { useCatalog } from '../../support/messages';
import { CHATGPT } from '../support/chat-fixtures';
import type { ScenarioContext } from '../support/scenario-context';
import { badgeBackground, popupState, send, storedValue } from '../support/extension-api';

const CHAT_A = 'https://chatgpt.com/c/e2e-costly-a';
const CHAT_B = 'https://chatgpt.com/c/e2e-costly-b';
const CHAT_LONG = 'https://chatgpt.com/c/e2e-long-chat';
const ANSWER = ['A heat pump moves heat instead of making it.', 'It gives three to four units of heat for each unit of electricity.'];

/** The chatgpt.com fixture with `n` more exchanges on the page before the composer: a long chat the extension seeds as history. */
function longChat(n: number): string {
  const exchanges = Array.from({ length: n }, (_, i) => {
    const id = (k: number) => `e2e10000-0000-4000-8000-${String(2 * i + k).padStart(12, '0')}`;
    return `<article data-turn="user"><div data-message-author-role="user" data-message-id="${id(0)}"><div class="whitespace-pre-wrap">Tell me more about cooling, part ${i + 1}.</div></div></article>
<article data-turn="assistant"><div data-message-author-role="assistant" data-message-id="${id(1)}" data-message-model-slug="gpt-4o"><div class="markdown prose"><p>Part ${i + 1}: data centres cool their servers with air, chilled water or evaporation; evaporative towers use the most water, while dry coolers use more electricity on hot days, so the best choice depends on the local climate and the grid.</p></div></div></article>`;
  });
  return CHATGPT.html.replace('    </div>\n  </main>', `${exchanges.join('\n')}\n    </div>\n  </main>`);
}

const rgba = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).concat(255);

/** Tabs the extension sees at `url` (the chat hosts are its host permissions, so their URLs are visible). */
function tabsAt(page: DriverPage, url: string): Promise<number> {
  return page.evaluate(async (u) => {
    type Tabs = { tabs: { query(q: object): Promise<Array<{ url?: string; pendingUrl?: string }>> } };
    const api = (
      typeof (globalThis as { browser?: Tabs }).browser !== 'undefined'
        ? (globalThis as { browser?: Tabs }).browser
        : (globalThis as unknown as { chrome: Tabs }).chrome
    )!;
    return (await api.tabs.query({})).filter((t) => t.url === u || t.pendingUrl === u).length;
  }, url);
}

export function insightsScenario(ctx: ScenarioContext): void {
  describe('costliest chats, the new-chat tip and the budget’s badge', () => {
    let popup: DriverPage;

    beforeAll(async () => {
      const b = ctx.browser();
      await b.serveChatPage(CHATGPT.origin, CHATGPT.html);
      popup = await b.open(`${b.extensionOrigin}/popup.html`);
      await popup.setViewport(380, 600);
      expect(await send(popup, 'ledger/clear', { confirm: true })).toEqual({ ok: true, value: { ok: true } });
      expect(await send(popup, 'settings/update', { budget: { weeklyKwh: null, notify: false } })).toMatchObject({ ok: true });
    });
    afterAll(async () => {
      await send(popup, 'settings/update', { budget: { weeklyKwh: null, notify: false } }).catch(() => undefined);
      await popup?.close();
    });

    /** Opens `url`, waits for its history seed, streams one answer per prompt and waits until each is counted. */
    async function chat(url: string, prompts: string[]): Promise<void> {
      const conversationId = new URL(url).pathname.split('/').pop()!;
      const tab = await ctx.browser().open(url);
      await waitFor('the history seed', async () => (await storedValue(popup, `conversation:chatgpt:${conversationId}`)) !== undefined);
      for (const [i, prompt] of prompts.entries()) {
        const before = (await popupState(popup)).totals.today.turns;
        await tab.evaluate((paragraphs) => void ((window as unknown as { __nextAnswer: unknown }).__nextAnswer = { paragraphs }), ANSWER.map(chunked));
        await tab.fill(CHATGPT.promptBox, prompt);
        await tab.click('[data-send]');
        await waitFor(`stream ${i + 1}`, async () => (await tab.evaluate(() => (window as unknown as { __streamDone: number }).__streamDone, null)) === i + 1);
        await waitFor(`answer ${i + 1} in ${conversationId}`, async () => {
          const s = await popupState(popup);
          return s.totals.today.turns === before + 1 && s.lastTurn?.conversationId === conversationId;
        });
      }
      await tab.close();
    }

    it('lists the chats with the most energy, costliest first, with links that open them', async () => {
      await chat(CHAT_A, ['What does a heat pump do?', 'And in winter?']);
      await chat(CHAT_B, ['Is a heat pump loud?']);

      await popup.goto(`${ctx.browser().extensionOrigin}/popup.html`);
      await popup.waitForSelector('[data-testid="costliest-chat"]', 15_000);
      await popup.waitForFunction(() => document.querySelectorAll('[data-testid="costliest-chat"]').length === 2, 10_000);
      const rows = await popup.evaluate(
        () =>
          [...document.querySelectorAll('[data-testid="costliest-chat"]')].map((li) => ({
            text: (li.textContent ?? '').replace(/\s+/g, ' '),
            href: li.querySelector('a')?.getAttribute('href') ?? null,
          })),
        null,
      );
      // Chat A has two answers (the second re-reads the first): it took more energy.
      expect(rows.map((r) => r.href)).toEqual([CHAT_A, CHAT_B]);
      expect(rows[0]!.text).toMatch(/chatgpt\.com · 2 answers · history: \d+% of input/);
      expect(rows[1]!.text).toMatch(/chatgpt\.com · 1 answer/);

      expect(await tabsAt(popup, CHAT_B)).toBe(0);
      await popup.click('[data-testid="costliest-chat"]:nth-child(2) [data-testid="chat-link"]');
      await waitFor('the chat opened from its link', async () => (await tabsAt(popup, CHAT_B)) === 1);
    });

    it('suggests a new chat on a long chat, with what the next answer would take there', async () => {
      await ctx.browser().serveChatPage(CHATGPT.origin, longChat(40));
      try {
        const tab = await ctx.browser().open(CHAT_LONG);
        await waitFor('the long history seed', async () => {
          const v = await storedValue<{ historyTokens?: number }>(popup, 'conversation:chatgpt:e2e-long-chat');
          return (v?.historyTokens ?? 0) > 2000;
        });
        await tab.evaluate((paragraphs) => void ((window as unknown as { __nextAnswer: unknown }).__nextAnswer = { paragraphs }), ANSWER.map(chunked));
        await tab.fill(CHATGPT.promptBox, 'What does a heat pump do?');
        await tab.click('[data-send]');
        await tab.waitForFunction(() => (window as unknown as { __streamDone: number }).__streamDone === 1, 30_000);
        await tab.waitForFunction(() => document.querySelector('ai-footprint-label[data-tip="new-chat"]') !== null, 15_000);

        const last = (await popupState(popup)).lastTurn!;
        expect(last.conversationId).toBe('e2e-long-chat');
        const label = await tab.evaluate(() => {
          const root = document.querySelector('ai-footprint-label[data-tip="new-chat"]')!.shadowRoot!;
          return {
            summary: root.querySelector('button')!.textContent,
            details: root.querySelector('.details')!.textContent,
            tip: root.querySelector('.tip')!.textContent,
          };
        }, null);
        // The worker formatted the texts from the recorded turn: the same as the figures of its record give.
        useCatalog('en');
        const tip = newChatTip(last);
        expect(tip).not.toBeNull();
        const { energyKwh, carbonG, waterL, inputTokens, outputTokens } = last;
        const expected = countedLabelTexts({ energyKwh, carbonG, waterL, inputTokens, outputTokens, historyShare: historyShare(last), newChat: tip! }, 'en');
        expect(expected.tip).toBeDefined();
        expect(label).toEqual({ summary: expected.summary, details: expected.details, tip: expected.tip });
        expect(label.details).toContain(`history: ${formatShare(last.historyTokens / last.inputTokens, 'en')} of input`);
        expect(label.summary).toMatch(/ · a new chat saves \d+%$/);
        expect(label.tip).toMatch(
          /^Long chat: re-reading it took \d+% of this answer’s energy\. The next answer would take .+ in a new chat, instead of .+ here\.$/,
        );
        await tab.close();
      } finally {
        await ctx.browser().serveChatPage(CHATGPT.origin, CHATGPT.html);
      }
    });

    it('turns the badge amber at 80% of the weekly budget and red at 100%', async () => {
      const week = (await popupState(popup)).totals.last7.energyKwh;
      expect(week).toBeGreaterThan(0);
      // The icon's green (src/worker/badge.ts); amber and red are told apart from it and each other.
      const green = await badgeBackground(popup);
      expect(green).toEqual(rgba('#0b6e4f'));
      const same = (a: number[], b: number[]) => JSON.stringify(a) === JSON.stringify(b);

      expect(await send(popup, 'settings/update', { budget: { weeklyKwh: week / 0.85, notify: false } })).toMatchObject({ ok: true });
      await waitFor('the amber badge', async () => !same(await badgeBackground(popup), green));
      const amber = await badgeBackground(popup);
      expect((await popupState(popup)).settings.budget).toEqual({ weeklyKwh: week / 0.85, notify: false });

      expect(await send(popup, 'settings/update', { budget: { weeklyKwh: week / 1.2, notify: false } })).toMatchObject({ ok: true });
      await waitFor('the red badge', async () => {
        const now = await badgeBackground(popup);
        return !same(now, green) && !same(now, amber);
      });

      await popup.goto(`${ctx.browser().extensionOrigin}/popup.html`);
      await popup.waitForSelector('[data-testid="budget-progress"]');
      expect(await popup.text('[data-testid="budget-progress"]')).toMatch(/of .+ in the last 7 days \(120%\) Used up\./);

      expect(await send(popup, 'settings/update', { budget: { weeklyKwh: null, notify: false } })).toMatchObject({ ok: true });
      await waitFor('the green badge again', async () => same(await badgeBackground(popup), green));
    });
  });
}
