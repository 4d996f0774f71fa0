/**
 * Claude in Chromium at claude.ai (a fixture page, no network), with the built extension: the 2026 page in
 * German, with a collapsed thinking block and the older duration label.
 */
import { describe, expect, it } from 'vitest';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { ANSWER, firstCounted, seededConversation, serveFixture, streamAnswer, THINK, tokens, useExtension } from './support/streamed-site';
import { answerExtras } from '../../src/counting/answer-extras';
import type { TurnCompleted } from '../../src/domain/turns';

const site = useExtension();

describe('Claude 2026 in German: a collapsed thinking block with the older duration label', () => {
  const id = '0d8f7a6b-2026-4000-8000-0000000e2e05';
  const history = [
    'Wie viel Energie braucht das Training eines großen Modells?',
    'Für große Modelle liegen die Schätzungen zwischen etwa 1 und 50 Gigawattstunden.\nDer größte Teil entfällt auf die Beschleuniger; Kühlung kommt mit 10 bis 40 Prozent hinzu.',
    'Und eine einzelne Antwort?',
    'Eine einzelne Antwort braucht höchstens ein paar Wattstunden, je nach Länge.',
  ];

  it('estimates the hidden reasoning from "12 s" and counts the answer without the thinking text', async () => {
    await serveFixture(site, 'https://claude.ai', 'claude-2026-de.html');
    const page = await site.context.newPage();
    await page.goto(`https://claude.ai/chat/${id}`);
    const seeded = await seededConversation(site, 'claude', id);
    expect(seeded.historyTokens).toBe(tokens(history));

    const prompt = 'Und bei einem Bild?';
    await page.evaluate(() => Object.assign(window, { __collapsedThinking: '12 s' }));
    await streamAnswer(page, '[data-testid="chat-input"]', prompt, { think: THINK, paragraphs: ANSWER });
    await firstCounted(site, 'claude', id);
    await page.waitForTimeout(2_000);
    const turns = Object.values((await site.conversation('claude', id))!.turns);
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
