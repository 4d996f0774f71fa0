import { describe, expect, it } from 'vitest';
import { mistral } from '../../../src/sites/mistral/reader';
import { parseReasoningDuration } from '../../../src/sites/reasoning-duration';
import { expectNoChrome, readFixture } from '../support/load-page';

const read = (file: string, url: string) => readFixture(mistral, file, url);

describe('Le Chat (chat.mistral.ai), 2026 markup', () => {
  it('reads prompts and answers by their parts, with page ids, in English', () => {
    const { turns, texts } = read('sites/mistral-2026-en.html', 'https://chat.mistral.ai/work/24cad125-f45a-4ab6-bb62-2708aaf1734a');
    expect(turns.map((t) => [t.role, t.id, t.pageId])).toEqual([
      ['user', '7d1e9a20-2026-4c00-9000-000000000201', true],
      ['assistant', '7d1e9a20-2026-4c00-9000-000000000202', true],
      ['user', '7d1e9a20-2026-4c00-9000-000000000203', true],
      ['assistant', '7d1e9a20-2026-4c00-9000-000000000204', true],
    ]);
    expect(texts).toEqual([
      'Which is greener per kilowatt-hour, wind or solar?',
      'Per kilowatt-hour over their lifetime, onshore wind usually emits less than solar.\nTypical figures: wind about 11 g CO2e, solar photovoltaics about 40 g CO2e.',
      'And offshore wind?',
      'Offshore wind is close to onshore, around 12 g CO2e per kilowatt-hour.',
    ]);
  });

  it('reads the visible reasoning in full, apart from the answer, with its duration label, in two languages', () => {
    const en = read('sites/mistral-2026-en.html', 'https://chat.mistral.ai/chat/a');
    expect(mistral.readReasoning!(en.turns[1])).toEqual({
      text: 'The user compares lifecycle emissions of wind and solar power.\nOnshore wind is usually lower than utility-scale solar.',
      summaryOnly: false,
      durationLabel: 'Thought for 4s',
    });
    expect(mistral.readReasoning!(en.turns[3])).toBeNull();
    const fr = read('sites/mistral-2026-fr.html', 'https://chat.mistral.ai/chat/a');
    const reasoning = mistral.readReasoning!(fr.turns[1])!;
    expect(reasoning.durationLabel).toBe('Réfléchi pendant 4 s');
    expect(parseReasoningDuration(reasoning.durationLabel)).toBe(4);
    expect(fr.texts[1]).not.toContain("L'utilisateur compare");
    expect(fr.texts[1]).not.toContain('Le Chat a dit');
  });

  it('takes the conversation id after a chat or a work segment', () => {
    expect(mistral.conversationId('https://chat.mistral.ai/chat/abc-1')).toBe('abc-1');
    expect(mistral.conversationId('https://chat.mistral.ai/work/24cad125-f45a-4ab6-bb62-2708aaf1734a')).toBe('24cad125-f45a-4ab6-bb62-2708aaf1734a');
    expect(mistral.conversationId('https://chat.mistral.ai/chat')).toBeNull();
  });

  it('tells streaming by the stop button in English and French', () => {
    for (const [file, stop] of [
      ['sites/mistral-2026-en.html', 'Stop generating'],
      ['sites/mistral-2026-fr.html', 'Arrêter la génération'],
    ] as const) {
      const { doc } = read(file, 'https://chat.mistral.ai/chat/a');
      expect(mistral.isStreaming(doc)).toBe(false);
      doc.getElementById('send-slot')!.innerHTML = `<button type="button" aria-label="${stop}"></button>`;
      expect(mistral.isStreaming(doc)).toBe(true);
    }
  });
});

