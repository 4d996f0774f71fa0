import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { estimateResearch } from '../../../../src/features/research/rules';
import { estimateSearch } from '../../../../src/features/search/rules';
import { estimateSiteVideo } from '../../../../src/features/video/rules';
import { estimateVoice } from '../../../../src/features/voice/rules';
import type { Counting } from '../../../../src/counting/count-turn';
import { countingHandlers } from '../../../../src/counting/handlers';
import type { ConversationState, CountedTurn, TurnCompleted } from '../../../../src/domain';
import { siteHealthItem } from '../../../../src/storage/items';
import { newCounting } from '../../../support/counting';

const turn = (n: number, extra: Partial<TurnCompleted> = {}): TurnCompleted => ({
  site: 'chatgpt',
  conversationId: 'conv-1',
  turnId: `a${n}`,
  promptId: `u${n}`,
  modelLabel: 'gpt-4o',
  promptText: `Question number ${n}?`,
  answerText: `Answer number ${n}.`,
  finishedAt: 1_700_000_000_000 + n,
  ...extra,
});

let counting: Counting;
beforeEach(() => {
  fakeBrowser.reset();
  counting = newCounting();
});

async function countTurn(t: TurnCompleted, c = counting): Promise<CountedTurn> {
  const { counted, persisted } = await c.countTurn(t);
  await persisted;
  return counted;
}

async function stored(site: string, id: string): Promise<ConversationState> {
  const key = `conversation:${site}:${id}`;
  return (await fakeBrowser.storage.local.get(key))[key] as ConversationState;
}

const value = <T>(r: { ok: true; value: T } | { ok: false }): T => {
  if (!r.ok) throw new Error('expected an estimate');
  return r.value;
};

