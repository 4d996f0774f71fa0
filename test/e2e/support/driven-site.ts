/**
 * A chat site driven through the driver both browsers share (Firefox's tests use it): the extension's
 * stored conversations read through its popup page, and a prompt whose answer pauses midway, as the
 * streamed test pages (./streamed-site.ts) play it.
 */
import { expect } from 'vitest';
import type { ConversationState } from '../../../src/domain/conversation';
import type { CountedTurn } from '../../../src/domain/turns';
import { chunked } from './chat-pages';
import type { ChatFixture } from './chat-fixtures';
import type { DriverPage } from './driver';
import { storedValue } from './extension-api';
import { THINK } from './streamed-site';

type Driven = { __streamDone: number };

/** A conversation's counted turns, oldest first. */
export const turnsOf = (c: ConversationState | undefined): CountedTurn[] => Object.values(c?.turns ?? {}).sort((a, b) => a.time - b.time);

/** What the tests read and do through `ext()`, the extension's own page (opened once the browser is up). */
export function drivenSites(ext: () => DriverPage) {
  const stored = <T>(key: string): Promise<T | undefined> => storedValue<T>(ext(), key);
  const conversation = (site: string, id: string) => stored<ConversationState>(`conversation:${site}:${id}`);

  /** Sends a prompt whose answer stops for 4 s after its 4th chunk, the page still generating; midway, only `before` turns are counted. */
  async function sendWithPause(
    page: DriverPage,
    site: ChatFixture,
    id: string,
    prompt: string,
    paragraphs: string[],
    think: boolean,
    before: number,
  ): Promise<void> {
    const done = await page.evaluate(() => (window as unknown as Driven).__streamDone, null);
    await page.evaluate(
      ([thinkChunks, chunks]) => void Object.assign(window, { __nextAnswer: { think: thinkChunks, paragraphs: chunks }, __pauseAfter: 4, __pauseMs: 4_000 }),
      [think ? chunked(THINK) : null, paragraphs.map(chunked)] as const,
    );
    await page.fill(site.promptBox, prompt);
    await page.click('[data-send]');
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await page.evaluate(() => (window as unknown as Driven).__streamDone, null)).toBe(done);
    expect(turnsOf(await conversation(site.site, id))).toHaveLength(before);
    await page.evaluate((n) => void Object.assign(window, { __streamTarget: n }), done + 1);
    await page.waitForFunction(
      () => (window as unknown as Driven & { __streamTarget: number }).__streamDone === (window as unknown as { __streamTarget: number }).__streamTarget,
      30_000,
    );
  }

  return { stored, conversation, sendWithPause };
}
