/**
 * What each site's reader reads of the work an answer did out of sight (`readHiddenWork`), against
 * the real captures of test/fixtures/real-dom (sources in its README and in
 * test/fixtures/hidden-work-markup.md), and the hand-made pages of test/fixtures/sites where no
 * capture shows the kind (marked there). Every answer without such work reads as nothing.
 */
import { describe, expect, it } from 'vitest';
import type { HiddenWorkShown } from '../../../src/domain/turns';
import type { SiteAdapter } from '../../../src/sites/adapter';
import { countBefore, secondsIn } from '../../../src/sites/hidden-work';
import { exchangesOf } from '../../../src/tracking/exchanges';
import { hiddenWorkOf } from '../../../src/features/work/page';
import { READERS } from '../../support/adapters';
import { fixture, loadPage } from '../support/load-page';

/** Each answer's reading (over its parts, as the tracker reads it), in page order. */
function answersRead(adapter: SiteAdapter, doc: Document): Array<HiddenWorkShown | undefined> {
  return exchangesOf(adapter.findTurns(doc))
    .filter((e) => e.parts.length > 0)
    .map((e) => hiddenWorkOf(adapter, e.parts, doc));
}

const page = (file: string, url: string) => loadPage(fixture(file), url);

describe('reading the numbers a page states', () => {
  it.each<[string, string, number | undefined]>([
    ['34 sources', 'sources?', 34],
    ['Research completed in 2m · 9 sources · 18 searches', 'search(?:es)?', 18],
    ['1,204 results', 'results?', 1204],
    ['Sources', 'sources?', undefined],
  ])('%s', (text, words, n) => expect(countBefore(text, words)).toBe(n));

  it.each<[string, number | undefined]>([
    ['Research completed in 2m', 120],
    ['in 1h 5m', 3900],
    ['45s', 45],
    ['3 min', 180],
    ['Research completed', undefined],
  ])('%s', (text, seconds) => expect(secondsIn(text)).toBe(seconds));
});

describe('ChatGPT', () => {
  it('reads the deep research run of the real capture from its header, and nothing for the other answers', () => {
    const doc = page('real-dom/chatgpt-deep-research-2026-02-27.html', 'https://chatgpt.com/c/abc');
    // はい, いいえ, the run's clarifying question (a research answer, but no run yet), the run, the math answer.
    expect(answersRead(READERS.chatgpt, doc)).toEqual([
      undefined,
      undefined,
      undefined,
      { research: { runs: 1, sources: 9, searches: 18, seconds: 120 } },
      undefined,
    ]);
  });

  it('puts a research header it cannot read in unreadable, never a zero', () => {
    const html = fixture('real-dom/chatgpt-deep-research-2026-02-27.html').replaceAll(
      'Research completed in 2m · 9 sources · 18 searches',
      'リサーチ完了: 2 分 · 9 件のソース · 18 件の検索',
    );
    const [, , , run] = answersRead(READERS.chatgpt, loadPage(html, 'https://chatgpt.com/c/abc'));
    expect(run).toEqual({ unreadable: ['research'] });
  });

  it('reads a web search from the citation pill and the Sources button (hand-made page), one search', () => {
    const doc = page('sites/chatgpt-images.html', 'https://chatgpt.com/c/abc');
    const read = answersRead(READERS.chatgpt, doc).filter(Boolean);
    expect(read).toEqual([{ search: { searches: 1, sources: 1 } }]);
  });
});

