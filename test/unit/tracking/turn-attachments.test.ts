/**
 * Files sent with a prompt (src/tracking/turn-builder.ts `attachmentsOf`): the turn counted next
 * carries the files read when they were attached; while one is still being read the turn waits; with
 * none seen, the site reader's `readAttachments` says what the sent prompt shows.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttachmentSent } from '../../../src/domain/turns';
import { MESSAGE_LIMITS } from '../../../src/domain/message-limits';
import type { PageMessage, Role, SiteAdapter } from '../../../src/sites/adapter';
import { STREAMING_POLL_MS } from '../../../src/tracking/clock';
import { readAnswer, reviseCounted, type BuildContext } from '../../../src/tracking/turn-builder';
import { loadPage } from '../support/load-page';
import { testSite } from '../support/test-site';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const doc = loadPage('<main><div id="thread"></div></main>', 'https://test.example/c/conv');

function message(role: Role, id: string, text: string): PageMessage {
  const element = doc.createElement('div');
  element.textContent = text;
  element.setAttribute('data-done', 'true');
  return { id, role, element, pageId: true };
}

const prompt = message('user', 'u1', 'What does this report say about water?');
const answer = message('assistant', 'a1', 'It says the cooling towers drew most of it.');
const png: AttachmentSent = { from: 'file', kind: 'image', mime: 'image/png', bytes: 2_000, width: 1024, height: 1024 };
const notes: AttachmentSent = { from: 'file', kind: 'text', mime: 'text/plain', bytes: 12, text: 'cooling, gas', textCoverage: 1 };
const shown: AttachmentSent = { from: 'page', kind: 'pdf', mime: 'application/pdf' };

function context(over: Partial<BuildContext> = {}, adapter: SiteAdapter = testSite()): BuildContext {
  return { adapter, doc, conversation: 'conv', phase: { name: 'idle' }, known: new Map(), lastChangeAt: NOW - 60_000, ...over };
}

beforeEach(() => void vi.useFakeTimers({ now: NOW }));
afterEach(() => void vi.useRealTimers());

describe('a turn’s attachments', () => {
  it('are the files sent with its prompt, every batch in the order attached', () => {
    const outcome = readAnswer(context({ files: [{ value: [png] }, { value: [notes] }] }), { prompt, parts: [answer] }, NOW);
    expect(outcome).toMatchObject({ kind: 'counted', turn: { attachments: [png, notes], promptText: prompt.element.textContent } });
  });

  it('wait while a file is still being read, rather than going without it', () => {
    const outcome = readAnswer(context({ files: [{ value: [png] }, { value: undefined }] }), { prompt, parts: [answer] }, NOW);
    expect(outcome).toEqual({ kind: 'wait', inMs: STREAMING_POLL_MS, unfinished: false });
  });

  it('are absent with no file sent and a site reader that reads none', () => {
    const outcome = readAnswer(context({ files: [] }), { prompt, parts: [answer] }, NOW);
    expect(outcome.kind).toBe('counted');
    expect(outcome.kind === 'counted' && 'attachments' in outcome.turn).toBe(false);
  });

  it('come from the sent prompt as the page shows it when no file was seen attached, and never when one was', () => {
    const readAttachments = vi.fn((m: PageMessage) => (m === prompt ? [shown] : []));
    const adapter = { ...testSite(), readAttachments };
    expect(readAnswer(context({}, adapter), { prompt, parts: [answer] }, NOW)).toMatchObject({ kind: 'counted', turn: { attachments: [shown] } });
    readAttachments.mockClear();
    expect(readAnswer(context({ files: [{ value: [png] }] }, adapter), { prompt, parts: [answer] }, NOW)).toMatchObject({ turn: { attachments: [png] } });
    expect(readAttachments).not.toHaveBeenCalled();
  });

  it('stay at the message limit, however many files a page reports', () => {
    const many = Array.from({ length: MESSAGE_LIMITS.attachments + 7 }, () => png);
    const outcome = readAnswer(context({ files: [{ value: many }] }), { prompt, parts: [answer] }, NOW);
    expect(outcome.kind === 'counted' && outcome.turn.attachments?.length).toBe(MESSAGE_LIMITS.attachments);
  });

  it('stay with the turn when it is revised (the answer grew after it was counted)', () => {
    const first = readAnswer(context({ files: [{ value: [png] }] }), { prompt, parts: [answer] }, NOW);
    if (first.kind !== 'counted') throw new Error(first.kind);
    const grown = message('assistant', 'a1', `${answer.element.textContent} And the rest from the grid.`);
    const phase: BuildContext['phase'] = { name: 'counted', counted: first.counted };
    const revision = reviseCounted(context({ phase }), [{ prompt, parts: [grown] }]);
    expect(revision).toMatchObject({ kind: 'revised', turn: { attachments: [png], revision: 1 } });
  });
});