describe('Le Chat: is the answer finished, and is the page sure of it', () => {
  const STOP_ICON = '<svg aria-hidden="true"><rect x="7" y="7" width="10" height="10" rx="2"></rect></svg>';
  /** The page as it shows an answer being written (no capture exists: the change the fixture's own driver makes, as CodeWebChat reads the page). */
  function writing(file: string) {
    const page = read(file, 'https://chat.mistral.ai/chat/a');
    const { doc, turns } = page;
    const newest = turns[3].element;
    const bar = newest.querySelector('.select-none')!;
    bar.remove();
    doc.getElementById('send-slot')!.innerHTML = `<button type="button" aria-label="Stop">${STOP_ICON}</button>`;
    return { ...page, newest, bar };
  }

  it.each(['sites/mistral-2026-en.html', 'sites/mistral-2026-fr.html'])('%s: finished, every answer has its action bar and the page is sure', (file) => {
    const { doc, turns } = read(file, 'https://chat.mistral.ai/chat/a');
    expect(mistral.streaming(doc)).toBeNull();
    expect(mistral.idleSignal!(doc)).toBe('reliable');
    expect(mistral.answerFinished!(turns[1].element)).toBe(true);
    expect(mistral.answerFinished!(turns[3].element)).toBe(true);
  });

  it('while an answer is written: the stop button, in any UI language by its icon; the newest answer unfinished, the older finished', () => {
    const { doc, turns, newest } = writing('sites/mistral-2026-en.html');
    // A label no chain knows (Italian): the icon still says so.
    doc.getElementById('send-slot')!.innerHTML = `<button type="button" aria-label="Interrompi la generazione">${STOP_ICON}</button>`;
    expect(mistral.streaming(doc)).toBe(doc.querySelector('form rect'));
    expect(mistral.answerFinished!(newest)).toBe(false);
    expect(mistral.answerFinished!(turns[1].element)).toBe(true);
    expect(mistral.idleSignal!(doc)).toBe('quiet');
  });

  it('is sure only when the stop button is gone AND the newest answer shows its action bar', () => {
    const { doc, newest, bar } = writing('sites/mistral-2026-fr.html');
    // The stop button went, the bar not shown yet (or a stop button it does not know): it cannot tell.
    doc.getElementById('send-slot')!.innerHTML = '<button type="submit" aria-label="Envoyer la question" data-send></button>';
    expect(mistral.streaming(doc)).toBeNull();
    expect(mistral.answerFinished!(newest)).toBeNull();
    expect(mistral.idleSignal!(doc)).toBe('quiet');
    newest.firstElementChild!.append(bar);
    expect(mistral.answerFinished!(newest)).toBe(true);
    expect(mistral.idleSignal!(doc)).toBe('reliable');
    // A prompt sent, its answer not there yet: the newest message is the prompt.
    doc
      .getElementById('thread')!
      .insertAdjacentHTML('beforeend', '<div data-message-author-role="user" data-message-id="u9"><div class="select-text">Next?</div></div>');
    expect(mistral.idleSignal!(doc)).toBe('quiet');
  });

  it('counts no button inside an answer part (the reasoning toggle) as its action bar', () => {
    const { turns, bar } = writing('sites/mistral-2026-en.html');
    const withReasoning = turns[1].element;
    withReasoning.querySelector('.select-none')!.remove();
    expect(withReasoning.querySelector('[data-message-part-type="reasoning"] button')).not.toBeNull();
    expect(mistral.answerFinished!(withReasoning)).toBeNull();
    expect(bar.querySelectorAll('button').length).toBeGreaterThan(0);
  });
});

describe('Le Chat, older markup', () => {
  it('finds messages with their ids and reads the prompt and answer text', () => {
    const { doc, turns, texts } = read('sites/mistral.html', 'https://chat.mistral.ai/chat/m1');
    expect(turns.map((t) => [t.role, t.id])).toEqual([
      ['user', '7d1e9a20-0000-4c00-9000-000000000101'],
      ['assistant', '7d1e9a20-0000-4c00-9000-000000000102'],
    ]);
    expect(texts).toEqual(['Write a haiku about wind turbines.', 'White arms turn slowly,\nthe hill exhales into light,\nwind becomes the lamp.']);
    expect(mistral.readModelLabel(doc)).toBe('Mistral Medium');
  });

  it('tells streaming by a stop button when one shows, and waits for the page to settle as well', () => {
    const { doc } = read('sites/mistral.html', 'https://chat.mistral.ai/chat/m1');
    expect(mistral.isStreaming(doc)).toBe(false);
    doc.body.insertAdjacentHTML('beforeend', '<button aria-label="Stop generating">■</button>');
    expect(mistral.isStreaming(doc)).toBe(true);
    expect(mistral.streamingSignal).toBe('quiet');
  });

  it.each(['sites/mistral.html', 'sites/mistral-2026-fr.html', 'sites/mistral-2026-en.html'])('never includes UI chrome at the end of a line (%s)', (file) =>
    expectNoChrome(mistral, file, 'https://chat.mistral.ai/work/a'),
  );
});