describe('ChatGPT voice chat (hand-made page: no capture shows one)', () => {
  const url = 'https://chatgpt.com/c/abc';
  const voicePage = 'sites/chatgpt-voice.html';

  it('reads the chat’s 1m 30s from its "Voice chat ended" row, split by the transcripts: 42 spoken characters asked, 98 answered', () => {
    // 90 s × 42 / (42 + 98) = 27 s for the prompt, 63 s for the answer; the typed turn before it reads nothing.
    expect(answersRead(READERS.chatgpt, page(voicePage, url))).toEqual([undefined, { voice: { exchanges: [{ userSeconds: 27, assistantSeconds: 63 }] } }]);
  });

  it('leaves the row out of the answer’s transcript', () => {
    const doc = page(voicePage, url);
    const answer = READERS.chatgpt.findTurns(doc).at(-1)!;
    expect(READERS.chatgpt.readText(answer)).not.toMatch(/voice chat ended|1m 30s/i);
  });

  it('puts a row without a duration in unreadable: the transcript is counted, never a zero', () => {
    const html = fixture(voicePage).replace('<div class="text-xs">1m 30s</div>', '');
    expect(answersRead(READERS.chatgpt, loadPage(html, url))[1]).toEqual({ unreadable: ['voice'] });
  });

  it('reads the row in the new UI’s turn (variant c), under the answer’s unit and its action bar (row hand-made into chatgpt-c-en.html)', () => {
    const row = '<div class="flex justify-center"><div>Voice chat ended</div><div>2m 20s</div></div>';
    const html = fixture('sites/chatgpt-c-en.html').replace(
      '</div></div></div></div></div></div></div></div><div class="shrink-0"',
      `</div>${row}</div></div></div></div></div></div></div><div class="shrink-0"`,
    );
    // 2m 20s = 140 s; the prompt has 241 spoken characters, the answer's unit 35 as the page shows it (its text and rendered math).
    expect(answersRead(READERS.chatgpt, loadPage(html, url))).toEqual([
      undefined,
      { voice: { exchanges: [{ userSeconds: (140 * 241) / 276, assistantSeconds: 140 - (140 * 241) / 276 }] } },
    ]);
  });

  it('reads no voice in the real captures, nor on a page without the row', () => {
    for (const file of ['real-dom/chatgpt-c-2026-09-25.html', 'real-dom/chatgpt-dom.html', 'sites/chatgpt.html']) {
      expect(answersRead(READERS.chatgpt, page(file, url)).some((r) => r?.voice || r?.unreadable?.includes('voice'))).toBe(false);
    }
  });
});

