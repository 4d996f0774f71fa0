import { describe, expect, it } from 'vitest';
import { claude } from '../../../src/sites/claude/reader';
import { parseReasoningDuration } from '../../../src/sites/reasoning-duration';
import { expectNoChrome, readFixture } from '../support/load-page';

const read = (file: string) => readFixture(claude, file, 'https://claude.ai/chat/0d8f7a6b-2026-4000-8000-000000000001');

describe('Claude, 2026 markup', () => {
  it('reads answers without their thinking blocks', () => {
    const { turns, texts } = read('sites/claude-2026-en.html');
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(texts).toEqual([
      'How much energy does training a large model take?',
      'Estimates for frontier models range from about 1 to 50 gigawatt-hours.\nMost of it goes to the accelerators; cooling adds 10 to 40 percent.',
      'And one answer?',
      'A single answer uses a few watt-hours at most, depending on its length.',
    ]);
  });

  it('reads thinking text when expanded, the summary when collapsed, and the older duration', () => {
    const en = read('sites/claude-2026-en.html');
    expect(claude.readReasoning!(en.turns[1])).toEqual({ text: 'Weighed training energy estimates', summaryOnly: true, durationLabel: null });
    expect(claude.readReasoning!(en.turns[3])).toEqual({ text: 'A single answer is tiny by comparison.', summaryOnly: false, durationLabel: '8s' });
    const de = read('sites/claude-2026-de.html');
    const r = claude.readReasoning!(de.turns[3])!;
    expect(r).toEqual({ text: 'Denkprozess', summaryOnly: true, durationLabel: '8 s' });
    expect(parseReasoningDuration(r.durationLabel)).toBe(8);
    expect(de.texts[1]).toBe(
      'Für große Modelle liegen die Schätzungen zwischen etwa 1 und 50 Gigawattstunden.\nDer größte Teil entfällt auf die Beschleuniger; Kühlung kommt mit 10 bis 40 Prozent hinzu.',
    );
  });

  it('knows per answer whether it is streaming', () => {
    const { doc, turns } = read('sites/claude-2026-de.html');
    expect(claude.isStreaming(doc)).toBe(false);
    expect(claude.answerFinished!(turns[3].element)).toBe(true);
    turns[3].element.closest('[data-is-streaming]')!.setAttribute('data-is-streaming', 'true');
    expect(claude.isStreaming(doc)).toBe(true);
    expect(claude.answerFinished!(turns[3].element)).toBe(false);
  });
});

describe('Claude, answers that use tools (one container: text parts with tool blocks between them)', () => {
  const TOOLS = 'sites/claude-2026-tools-en.html';

  it('reads each answer as one message of every text part, without thinking, tool blocks or the artifact card', () => {
    const { turns, texts } = read(TOOLS);
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(texts).toEqual([
      "How much of Germany's electricity came from wind last year?",
      [
        "I'll look up the latest figures.",
        "Wind turbines supplied about a third of Germany's public net electricity in 2025, more than any other source.",
        'Onshore wind gave most of it; offshore added a little under a fifth of the wind total.',
      ].join('\n'),
      'Chart the monthly shares for me.',
      [
        "I'll compute the monthly shares first.",
        'Here is the chart of the monthly shares:',
        'Wind peaked in the stormy winter months and dipped to about a fifth in summer.',
      ].join('\n'),
    ]);
    for (const text of texts)
      expect(text).not.toMatch(/Searched the web|10 results|energy-charts\.info|Analyzed data|shares = months|0\.44|Monthly wind share|Code/);
  });

  it('takes reasoning only from a thinking block, never from a tool block, collapsed or expanded', () => {
    const { turns } = read(TOOLS);
    expect(claude.readReasoning!(turns[1])).toEqual({ text: 'Planned a search for current figures', summaryOnly: true, durationLabel: null });
    expect(claude.readReasoning!(turns[3])).toBeNull();
    // The user opens the tool blocks: their results are still neither reasoning nor answer.
    const opened = read(TOOLS);
    for (const toggle of Array.from(opened.doc.querySelectorAll('button[aria-expanded]'))) {
      if (toggle.textContent === 'Planned a search for current figures') continue;
      toggle.setAttribute('aria-expanded', 'true');
      toggle.nextElementSibling!.setAttribute('style', 'grid-template-rows: 1fr');
    }
    expect(claude.readReasoning!(opened.turns[3])).toBeNull();
    expect(claude.readReasoning!(opened.turns[1])).toEqual(claude.readReasoning!(turns[1]));
    expect(opened.turns.map((t) => claude.readText(t))).toEqual(read(TOOLS).texts);
  });

  it('has one streaming flag per answer, for all its parts', () => {
    const { doc, turns } = read(TOOLS);
    expect(doc.querySelectorAll('[data-is-streaming]')).toHaveLength(2);
    expect(turns.filter((t) => t.role === 'assistant').map((t) => claude.answerFinished!(t.element))).toEqual([true, true]);
    turns[3].element.closest('[data-is-streaming]')!.setAttribute('data-is-streaming', 'true');
    expect(claude.isStreaming(doc)).toBe(true);
    expect(claude.answerFinished!(turns[3].element)).toBe(false);
  });
});