describe('work out of sight, counted apart from the text', () => {
  it('leaves a turn without any exactly as before: no extras, nothing carried', async () => {
    const plain = await countTurn(turn(1));
    expect(plain.extras).toBeUndefined();
    expect((await stored('chatgpt', 'conv-1')).carried).toBeUndefined();
  });

  it("counts a search's retrieved content by the site's rule, only on its own turn where it does not stay in context", async () => {
    const searched = await countTurn(turn(1, { hiddenWork: { search: { searches: 3, sources: 12 } } }));
    const rule = value(estimateSearch('chatgpt', 3));
    expect(rule.input_tokens).toBe(24_000);
    expect(searched.extras).toEqual({ search: { searches: 3, tokens: 24_000, historyTokens: 0, rule: 'search-proxy-openai-block' } });
    // The text is counted as before.
    const plain = await newCounting().countTurn(turn(1, { conversationId: 'other' }));
    expect({ ...searched, extras: undefined, conversationId: 'other' }).toEqual({ ...plain.counted, extras: undefined });
    expect((await countTurn(turn(2))).extras).toBeUndefined();
  });

  it(
    'carries search content that stays in the context to every later turn, once per turn, across resends, revisions and a restart',
    { timeout: 120_000 },
    async () => {
      const claude = (n: number, extra: Partial<TurnCompleted> = {}) => turn(n, { site: 'claude', modelLabel: null, ...extra });
      const first = await countTurn(claude(1, { hiddenWork: { search: { searches: 2 } } }));
      expect(first.extras?.search).toEqual({ searches: 2, tokens: 16_000, historyTokens: 0, rule: 'search-proxy-openai-block' });
      // Resent: the same count, nothing carried twice.
      await countTurn(claude(1, { hiddenWork: { search: { searches: 2 } } }));
      // A revision that read one more search replaces what the turn carries.
      const revised = await countTurn(claude(1, { revision: 1, hiddenWork: { search: { searches: 3 } } }));
      expect(revised.extras?.search).toMatchObject({ searches: 3, tokens: 24_000, historyTokens: 0 });
      expect((await stored('claude', 'conv-1')).carried?.searchTokens).toBe(24_000);
      // A worker the browser stopped reads it back from storage.
      const later = await countTurn(claude(2), newCounting());
      expect(later.extras?.search).toEqual({ searches: 0, tokens: 0, historyTokens: 24_000, rule: 'search-proxy-openai-block' });
      // A regenerated answer to the same prompt drops the searches of the answer it replaces.
      const regenerated = await countTurn(claude(3, { promptId: 'u2', hiddenWork: { search: { searches: 1 } } }));
      expect(regenerated.extras?.search).toMatchObject({ searches: 1, tokens: 8_000, historyTokens: 24_000 });
      expect((await stored('claude', 'conv-1')).carried?.searchTokens).toBe(32_000);
      const again = await countTurn(claude(4, { promptId: 'u2', hiddenWork: { search: { searches: 2 } } }));
      expect(again.extras?.search).toMatchObject({ searches: 2, tokens: 16_000, historyTokens: 24_000 });
      expect((await stored('claude', 'conv-1')).carried?.searchTokens).toBe(40_000);
    },
  );

  it('counts a research run at the low end of its range and keeps the high end', async () => {
    const run = value(estimateResearch(1));
    const counted = await countTurn(turn(1, { hiddenWork: { research: { runs: 1, sources: 40, searches: 12, seconds: 480 } } }));
    expect(counted.extras).toEqual({ research: { runs: 1, tokens: run.low_tokens, highTokens: run.high_tokens, rule: 'research-run-vendor-range' } });
    expect(run.low_tokens).toBe(300_000);
  });

  it('counts a voice exchange as audio tokens where the site has a rule, and the transcript (said in health) where it has none', async () => {
    const spoken = {
      exchanges: [
        { userSeconds: 4, assistantSeconds: 6.5 },
        { userSeconds: 2, assistantSeconds: 3 },
      ],
    };
    const audio = value(
      estimateVoice('chatgpt', [
        { user_seconds: 4, assistant_seconds: 6.5 },
        { user_seconds: 2, assistant_seconds: 3 },
      ]),
    );
    // 40 + 130 said before the second response, 20 new: 210 input; 130 + 60 output.
    expect([audio.input_tokens, audio.output_tokens]).toEqual([40 + 170 + 20, 130 + 60]);
    const handlers = countingHandlers({ counting, record: async () => {} });
    const recorded: CountedTurn[] = [];
    const record = async (t: CountedTurn) => void recorded.push(t);
    await countingHandlers({ counting, record })['turn/completed']!(turn(1, { hiddenWork: { voice: spoken } }), {});
    expect(recorded[0].extras).toEqual({ voice: { inputTokens: 230, outputTokens: 190, rule: 'voice-openai-realtime' } });
    await handlers['turn/completed']!(turn(2, { site: 'deepseek', conversationId: 'd', modelLabel: null, hiddenWork: { voice: spoken } }), {});
    const health = await siteHealthItem.getValue();
    expect(health.deepseek?.uncountedWork).toEqual({ voice: { code: 'no-rule', at: turn(2).finishedAt } });
  }, 120_000);

  it("counts a generated video by the site's model, of the length the page shows or the site's usual one", async () => {
    const counted = await countTurn(turn(1, { hiddenWork: { videos: [{ seconds: 4 }, {}] } }));
    const four = value(estimateSiteVideo('chatgpt', { seconds: 4 }));
    const usual = value(estimateSiteVideo('chatgpt'));
    expect(counted.extras?.video).toEqual({
      videos: 2,
      seconds: 4 + usual.seconds,
      wh: four.wh.central + usual.wh.central,
      whLow: four.wh.low + usual.wh.low,
      whHigh: four.wh.high + usual.wh.high,
      rule: 'video-ecologits',
    });
  });

  it('reports work the page showed in a form its reader could not read, and work on a site without a rule, never as a counted zero', async () => {
    const handlers = countingHandlers({ counting, record: async () => {} });
    await handlers['turn/completed']!(turn(1, { hiddenWork: { unreadable: ['search', 'research'] } }), {});
    await handlers['turn/completed']!(turn(2, { hiddenWork: { videos: [{ seconds: 5 }] }, site: 'claude', modelLabel: null, conversationId: 'k' }), {});
    const health = await siteHealthItem.getValue();
    expect(health.chatgpt?.uncountedWork).toEqual({
      search: { code: 'unreadable', at: turn(1).finishedAt },
      research: { code: 'unreadable', at: turn(1).finishedAt },
    });
    expect(health.claude?.uncountedWork).toEqual({ video: { code: 'no-rule', at: turn(2).finishedAt } });
    // The page's next health report keeps the note.
    await handlers['site/health']!({ site: 'chatgpt', status: 'ok', reason: null, at: turn(3).finishedAt }, {});
    expect((await siteHealthItem.getValue()).chatgpt?.uncountedWork?.search).toEqual({ code: 'unreadable', at: turn(1).finishedAt });
  }, 120_000);
});
