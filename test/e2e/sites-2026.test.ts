/**
 * The 2026 page variants of DeepSeek, Le Chat and Meta AI in Chromium, at each site's real host URL
 * (fixture pages, no network), with the built extension. Each answer pauses midway for longer than
 * the tracker's quiet time while the page still shows it is generating: it must be counted once,
 * complete, never partially.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { launchWithExtension, runningWorker, serveChatPage, type LaunchedExtension } from './support/launch';
import { BUILT_EXTENSION } from './support/extension-page';
import { chunked, storedConversation, storedSiteHealth, streamingFixture } from './support/chat-pages';
import { waitFor } from './support/wait';
import { siteCounter, siteTokens } from './support/site-tokens';
import { answerExtras } from '../../src/counting/answer-extras';
import type { TurnCompleted } from '../../src/domain/turns';

let ext: LaunchedExtension;
let context: BrowserContext;
const conversation = (site: string, id: string) => storedConversation(runningWorker(ext), site, id);
const siteHealth = (site: string) => storedSiteHealth(runningWorker(ext), site);

const tokens = (texts: string[]): number => texts.reduce((sum, t) => sum + countTokens(t), 0);

/** Serves a fixture (with the streaming driver) for every page of an origin. */
const serve = (origin: string, fixture: string) => serveChatPage(context, origin, streamingFixture(fixture));

/** Sends a prompt and streams an answer that stops for 4 s after its 4th chunk, the page still generating. */
async function sendWithPause(page: Page, promptBox: string, prompt: string, answer: { think?: string; paragraphs: string[] }, images = 0): Promise<void> {
  await page.evaluate(
    ([think, paragraphs, images]) => {
      Object.assign(window, { __nextAnswer: { think, paragraphs }, __pauseAfter: 4, __pauseMs: 4_000, __nextImages: images });
    },
    [answer.think ? chunked(answer.think) : null, answer.paragraphs.map(chunked), images] as const,
  );
  const done = await page.evaluate(() => (window as unknown as { __streamDone: number }).__streamDone);
  await page.locator(promptBox).fill(prompt);
  await page.locator('[data-send]').click();
  await page.waitForFunction((n) => (window as unknown as { __streamDone: number }).__streamDone === n + 1, done, { timeout: 30_000 });
}

const ANSWER = [
  'Offshore turbines reach capacity factors of forty to fifty percent, more than most onshore sites.',
  'The wind at sea is stronger and steadier — 洋上風力は陸上より安定しています。',
];
const THINK = 'The user asks about offshore output; compare capacity factors.';

beforeAll(async () => {
  ext = await launchWithExtension({ extensionDir: BUILT_EXTENSION });
  context = ext.context;
});

afterAll(async () => {
  await ext?.close();
});

