import { describe, expect, it } from 'vitest';
import { meta } from '../../../src/sites/meta/reader';
import { expectNoChrome, loadPage, readFixture } from '../support/load-page';

const read = (file: string) => readFixture(meta, file, 'https://www.meta.ai/prompt/5f0c1a2b-0000-4000-8000-000000000001');

describe('Meta AI, 2026 markup', () => {
  it('finds messages by their ids in English and French and reads them without citations or status lines', () => {
    const en = read('sites/meta-2026-en.html');
    expect(en.turns.map((t) => [t.role, t.id])).toEqual([
      ['user', 'm5f0c1a_user'],
      ['assistant', 'm5f0c1a_assistant'],
      ['user', 'm5f0c1b_user'],
      ['assistant', 'm5f0c1b_assistant'],
    ]);
    expect(en.texts).toEqual([
      'Draw a wind turbine on a green hill at sunrise.',
      'Here are a few takes on a wind turbine at sunrise:',
      'What does one turbine like that produce in a year?',
      'A modern 3 MW onshore turbine produces about 6 to 8 gigawatt-hours a year.\nThat is roughly the yearly use of 2,000 European homes.',
    ]);
    const fr = read('sites/meta-2026-fr.html');
    expect(fr.turns.map((t) => t.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(fr.texts[3]).toBe(
      "Une éolienne terrestre moderne de 3 MW produit environ 6 à 8 gigawattheures par an.\nC'est à peu près la consommation annuelle de 2 000 foyers européens.",
    );
  });

  it('counts the four generated images with stable keys, never the upload or the favicon', () => {
    for (const file of ['sites/meta-2026-en.html', 'sites/meta-2026-fr.html']) {
      const { turns } = read(file);
      expect(meta.generatedImages!(turns[1])).toEqual([0, 1, 2, 3].map((i) => ({ key: `m5f0c1a_assistant:image:${i}`, ready: true })));
      expect(meta.generatedImages!(turns[3])).toEqual([]);
    }
  });

  it('knows from the answer row whether it is finished', () => {
    const { doc, turns } = read('sites/meta-2026-en.html');
    expect(meta.isStreaming(doc)).toBe(false);
    expect(meta.answerFinished!(turns[3].element)).toBe(true);
    const row = turns[3].element.querySelector('[data-testid="assistant-message"]')!;
    row.setAttribute('data-streaming-state', 'STREAMING');
    row.setAttribute('data-streaming-complete', 'false');
    expect(meta.isStreaming(doc)).toBe(true);
    expect(meta.answerFinished!(turns[3].element)).toBe(false);
  });
});

describe('Meta AI without its message markup', () => {
  it('finds nothing (reported as not recognized, never counted as zero)', () => {
    expect(readFixture(meta, 'sites/meta.html', 'https://www.meta.ai/prompt/abc').turns).toEqual([]);
    const doc = loadPage('<div role="main"><div contenteditable="true"></div></div>', 'https://www.meta.ai/');
    expect(meta.findTurns(doc)).toEqual([]);
  });

  it.each(['sites/meta-2026-en.html', 'sites/meta-2026-fr.html'])('never includes UI chrome at the end of a line (%s)', (file) =>
    expectNoChrome(meta, file, 'https://www.meta.ai/prompt/a'),
  );
});
