/**
 * A chat page that keeps only its newest turns mounted and mounts earlier ones as it scrolls up
 * (test/fixtures/sites/chatgpt-virtualized.html, at chatgpt.com), in each browser:
 * - first opened that way, the chat's history is what the page shows, marked incomplete in the
 *   counted turn and in the site's health, never exact;
 * - scrolled up, the earlier turns the page mounts (its newer ones unmounted) are history, never a
 *   new turn;
 * - a chat counted before and reopened that way keeps the history it has in storage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { ConversationState } from '../../../src/domain/conversation';
import type { SiteHealth } from '../../../src/domain/turns';
import type { DriverPage } from '../support/driver';
import type { ScenarioContext } from '../support/scenario-context';
import { CHATGPT } from '../support/chat-fixtures';
import { chunked, streamingFixture } from '../support/chat-pages';
import { send, storedValue } from '../support/extension-api';
import { waitFor } from '../support/wait';

interface Turn {
  user: { id: string; text: string };
  assistant: { id: string; text: string };
}

const TEMPLATE = streamingFixture('chatgpt-virtualized.html');
const DEFAULT_TURNS = JSON.parse(/<script type="application\/json" id="turns">([\s\S]*?)<\/script>/.exec(TEMPLATE)![1]!) as Turn[];
/** The page with these turns instead of its own. */
const pageWith = (turns: Turn[]): string =>
  TEMPLATE.replace(/(<script type="application\/json" id="turns">)[\s\S]*?(<\/script>)/, `$1${JSON.stringify(turns)}$2`);
const tokensOf = (turns: Turn[]): number => turns.reduce((n, t) => n + countTokens(t.user.text) + countTokens(t.assistant.text), 0);

const ANSWER = 'Offshore farms produce more, since the wind at sea is stronger and steadier.';