describe('DeepSeek 2026-10 after a class-name rotation (English UI)', () => {
  const id = '5d0f6a0e-2026-4e2e-8000-00000000d5e1';
  const history = [
    'Explain vector recall in one sentence',
    'Vector recall turns the query and every candidate into vectors, then quickly finds the candidates closest to the query vector.',
    'How does vector recall differ from keyword recall?',
    'The main differences:\nKeyword recall matches literal terms: fast and explainable.\nVector recall matches by semantic similarity, so it finds paraphrases.',
  ];

  it('seeds the history, then counts an answer that paused midway once, complete, with its reasoning apart', async () => {
    await serve('https://chat.deepseek.com', 'deepseek-2026-10-rotated.html');
    const page = await context.newPage();
    await page.goto(`https://chat.deepseek.com/a/chat/s/${id}`);
    const seeded = await waitFor('the seed', async () => {
      const conv = await conversation('deepseek', id);
      return conv && conv.historyTokens > 0 && conv;
    });
    expect(seeded.historyTokens).toBe(siteTokens('deepseek', history));

    const prompt = 'How much more do offshore turbines produce?';
    await sendWithPause(page, 'textarea[name="search"]', prompt, { think: THINK, paragraphs: ANSWER });
    const conv = await waitFor('the counted turn', async () => {
      const v = await conversation('deepseek', id);
      return v && Object.keys(v.turns).length > 0 && v;
    });
    await page.waitForTimeout(3_000);
    const turns = Object.values((await conversation('deepseek', id))!.turns);
    expect(turns).toHaveLength(1);
    expect(turns[0]).toMatchObject({
      promptTokens: siteCounter('deepseek')(prompt),
      historyTokens: siteTokens('deepseek', history),
      answerTokens: siteCounter('deepseek')(ANSWER.join('\n')),
    });
    // The reasoning is on the page in full: counted exactly, nothing estimated on top.
    expect(turns[0].reasoningTokens).toBe(siteCounter('deepseek')(THINK));
    // Counted with DeepSeek's own vocabulary, which counts this mixed English/Japanese answer differently from o200k.
    expect(turns[0].tokenizer).toBe('deepseek-v3');
    expect(siteCounter('deepseek')(ANSWER.join('\n'))).not.toBe(countTokens(ANSWER.join('\n')));
    expect(turns[0].estimatedReasoningTokens).toBeUndefined();
    expect(conv.historyTokens).toBeGreaterThan(seeded.historyTokens);
    expect(await siteHealth('deepseek')).toMatchObject({ status: 'ok' });
    await page.close();
  });
});

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
    await serve('https://chat.mistral.ai', 'mistral-2026-en.html');
    const page = await context.newPage();
    await page.goto(`https://chat.mistral.ai/work/${first}`);
    const seeded = await waitFor('the seed', async () => {
      const conv = await conversation('mistral', first);
      return conv && conv.historyTokens > 0 && conv;
    });
    expect(seeded.historyTokens).toBe(siteTokens('mistral', history));

    const prompt = 'And per turbine, offshore?';
    await sendWithPause(page, '.ProseMirror', prompt, { think: THINK, paragraphs: ANSWER });
    await waitFor('the first chat turn', async () => {
      const v = await conversation('mistral', first);
      return v && Object.keys(v.turns).length > 0 && v;
    });
    await page.waitForTimeout(3_000);
    const firstTurns = Object.values((await conversation('mistral', first))!.turns);
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
      const conv = await conversation('mistral', second);
      return conv && conv.historyTokens === secondHistory && conv;
    });
    const prompt2 = 'Is it higher offshore?';
    await sendWithPause(page, '.ProseMirror', prompt2, { paragraphs: ANSWER.slice(0, 1) });
    const conv2 = await waitFor('the second chat turn', async () => {
      const v = await conversation('mistral', second);
      return v && Object.keys(v.turns).length > 0 && v;
    });
    expect(Object.values(conv2.turns)).toEqual([
      expect.objectContaining({ promptTokens: tekken(prompt2), historyTokens: secondHistory, answerTokens: tekken(ANSWER[0]) }),
    ]);
    // The first chat kept its one turn.
    expect(Object.keys((await conversation('mistral', first))!.turns)).toHaveLength(1);
    await page.close();
  });
});

