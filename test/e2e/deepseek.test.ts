/**
 * DeepSeek in Chromium at chat.deepseek.com (a fixture page, no network), with the built extension: the
 * 2026-10 page after a class-name rotation, English UI. An answer that pauses midway for longer than the
 * tracker's quiet time while the page still shows it is generating is counted once, complete, never partially.
 */
import { describe, expect, it } from 'vitest';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { ANSWER, firstCounted, seededConversation, serveFixture, streamAnswer, THINK, useExtension } from './support/streamed-site';
import { siteCounter, siteTokens } from './support/site-tokens';

const site = useExtension();

describe('DeepSeek 2026-10 after a class-name rotation (English UI)', () => {
  const id = '5d0f6a0e-2026-4e2e-8000-00000000d5e1';
  const history = [
    'Explain vector recall in one sentence',
    'Vector recall turns the query and every candidate into vectors, then quickly finds the candidates closest to the query vector.',
    'How does vector recall differ from keyword recall?',
    'The main differences:\nKeyword recall matches literal terms: fast and explainable.\nVector recall matches by semantic similarity, so it finds paraphrases.',
  ];

  it('seeds the history, then counts an answer that paused midway once, complete, with its reasoning apart', async () => {
    await serveFixture(site, 'https://chat.deepseek.com', 'deepseek-2026-10-rotated.html');
    const page = await site.context.newPage();
    await page.goto(`https://chat.deepseek.com/a/chat/s/${id}`);
    const seeded = await seededConversation(site, 'deepseek', id);
    expect(seeded.historyTokens).toBe(siteTokens('deepseek', history));

    const prompt = 'How much more do offshore turbines produce?';
    await streamAnswer(page, 'textarea[name="search"]', prompt, { think: THINK, paragraphs: ANSWER });
    const conv = await firstCounted(site, 'deepseek', id);
    await page.waitForTimeout(3_000);
    const turns = Object.values((await site.conversation('deepseek', id))!.turns);
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
    expect(await site.siteHealth('deepseek')).toMatchObject({ status: 'ok' });
    await page.close();
  });
});