describe('Claude on the real snapshots (assistant side only)', () => {
  it('finds the one answer of the code snapshot, without the warning and the Retry button', () => {
    const { turns, texts } = readFixture(claude, 'real-dom/claude-codeblock-larger-dom.html', 'https://claude.ai/chat/11-22');
    expect(turns.map((t) => t.role)).toEqual(['assistant']);
    expect(texts[0].startsWith('Absolutely! Running open source coding AI models in a homelab is very feasible')).toBe(true);
    expect(texts[0].endsWith('especially since these languages have good representation in training data.')).toBe(true);
    expect(texts[0]).not.toContain('Retry');
    expect(texts[0]).not.toContain('Claude does not have the ability to run the code');
  });

  it('reads an answer with an artifact card without the card', () => {
    const { texts } = readFixture(claude, 'real-dom/claude-single-user-response-with-artifact-dom.html', 'https://claude.ai/chat/11-22');
    expect(texts).toHaveLength(1);
    expect(texts[0].startsWith('Yes, exactly! There are 3 main DeepSeek series. Let me create a comprehensive table:')).toBe(true);
    expect(texts[0]).not.toContain('Comparison Table');
    expect(texts[0].endsWith('complex system design decisions for your Reddit platform.')).toBe(true);
  });

  it('finds no messages in a bare code block', () => {
    expect(readFixture(claude, 'real-dom/claude-codeblock-dom.html', 'https://claude.ai/chat/11-22').turns).toEqual([]);
  });

  it('finds both sides of a conversation, derives ids from the prompt, and reads the model picker', () => {
    const { doc, turns, texts } = readFixture(claude, 'sites/claude.html', 'https://claude.ai/chat/5e6f');
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant']);
    expect(turns.every((t) => !t.pageId && t.id.startsWith('5e6f:'))).toBe(true);
    expect(texts[0]).toBe('What is a kilowatt-hour?');
    expect(texts[1]).toBe('A kilowatt-hour is the energy of one kilowatt used for one hour.\nA kettle uses about 0.1 kWh to boil a litre of water.');
    expect(claude.readModelLabel(doc)).toBe('Claude Opus 4.5');
    expect(claude.isStreaming(doc)).toBe(false);
    doc.querySelector('[data-is-streaming]')!.setAttribute('data-is-streaming', 'true');
    expect(claude.isStreaming(doc)).toBe(true);
  });

  it('derives the same ids for the same page every time', () => {
    const a = readFixture(claude, 'sites/claude.html', 'https://claude.ai/chat/5e6f').turns.map((t) => t.id);
    const b = readFixture(claude, 'sites/claude.html', 'https://claude.ai/chat/5e6f').turns.map((t) => t.id);
    expect(a).toEqual(b);
  });
});

describe('Claude text', () => {
  it.each(['sites/claude-2026-de.html', 'sites/claude-2026-en.html', 'sites/claude.html'])('never includes UI chrome at the end of a line (%s)', (file) =>
    expectNoChrome(claude, file, 'https://claude.ai/chat/a'),
  );
});
