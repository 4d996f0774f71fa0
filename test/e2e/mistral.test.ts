/**
 * Le Chat in Chromium at chat.mistral.ai (a fixture page, no network), with the built extension: the 2026
 * page at a /work/ URL, then a second chat in the same tab. An answer that pauses midway is counted once, complete.
 */
import { describe, expect, it } from 'vitest';
import { ANSWER, seededConversation, serveFixture, streamAnswer, THINK, useExtension } from './support/streamed-site';
import { siteCounter, siteTokens } from './support/site-tokens';
import { waitFor } from './support/wait';

const site = useExtension();

describe('Le Chat 2026 at a /work/ URL, then a second chat in the same tab', () => {
  const first = '24cad125-f45a-4ab6-bb62-2708aaf1734a';
  const second = '9b1f0c3e-1111-4c00-9000-00000000e2e2';
  const history = [
    'Which is greener per kilowatt-hour, wind or solar?',
    'Per kilowatt-hour over their lifetime, onshore wind usually emits less than solar.\nTypical figures: wind about 11 g CO2e, solar photovoltaics about 40 g CO2e.',
    'And offshore wind?',
    'Offshore wind is close to onshore, around 12 g CO2e per kilowatt-hour.',
  ];
  const secondPairs: Array<[string, string]> = [['What is a capacity factor?', 'The share of the maximum output a plant actually delivers over a year.']];

  it('counts an answer that paused midway once in its own conversation, and a second chat never inherits the first', async () => {
    await serveFixture(site, 'https://chat.mistral.ai', 'mistral-2026-en.html');
    const page = await site.context.newPage();
    await page.goto(`https://chat.mistral.ai/work/${first}`);
    const seeded = await seededConversation(site, 'mistral', first);
    expect(seeded.historyTokens).toBe(siteTokens('mistral', history));

    const prompt = 'And per turbine, offshore?';
    await streamAnswer(page, '.ProseMirror', prompt, { think: THINK, paragraphs: ANSWER });
    await waitFor('the first chat turn', async () => {
      const v = await site.conversation('mistral', first);
      return v && Object.keys(v.turns).length > 0 && v;
    });
    await page.waitForTimeout(3_000);
    const firstTurns = Object.values((await site.conversation('mistral', first))!.turns);
    expect(firstTurns).toHaveLength(1);
    const tekken = siteCounter('mistral');
    expect(firstTurns[0]).toMatchObject({
      promptTokens: tekken(prompt),
      historyTokens: siteTokens('mistral', history),
      answerTokens: tekken(ANSWER.join('\n')),
    });
    expect(firstTurns[0].tokenizer).toBe('tekken');
    expect(firstTurns[0].reasoningTokens).toBe(tekken(THINK));
    expect(firstTurns[0].estimatedReasoningTokens).toBeUndefined();

    // Another conversation in the same tab, the way the app opens one (history.pushState, no page load).
    await page.evaluate(
      ([path, pairs]) => (window as unknown as { chatSite: { openConversation(p: string, x: unknown): void } }).chatSite.openConversation(path, pairs),
      [`/work/${second}`, secondPairs] as const,
    );
    const secondHistory = siteTokens('mistral', secondPairs.flat());
    await waitFor('the second chat seed', async () => {
      const conv = await site.conversation('mistral', second);
      return conv && conv.historyTokens === secondHistory && conv;
    });
    const prompt2 = 'Is it higher offshore?';
    await streamAnswer(page, '.ProseMirror', prompt2, { paragraphs: ANSWER.slice(0, 1) });
    const conv2 = await waitFor('the second chat turn', async () => {
      const v = await site.conversation('mistral', second);
      return v && Object.keys(v.turns).length > 0 && v;
    });
    expect(Object.values(conv2.turns)).toEqual([
      expect.objectContaining({ promptTokens: tekken(prompt2), historyTokens: secondHistory, answerTokens: tekken(ANSWER[0]) }),
    ]);
    // The first chat kept its one turn.
    expect(Object.keys((await site.conversation('mistral', first))!.turns)).toHaveLength(1);
    await page.close();
  });
});
