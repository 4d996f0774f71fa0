/**
 * Meta AI in Chromium at www.meta.ai (a fixture page, no network), with the built extension: the 2026 page,
 * whose answer rows say when they are done. An answer that pauses midway is counted once, complete, with its images.
 */
import { describe, expect, it } from 'vitest';
import { ANSWER, firstCounted, seededConversation, serveFixture, streamAnswer, useExtension } from './support/streamed-site';
import { siteCounter, siteTokens } from './support/site-tokens';

const site = useExtension();

describe('Meta AI 2026 (data-streaming-state)', () => {
  const id = '5f0c1a2b-2026-4000-8000-0000000e2e03';
  const history = [
    'Draw a wind turbine on a green hill at sunrise.',
    'Here are a few takes on a wind turbine at sunrise:',
    'What does one turbine like that produce in a year?',
    'A modern 3 MW onshore turbine produces about 6 to 8 gigawatt-hours a year.\nThat is roughly the yearly use of 2,000 European homes.',
  ];

  it('counts an answer that paused midway once, complete, with its four images drawn after placeholders', async () => {
    await serveFixture(site, 'https://www.meta.ai', 'meta-2026-en.html');
    const page = await site.context.newPage();
    await page.goto(`https://www.meta.ai/prompt/${id}`);
    const seeded = await seededConversation(site, 'meta', id);
    expect(seeded.historyTokens).toBe(siteTokens('meta', history));

    const prompt = 'Draw four offshore turbines at night.';
    await streamAnswer(page, '[data-testid="composer-input"]', prompt, { paragraphs: ANSWER }, 4);
    await firstCounted(site, 'meta', id);
    await page.waitForTimeout(3_000);
    const turns = Object.values((await site.conversation('meta', id))!.turns);
    expect(turns).toHaveLength(1);
    expect(turns[0]).toMatchObject({
      promptTokens: siteCounter('meta')(prompt),
      historyTokens: siteTokens('meta', history),
      answerTokens: siteCounter('meta')(ANSWER.join('\n')),
      images: 4,
    });
    expect(await site.siteHealth('meta')).toMatchObject({ status: 'ok' });
    await page.close();
  });
});
