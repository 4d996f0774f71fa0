/**
 * Gemini in Chromium at gemini.google.com (a fixture page, no network), with the built extension: the 2026
 * page in Korean, with generated images drawn after placeholders and re-rendered.
 */
import { describe, expect, it } from 'vitest';
import { ANSWER, firstCounted, seededConversation, serveFixture, streamAnswer, useExtension } from './support/streamed-site';
import { siteCounter, siteTokens } from './support/site-tokens';

const site = useExtension();

describe('Gemini 2026 in Korean: generated images', () => {
  const id = '5a1e0b7f3d2c4e99';
  const history = [
    '내 사진 스타일로 해 질 녘 풍력 발전 단지 이미지를 만들어 줘.',
    '사진 스타일로 만든 해 질 녘 풍력 발전 단지입니다.',
    '해상 풍력 용량이 가장 큰 나라는 어디야?',
    '중국이 영국을 앞서 해상 풍력 용량이 가장 큽니다.',
    '혼시 풍력 발전 단지 사진을 보여 줘.',
    '요크셔 해안의 혼시는 가장 큰 해상 풍력 발전 단지 중 하나입니다.',
  ];

  it('counts two images drawn after placeholders once, not the upload, and not again when they re-render', async () => {
    await serveFixture(site, 'https://gemini.google.com', 'gemini-2026-ko.html');
    const page = await site.context.newPage();
    await page.goto(`https://gemini.google.com/app/${id}`);
    const seeded = await seededConversation(site, 'gemini', id);
    expect(seeded.historyTokens).toBe(siteTokens('gemini', history));

    const prompt = '이 사진처럼 해상 풍력 발전기 두 장을 그려 줘.';
    await page.evaluate(() => Object.assign(window, { __nextUpload: true }));
    await streamAnswer(page, '.ql-editor', prompt, { paragraphs: ANSWER.slice(0, 1) }, 2);
    await firstCounted(site, 'gemini', id);
    // Angular re-renders the pictures with new blob: URLs: the same two images.
    await page.evaluate(() => (window as unknown as { chatSite: { rerenderImages(): void } }).chatSite.rerenderImages());
    await page.waitForTimeout(3_000);
    const turns = Object.values((await site.conversation('gemini', id))!.turns);
    expect(turns).toHaveLength(1);
    expect(turns[0]).toMatchObject({
      promptTokens: siteCounter('gemini')(prompt),
      historyTokens: siteTokens('gemini', history),
      answerTokens: siteCounter('gemini')(ANSWER[0]),
      images: 2,
    });
    await page.close();
  });
});