describe('Perplexity', () => {
  const url = 'https://www.perplexity.ai/search/x-abc';

  it('reads the deep research run of the real capture: "7 steps completed", its 34 sources', () => {
    expect(answersRead(READERS.perplexity, page('real-dom/perplexity-deep-research-2026-02-27.html', url))).toEqual([{ research: { runs: 1, sources: 34 } }]);
  });

  it('reads nothing in the real capture of an answer without sources', () => {
    expect(answersRead(READERS.perplexity, page('real-dom/perplexity-2026-05-21.html', url))).toEqual([undefined]);
  });

  it('reads a web search from the "N sources" button when there is no run', () => {
    const html = fixture('real-dom/perplexity-deep-research-2026-02-27.html').replaceAll('7 steps completed', '');
    expect(answersRead(READERS.perplexity, loadPage(html, url))).toEqual([{ search: { searches: 1, sources: 34 } }]);
  });

  /** The capture with its run header and its count of sources in another language. */
  const translated = (run: string, sources: string) =>
    fixture('real-dom/perplexity-deep-research-2026-02-27.html').replaceAll('7 steps completed', run).replaceAll('34 sources', sources);

  it.each([
    ['German', '7 Schritte abgeschlossen', '34 Quellen'],
    ['Japanese', '7 ステップ完了', '34 件のソース'],
  ])('puts a run whose header is in %s in unreadable, never a search or nothing', (_, run, sources) => {
    expect(answersRead(READERS.perplexity, loadPage(translated(run, sources), url))).toEqual([{ unreadable: ['research'] }]);
  });

  it('reads a search whose count of sources is in another language from its citations', () => {
    const citations = new Set(fixture('real-dom/perplexity-deep-research-2026-02-27.html').match(/data-pplx-citation-url="[^"#]*/g)).size;
    expect(citations).toBeGreaterThan(0);
    expect(answersRead(READERS.perplexity, loadPage(translated('', '34 Quellen'), url))).toEqual([{ search: { searches: 1, sources: citations } }]);
  });

  it('puts a search shown only by a count of sources in another language in unreadable', () => {
    const html = translated('', '34 Quellen').replaceAll('data-pplx-citation-url', 'data-cited');
    expect(answersRead(READERS.perplexity, loadPage(html, url))).toEqual([{ unreadable: ['search'] }]);
  });
});

describe('Gemini', () => {
  const url = 'https://gemini.google.com/app/abc';
  /** A chat turn whose answer holds the chip that opens a report (hand-made: the capture holds the panel only). */
  const chatTurn = (answer: string) =>
    `<div class="conversation-container" id="c1"><user-query><div class="query-text">Research AI tells</div></user-query><model-response><message-content><div class="markdown">${answer}</div></message-content><message-actions></message-actions></model-response></div>`;

  it('reads the run from the real capture’s research panel (37 used and 26 unused sources) for the answer with its chip', () => {
    const doc = page('real-dom/gemini-deep-research-2026-01-29.html', url);
    doc.body.insertAdjacentHTML('afterbegin', chatTurn('I’ve completed your research.<immersive-entry-chip>Report</immersive-entry-chip>'));
    expect(answersRead(READERS.gemini, doc)).toEqual([{ research: { runs: 1, sources: 63 } }]);
  });

  it('reads no run for a chip without the research panel (a canvas opens one too)', () => {
    const doc = loadPage(`<main>${chatTurn('Here is your canvas.<immersive-entry-chip>Doc</immersive-entry-chip>')}</main>`, url);
    expect(answersRead(READERS.gemini, doc)).toEqual([undefined]);
  });

  it('reads nothing from the real capture’s empty sources list, and a search from its inline footnotes', () => {
    expect(answersRead(READERS.gemini, page('real-dom/gemini-footer-2026-05-21.html', url)).every((r) => r === undefined)).toBe(true);
    const footnotes =
      '<source-footnote><sup data-turn-source-index="1"></sup></source-footnote><source-footnote><sup data-turn-source-index="2"></sup></source-footnote>';
    const doc = loadPage(`<main>${chatTurn(`Wind led.${footnotes}`)}</main>`, url);
    expect(answersRead(READERS.gemini, doc)).toEqual([{ search: { searches: 1, sources: 2 } }]);
  });
});

describe('Meta AI', () => {
  it('reads the web search of the real capture: its citation pill and Sources button', () => {
    expect(answersRead(READERS.meta, page('real-dom/meta-sources-2026-05-21.html', 'https://www.meta.ai/prompt/abc'))).toEqual([
      { search: { searches: 1, sources: 1 } },
    ]);
  });
});

describe('Claude', () => {
  it('reads the "Searched the web" block of the hand-made tools page: one query, its 10 results', () => {
    const read = answersRead(READERS.claude, page('sites/claude-2026-tools-en.html', 'https://claude.ai/chat/abc'));
    expect(read[0]).toEqual({ search: { searches: 1, sources: 10 } });
    expect(read.slice(1).every((r) => r === undefined)).toBe(true);
  });

  it.each([
    ['German', 'Im Web gesucht', '10 Ergebnisse'],
    ['Japanese', 'ウェブを検索しました', '10 件の結果'],
  ])('puts the search block of the tools page in %s in unreadable, never nothing', (_, toggle, results) => {
    const html = fixture('sites/claude-2026-tools-en.html').replaceAll('Searched the web', toggle).replaceAll('10 results', results);
    const read = answersRead(READERS.claude, loadPage(html, 'https://claude.ai/chat/abc'));
    expect(read[0]).toEqual({ unreadable: ['search'] });
    expect(read.slice(1).every((r) => r === undefined)).toBe(true);
  });

  it('reads nothing in the German page without a search (its thinking block is no search)', () => {
    expect(answersRead(READERS.claude, page('sites/claude-2026-de.html', 'https://claude.ai/chat/abc')).every((r) => r === undefined)).toBe(true);
  });

  it('reads nothing in the real capture without a search', () => {
    expect(answersRead(READERS.claude, page('real-dom/claude-composer-2026-05-21.html', 'https://claude.ai/chat/abc')).every((r) => r === undefined)).toBe(
      true,
    );
  });
});

describe('Grok', () => {
  const url = 'https://grok.com/c/abc';

  it('reads no video in the real capture: its Imagine images only offer "Make video"', () => {
    expect(answersRead(READERS.grok, page('real-dom/grok-imagine-2026-03-23.html', url)).every((r) => r === undefined)).toBe(true);
  });

  it('reads a video made from an image (hand-made into the capture: no capture shows one), its length from its time label', () => {
    const doc = page('real-dom/grok-imagine-2026-03-23.html', url);
    const imagine = READERS.grok.findTurns(doc)[7];
    const image = imagine.element.querySelector('img[src*="/generated/"]')!;
    image.insertAdjacentHTML(
      'afterend',
      '<div><video src="https://assets.grok.com/users/u/generated/v/generated_video.mp4" width="720" height="1280"></video><span>0:06</span></div>',
    );
    expect(answersRead(READERS.grok, doc)[3]).toEqual({ videos: [{ seconds: 6, width: 720, height: 1280 }] });
  });
});

describe('sites that show none of this work on any page we have', () => {
  it.each(['deepseek', 'mistral', 'copilot'] as const)('%s has no reader for it', (site) => {
    expect(READERS[site].readHiddenWork).toBeUndefined();
  });
});