describe('Meta AI 2026 (data-streaming-state)', () => {
  const id = '5f0c1a2b-2026-4000-8000-0000000e2e03';
  const history = [
    'Draw a wind turbine on a green hill at sunrise.',
    'Here are a few takes on a wind turbine at sunrise:',
    'What does one turbine like that produce in a year?',
    'A modern 3 MW onshore turbine produces about 6 to 8 gigawatt-hours a year.\nThat is roughly the yearly use of 2,000 European homes.',
  ];

  it('counts an answer that paused midway once, complete, with its four images drawn after placeholders', async () => {
    await serve('https://www.meta.ai', 'meta-2026-en.html');
    const page = await context.newPage();
    await page.goto(`https://www.meta.ai/prompt/${id}`);
    const seeded = await waitFor('the seed', async () => {
      const conv = await conversation('meta', id);
      return conv && conv.historyTokens > 0 && conv;
    });
    expect(seeded.historyTokens).toBe(siteTokens('meta', history));

    const prompt = 'Draw four offshore turbines at night.';
    await sendWithPause(page, '[data-testid="composer-input"]', prompt, { paragraphs: ANSWER }, 4);
    await waitFor('the counted turn', async () => {
      const v = await conversation('meta', id);
      return v && Object.keys(v.turns).length > 0 && v;
    });
    await page.waitForTimeout(3_000);
    const turns = Object.values((await conversation('meta', id))!.turns);
    expect(turns).toHaveLength(1);
    expect(turns[0]).toMatchObject({
      promptTokens: siteCounter('meta')(prompt),
      historyTokens: siteTokens('meta', history),
      answerTokens: siteCounter('meta')(ANSWER.join('\n')),
      images: 4,
    });
    expect(await siteHealth('meta')).toMatchObject({ status: 'ok' });
    await page.close();
  });
});

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
    await serve('https://gemini.google.com', 'gemini-2026-ko.html');
    const page = await context.newPage();
    await page.goto(`https://gemini.google.com/app/${id}`);
    const seeded = await waitFor('the seed', async () => {
      const conv = await conversation('gemini', id);
      return conv && conv.historyTokens > 0 && conv;
    });
    expect(seeded.historyTokens).toBe(siteTokens('gemini', history));

    const prompt = '이 사진처럼 해상 풍력 발전기 두 장을 그려 줘.';
    await page.evaluate(() => Object.assign(window, { __nextUpload: true }));
    await sendWithPause(page, '.ql-editor', prompt, { paragraphs: ANSWER.slice(0, 1) }, 2);
    await waitFor('the counted turn', async () => {
      const v = await conversation('gemini', id);
      return v && Object.keys(v.turns).length > 0 && v;
    });
    // Angular re-renders the pictures with new blob: URLs: the same two images.
    await page.evaluate(() => (window as unknown as { chatSite: { rerenderImages(): void } }).chatSite.rerenderImages());
    await page.waitForTimeout(3_000);
    const turns = Object.values((await conversation('gemini', id))!.turns);
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

describe('Claude 2026 in German: a collapsed thinking block with the older duration label', () => {
  const id = '0d8f7a6b-2026-4000-8000-0000000e2e05';
  const history = [
    'Wie viel Energie braucht das Training eines großen Modells?',
    'Für große Modelle liegen die Schätzungen zwischen etwa 1 und 50 Gigawattstunden.\nDer größte Teil entfällt auf die Beschleuniger; Kühlung kommt mit 10 bis 40 Prozent hinzu.',
    'Und eine einzelne Antwort?',
    'Eine einzelne Antwort braucht höchstens ein paar Wattstunden, je nach Länge.',
  ];

  it('estimates the hidden reasoning from "12 s" and counts the answer without the thinking text', async () => {
    await serve('https://claude.ai', 'claude-2026-de.html');
    const page = await context.newPage();
    await page.goto(`https://claude.ai/chat/${id}`);
    const seeded = await waitFor('the seed', async () => {
      const conv = await conversation('claude', id);
      return conv && conv.historyTokens > 0 && conv;
    });
    expect(seeded.historyTokens).toBe(tokens(history));

    const prompt = 'Und bei einem Bild?';
    await page.evaluate(() => Object.assign(window, { __collapsedThinking: '12 s' }));
    await sendWithPause(page, '[data-testid="chat-input"]', prompt, { think: THINK, paragraphs: ANSWER });
    await waitFor('the counted turn', async () => {
      const v = await conversation('claude', id);
      return v && Object.keys(v.turns).length > 0 && v;
    });
    await page.waitForTimeout(2_000);
    const turns = Object.values((await conversation('claude', id))!.turns);
    expect(turns).toHaveLength(1);
    const expected = answerExtras(
      { site: 'claude', reasoning: { text: 'Schätzungen zum Trainingsaufwand abgewogen', summaryOnly: true, durationLabel: '12 s' } } as TurnCompleted,
      turns[0].modelKey,
      countTokens,
    );
    expect(expected.estimatedReasoningTokens).toBeGreaterThan(0);
    expect(turns[0]).toMatchObject({
      promptTokens: countTokens(prompt),
      historyTokens: tokens(history),
      answerTokens: countTokens(ANSWER.join('\n')),
      estimatedReasoningTokens: expected.estimatedReasoningTokens,
    });
    expect(turns[0].reasoningTokens).toBeUndefined();
    await page.close();
  });
});
