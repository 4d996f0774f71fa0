/**
 * Perplexity: what the adapter reads from the saved page and the hand-written 2026 page (sources in
 * test/fixtures/sites/README.md).
 */
import { describe, expect, it } from 'vitest';
import { perplexity } from '../../../src/sites/perplexity/reader';
import { adapterForHost } from '../../support/adapters';
import { resolveModel } from '../../../src/counting/models';
import { expectNoChrome, readFixture } from '../support/load-page';

describe('Perplexity', () => {
  const url = 'https://www.perplexity.ai/search/please-write-a-short-response-0Jq8Zt1uQXyRrF8m9yWv1A';

  it('reads the saved page: the prompt with its inline link chip, the answer without code-block chrome, math as its TeX source', () => {
    const { turns, texts } = readFixture(perplexity, 'real-dom/perplexity-2026-05-21.html', url);
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant']);
    expect(turns.every((t) => !t.pageId && t.id.startsWith('please-write-a-short-response-0Jq8Zt1uQXyRrF8m9yWv1A:'))).toBe(true);
    expect(texts[0]).toMatch(
      /^Please write a short response that includes: 1\. A paragraph containing \*\*bold text\*\*, \*italic text\*, and a link to deadrat\.in\. 2\./,
    );
    expect(texts[0]).not.toContain('Show more');
    expect(texts[1]).toMatch(/^Here's a response hitting all four elements:\nThis is a bold statement/);
    expect(texts[1]).toContain('defmodule Hello do\n  def world do\n    IO.puts("Hello, World!")');
    expect(texts[1]).toContain('Country\tMedian Wage (USD/mo)\tAvg Work Hrs/Week');
    expect(texts[1]).toContain('e^{i\\pi} + 1 = 0');
    // UI: the code block's language label and copy button, the model line, the action bar.
    expect(texts[1]).not.toMatch(/^elixir$|Copy code|Prepared using|Rewrite/m);
  });

  it('reads the saved page as finished, with the model line under its answer, mapped to the Claude key', () => {
    const { doc, turns } = readFixture(perplexity, 'real-dom/perplexity-2026-05-21.html', url);
    expect(perplexity.isStreaming(doc)).toBe(false);
    expect(perplexity.answerFinished!(turns[1].element)).toBe(true);
    expect(perplexity.readModelLabel(doc)).toBe('Prepared using Claude Sonnet 4.6 Thinking');
    expect(resolveModel('perplexity', perplexity.readModelLabel(doc), {})).toEqual({ modelKey: 'beta-sonnet-4.6' });
  });

  it('reads an answer followed by a sources count and no model line as Sonar, not as an unlisted model', () => {
    const { doc } = readFixture(perplexity, 'sites/perplexity-2026-en.html', url);
    const line = [...doc.querySelectorAll('.text-quiet')].find((el) => el.textContent === 'Prepared using Sonar')!;
    line.textContent = '15 sources';
    expect(perplexity.readModelLabel(doc)).toBeNull();
    expect(resolveModel('perplexity', perplexity.readModelLabel(doc), {})).toEqual({ modelKey: 'epsilon-70b' });
    // A model line after the count is still read.
    line.insertAdjacentHTML('afterend', '<div class="text-quiet">Prepared using GPT-5.5</div>');
    expect(resolveModel('perplexity', perplexity.readModelLabel(doc), {})).toEqual({ modelKey: 'alpha-5.5' });
  });

  it('tells an answer still being written: no action bar yet, or a stop button', () => {
    const { doc, turns } = readFixture(perplexity, 'sites/perplexity-2026-en.html', url);
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(perplexity.isStreaming(doc)).toBe(false);
    doc.querySelectorAll('.justify-between')[1].remove();
    expect(perplexity.isStreaming(doc)).toBe(true);
    expect(perplexity.answerFinished!(turns[3].element)).toBe(false);
    expect(perplexity.answerFinished!(turns[1].element)).toBe(true);
  });

  it('names threads by their /search/ slug; a new thread at / has none', () => {
    expect(perplexity.conversationId('https://www.perplexity.ai/search/how-much-co2-a1B2c3')).toBe('how-much-co2-a1B2c3');
    expect(perplexity.conversationId('https://perplexity.ai/search/x-1')).toBe('x-1');
    expect(perplexity.conversationId('https://www.perplexity.ai/')).toBeNull();
    expect(adapterForHost('perplexity.ai')).toBe(perplexity);
    expect(adapterForHost('www.perplexity.ai')).toBe(perplexity);
  });
});

describe('Perplexity text', () => {
  it.each(['real-dom/perplexity-2026-05-21.html', 'sites/perplexity-2026-en.html'])('never includes UI chrome at the end of a line (%s)', (file) =>
    expectNoChrome(perplexity, file, 'https://www.perplexity.ai/search/a'),
  );
});