export function virtualizedScenario(ctx: ScenarioContext): void {
  describe('a chat page that mounts only its newest turns', () => {
    let ext: DriverPage;

    beforeAll(async () => {
      const b = ctx.browser();
      ext = await b.open(`${b.extensionOrigin}/popup.html`);
      expect(await send(ext, 'ledger/clear', { confirm: true })).toEqual({ ok: true, value: { ok: true } });
    });
    afterAll(async () => {
      await ext?.close();
      await ctx.browser().serveChatPage(CHATGPT.origin, CHATGPT.html);
    });

    const stored = (id: string): Promise<ConversationState | undefined> => storedValue<ConversationState>(ext, `conversation:chatgpt:${id}`);
    const health = async (): Promise<SiteHealth | undefined> => (await storedValue<Record<string, SiteHealth>>(ext, 'siteHealth'))?.chatgpt;
    const mounted = (page: DriverPage) => page.evaluate(() => (window as unknown as { __mounted(): number[] }).__mounted(), null);

    /** Sends a prompt and streams the answer; returns the conversation once it holds one more counted turn. */
    async function ask(page: DriverPage, id: string, prompt: string): Promise<ConversationState> {
      const before = Object.keys((await stored(id))?.turns ?? {}).length;
      await page.evaluate((paragraphs) => void ((window as unknown as { __nextAnswer: unknown }).__nextAnswer = { paragraphs }), [chunked(ANSWER)]);
      await page.fill(CHATGPT.promptBox, prompt);
      await page.click('[data-send]');
      await page.waitForFunction(() => (window as unknown as { __streamDone: number }).__streamDone >= 1, 30_000);
      return waitFor(`turn ${before + 1} of ${id} counted`, async () => {
        const s = await stored(id);
        return s && Object.keys(s.turns).length === before + 1 && s;
      });
    }
    const newest = (s: ConversationState) =>
      Object.values(s.turns)
        .sort((a, b) => a.time - b.time)
        .at(-1)!;

    it('first opened showing only its last turns: counts on what it shows, marked incomplete; scrolled up, earlier turns are history, never a new turn', async () => {
      const id = 'e2e-virtual-first-seen';
      await ctx.browser().serveChatPage(CHATGPT.origin, pageWith(DEFAULT_TURNS));
      const page = await ctx.browser().open(`${CHATGPT.origin}/c/${id}`);
      expect(await mounted(page)).toEqual([9, 10, 11, 12]);
      const shown = tokensOf(DEFAULT_TURNS.slice(4));
      const seeded = await waitFor('the seed of the turns shown', async () => {
        const s = await stored(id);
        return s?.historyTokens === shown && s;
      });
      expect(seeded.history).toBe('incomplete');

      const prompt = 'Do offshore wind farms produce more?';
      const first = newest(await ask(page, id, prompt));
      expect(first).toMatchObject({ historyTokens: shown, promptTokens: countTokens(prompt), answerTokens: countTokens(ANSWER), historyIncomplete: true });
      expect(await waitFor('the health note', async () => (await health())?.historyIncomplete)).toEqual({ at: first.time });

      // Scrolled to the top: turns 1 to 4 mount, the newer ones (the counted turn's included) unmount.
      await page.evaluate(() => void (document.getElementById('scroller')!.scrollTop = 0), null);
      await waitFor('the earliest turns mounted', async () => JSON.stringify(await mounted(page)) === '[1,2,3,4]');
      const history = shown + countTokens(prompt) + countTokens(ANSWER);
      const grown = await waitFor('the earliest turns seeded as history', async () => {
        const s = await stored(id);
        return s?.historyTokens === history + tokensOf(DEFAULT_TURNS.slice(0, 2)) && s;
      });
      expect(Object.keys(grown.turns)).toEqual([first.turnId]);

      // Back at the bottom, the next prompt is the chat's second counted turn, on the history now known.
      await page.evaluate(() => void (document.getElementById('scroller')!.scrollTop = 1e6), null);
      const second = await ask(page, id, 'And how big are they?');
      expect(Object.keys(second.turns)).toHaveLength(2);
      expect(newest(second)).toMatchObject({ historyTokens: grown.historyTokens, historyIncomplete: true });
      await page.close();
    });

    it('counted before, then reopened showing only its last turns: keeps its history from storage, exact', async () => {
      const id = 'e2e-virtual-known';
      const opening = DEFAULT_TURNS.slice(0, 2).map((t, i) => ({
        user: { ...t.user, id: `k${i}-u` },
        assistant: { ...t.assistant, id: `k${i}-a` },
      }));
      await ctx.browser().serveChatPage(CHATGPT.origin, pageWith(opening));
      const page = await ctx.browser().open(`${CHATGPT.origin}/c/${id}`);
      expect(await mounted(page)).toEqual([1, 2, 3, 4]);
      await waitFor('the seed', async () => (await stored(id))?.historyTokens === tokensOf(opening));
      const prompt = 'How much water does a wind farm use?';
      const counted = await ask(page, id, prompt);
      expect(counted.history).toBeUndefined();
      const turn = newest(counted);
      await page.close();

      // Reopened: the page holds the turn counted here with its ids, and mounts only the newest four messages.
      const promptId = Object.entries(counted.prompts ?? {}).find(([, p]) => p.answerId === turn.turnId)![0];
      const reopened = [...opening, { user: { id: promptId, text: prompt }, assistant: { id: turn.turnId, text: ANSWER } }];
      await ctx.browser().serveChatPage(CHATGPT.origin, pageWith(reopened));
      const again = await ctx.browser().open(`${CHATGPT.origin}/c/${id}`);
      expect(await mounted(again)).toEqual([3, 4, 5, 6]);
      const next = newest(await ask(again, id, 'And a solar farm?'));
      expect(next.historyTokens).toBe(tokensOf(opening) + countTokens(prompt) + countTokens(ANSWER));
      expect(next.historyIncomplete).toBeUndefined();
      expect((await stored(id))?.history).toBeUndefined();
      await again.close();
    });
  });
}
