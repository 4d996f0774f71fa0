/**
 * Grok: what the adapter reads from the hand-written 2026 page (sources in test/fixtures/sites/README.md).
 */
import { describe, expect, it } from 'vitest';
import { grok } from '../../../src/sites/grok/reader';
import { resolveModel } from '../../../src/counting/models';
import { parseReasoningDuration } from '../../../src/sites/reasoning-duration';
import { expectNoChrome, readFixture } from '../support/load-page';

describe('Grok', () => {
  const url = 'https://grok.com/c/5b7c1e2a-0000-4a1b-9c2d-00000000c0de';

  it('reads messages by their rows, with the rows as page ids, answers without their thinking', () => {
    const { doc, turns, texts } = readFixture(grok, 'sites/grok-2026-en.html', url);
    expect(turns.map((t) => [t.role, t.id, t.pageId])).toEqual([
      ['user', '5b7c1e2a-0000-4a1b-9c2d-000000000001:user', true],
      ['assistant', '5b7c1e2a-0000-4a1b-9c2d-000000000002:assistant', true],
      ['user', '5b7c1e2a-0000-4a1b-9c2d-000000000003:user', true],
      ['assistant', '5b7c1e2a-0000-4a1b-9c2d-000000000004:assistant', true],
    ]);
    expect(texts).toEqual([
      'Draw a wind farm at dusk, then tell me how much it produces.',
      'Here is a wind farm at dusk.\nA 50 MW wind farm produces about 150 GWh a year.',
      'How many homes is that?',
      'About 40,000 European homes, at 3,700 kWh a year each.',
    ]);
    expect(grok.isStreaming(doc)).toBe(false);
  });

  it('reads the thinking shown in full with its label, and the generated picture', () => {
    const { turns } = readFixture(grok, 'sites/grok-2026-en.html', url);
    const reasoning = grok.readReasoning!(turns[1])!;
    expect(reasoning).toEqual({
      text: 'The user wants an image and a yearly output figure.\nA 50 MW farm at 35% capacity factor gives about 150 GWh.',
      summaryOnly: false,
      durationLabel: 'Thought for 12s',
    });
    expect(parseReasoningDuration(reasoning.durationLabel)).toBe(12);
    expect(grok.readReasoning!(turns[3])).toBeNull();
    expect(grok.generatedImages!(turns[1])).toEqual([{ key: '5b7c1e2a-0000-4a1b-9c2d-000000000002:assistant:image:0', ready: true }]);
    expect(grok.generatedImages!(turns[3])).toEqual([]);
  });

  it('tells an answer still being written by its missing action buttons', () => {
    const { doc, turns } = readFixture(grok, 'sites/grok-2026-en.html', url);
    doc.querySelectorAll('.action-buttons')[1].remove();
    expect(grok.isStreaming(doc)).toBe(true);
    expect(grok.answerFinished!(turns[3].element)).toBe(false);
    expect(grok.answerFinished!(turns[1].element)).toBe(true);
  });

  it('counts every Grok model as custom with the rate of data/custom-rates.json', () => {
    const { doc } = readFixture(grok, 'sites/grok-2026-en.html', url);
    expect(grok.readModelLabel(doc)).toBe('Grok 4');
    expect(resolveModel('grok', 'Grok 4', {})).toEqual({ modelKey: 'custom', customWhPer1k: 2 });
    expect(grok.conversationId(url)).toBe('5b7c1e2a-0000-4a1b-9c2d-00000000c0de');
    expect(grok.conversationId('https://grok.com/')).toBeNull();
  });
});

describe('Grok without row ids', () => {
  const url = 'https://grok.com/c/5b7c1e2a-0000-4a1b-9c2d-00000000c0de';
  /** The page with its rows' ids renamed, so only the bubbles' testids are left to find the messages by. */
  const withoutRowIds = () => {
    const page = readFixture(grok, 'sites/grok-2026-en.html', url);
    for (const row of Array.from(page.doc.querySelectorAll('[id^="response-"]'))) row.removeAttribute('id');
    return page.doc;
  };

  it('derives ids from the conversation and the prompt, as derivedIds says, not from the position', () => {
    const turns = grok.findTurns(withoutRowIds());
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(turns.every((t) => !t.pageId && t.id.startsWith('5b7c1e2a-0000-4a1b-9c2d-00000000c0de:'))).toBe(true);
    expect(turns[1].id).toBe(turns[0].id.replace(/:u$/, ':a0'));
    expect(new Set(turns.map((t) => t.id)).size).toBe(4);
  });

  it('keeps the ids of the messages left when earlier ones leave the page (a virtual list scrolled)', () => {
    const doc = withoutRowIds();
    const before = grok.findTurns(doc).slice(2);
    for (const el of grok.findTurns(doc).slice(0, 2)) el.element.remove();
    expect(grok.findTurns(doc).map((t) => [t.role, t.id])).toEqual(before.map((t) => [t.role, t.id]));
  });
});

describe('Grok text', () => {
  it('never includes UI chrome at the end of a line', () => expectNoChrome(grok, 'sites/grok-2026-en.html', 'https://grok.com/c/a'));
});
