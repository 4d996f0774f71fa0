/**
 * The page's memory (src/tracking/memory.ts): no timers and no page reads, so every case is a table
 * of what the tracker told it and what it answers.
 */
import { describe, expect, it } from 'vitest';
import type { PageMessage, Role } from '../../../src/sites/adapter';
import { fingerprint } from '../../../src/sites/dom';
import { createPageMemory, type Move } from '../../../src/tracking/memory';
import { loadPage } from '../support/load-page';

const SITE = 'https://test.example';
const NEW_CHAT = `${SITE}/`;
/** The conversation id a URL names: /c/<id>, or null for a new chat. */
const idAt = (url: string) => /\/c\/([^/?#]+)/.exec(url)?.[1] ?? null;

const doc = loadPage('<main></main>', `${SITE}/c/a`);
const message = (role: Role, id: string, pageId = true): PageMessage => ({ id, role, element: doc.createElement('div'), pageId });

describe('following the page from URL to URL', () => {
  it.each<[string, string, string, Move]>([
    ['the same URL', `${SITE}/c/a`, `${SITE}/c/a`, 'same'],
    ['the same conversation under another query', `${SITE}/c/a`, `${SITE}/c/a?model=x`, 'same'],
    ['a new chat that got its id', NEW_CHAT, `${SITE}/c/b`, 'from-new-chat'],
    ['one new chat to another URL without an id', NEW_CHAT, `${SITE}/?temporary=true`, 'same'],
    ['one conversation to another', `${SITE}/c/a`, `${SITE}/c/b`, 'other'],
    ['a conversation to a new chat', `${SITE}/c/a`, NEW_CHAT, 'other'],
  ])('%s: %s → %s is %s', (_case, from, to, move) => {
    const memory = createPageMemory(idAt, from);
    expect(memory.urlChanged(to)).toBe(to !== from);
    expect(memory.moveTo(to)).toBe(move);
    expect(memory.urlChanged(to)).toBe(false);
    if (idAt(to)) expect(memory.conversation).toBe(idAt(to));
  });

  it.each<[string, string, string, boolean]>([
    // a move keeps what is known only within the same conversation
    ['same', `${SITE}/c/a`, `${SITE}/c/a?x`, true],
    ['from-new-chat', NEW_CHAT, `${SITE}/c/b`, false],
    ['other', `${SITE}/c/a`, `${SITE}/c/b`, false],
  ])('after a %s move, what was read %s → %s is kept: %s', (_move, from, to, kept) => {
    const memory = createPageMemory(idAt, from);
    memory.markRead('u1');
    memory.moveTo(to);
    expect(memory.known.has('u1')).toBe(kept);
  });
});

describe('an empty chat seen', () => {
  type Step = 'markEmpty' | 'clearEmpty' | 'got its id' | 'another conversation';
  it.each<[string, string, Step[], boolean]>([
    ['a new chat showing no messages', NEW_CHAT, ['markEmpty'], true],
    ['a saved conversation showing none (still loading)', `${SITE}/c/a`, ['markEmpty'], false],
    ['a new chat whose messages were then seeded or counted', NEW_CHAT, ['markEmpty', 'clearEmpty'], false],
    ['a new chat, nothing seen yet', NEW_CHAT, [], false],
    // the chat that got its id is the one seen empty: what shows there appeared while we watched
    ['a new chat seen empty that got its id', NEW_CHAT, ['markEmpty', 'got its id'], true],
    ['then another conversation', NEW_CHAT, ['markEmpty', 'got its id', 'another conversation'], false],
  ])('%s', (_case, url, steps, emptySeen) => {
    const memory = createPageMemory(idAt, url);
    for (const s of steps) {
      if (s === 'got its id') memory.moveTo(`${SITE}/c/named`);
      else if (s === 'another conversation') memory.moveTo(`${SITE}/c/elsewhere`);
      else memory[s]();
    }
    expect(memory.emptySeen).toBe(emptySeen);
  });
});

describe('what is read', () => {
  it('marks an answer read: every part known, the fingerprint on the first part only', () => {
    const memory = createPageMemory(idAt, `${SITE}/c/a`);
    const parts = [message('assistant', 'a1', false), message('assistant', 'a1.2', false)];
    memory.markAnswerRead({ parts, texts: ['one', 'two'], fingerprint: fingerprint('one\ntwo') });
    memory.markAnswerRead({ parts: [message('assistant', 'b1')], texts: ['three'], fingerprint: undefined });
    memory.markRead('u1', {});
    expect(Object.fromEntries(memory.known)).toEqual({ a1: { fingerprint: fingerprint('one\ntwo') }, 'a1.2': {}, b1: {}, u1: {} });
  });

  it('leaves out of a new conversation the elements that still show the text they had in the one before', () => {
    const memory = createPageMemory(idAt, `${SITE}/c/a`);
    const [left, changed, fresh] = [message('user', 'u1'), message('assistant', 'a1'), message('user', 'u2')];
    expect([...memory.freshTexts([left, changed], ['old prompt', 'old answer']).values()]).toEqual(['old prompt', 'old answer']);
    memory.moveTo(`${SITE}/c/b`);
    const texts = memory.freshTexts([left, changed, fresh], ['old prompt', 'a new answer in the same element', 'new prompt']);
    expect([...texts.keys()].map((m) => m.id)).toEqual(['a1', 'u2']);
    // The stale element is no message of this conversation from now on.
    expect(memory.present([left, changed, fresh]).map((m) => m.id)).toEqual(['a1', 'u2']);
  });

  it.each<[string, string[], string[], boolean]>([
    ['the same messages', ['u1', 'a1', 'u2'], ['u1', 'a1', 'u2'], true],
    ['the same ends, as many', ['u1', 'a1', 'u2'], ['u1', 'x', 'u2'], true],
    ['one more message', ['u1', 'a1', 'u2'], ['u1', 'a1', 'u2', 'a2'], false],
    ['another last message', ['u1', 'a1'], ['u1', 'a2'], false],
  ])('rejects %s again until they change', (_case, rejected, now, rejects) => {
    const memory = createPageMemory(idAt, `${SITE}/c/a`);
    memory.reject(rejected.map((id) => message('user', id)));
    expect(memory.rejects(now.map((id) => message('user', id)))).toBe(rejects);
  });
});
