/** Test helpers: a fixture page parsed by happy-dom at a real chat URL, scripts off, and what an adapter reads from it. */
import { readFileSync } from 'node:fs';
import { Window } from 'happy-dom';
import { expect } from 'vitest';
import type { SiteAdapter } from '../../../src/sites/adapter';

export function fixture(path: string): string {
  return readFileSync(new URL(`../../fixtures/${path}`, import.meta.url), 'utf8');
}

export function loadPage(html: string, url: string): Document {
  const window = new Window({
    url,
    settings: {
      disableJavaScriptEvaluation: true,
      disableJavaScriptFileLoading: true,
      disableCSSFileLoading: true,
      navigation: { disableMainFrameNavigation: true },
    },
  });
  window.document.write(html);
  return window.document as unknown as Document;
}

/** Closes the window of a page from loadPage (its timers and listeners), so a test that parses many pages does not keep them all. */
export async function closePage(doc: Document): Promise<void> {
  await (doc.defaultView as unknown as Window).happyDOM.close();
}

/** A fixture page at `url` as `adapter` reads it: the messages it finds, their roles and their texts. */
export function readFixture(adapter: SiteAdapter, file: string, url: string) {
  const doc = loadPage(fixture(file), url);
  const turns = adapter.findTurns(doc);
  return { doc, turns, roles: turns.map((t) => t.role), texts: turns.map((t) => adapter.readText(t)) };
}

/** Roles of `n` messages that alternate, a prompt first. */
export const alternating = (n: number) => Array.from({ length: n }, (_, i) => (i % 2 === 0 ? 'user' : 'assistant'));

/** Labels of controls that must never end a line of a message's text. */
const CHROME_WORDS = /\b(Copy code|Copy|Run|Retry|Edit|Regenerate|Rewrite|Read aloud|Show thinking|Share|Like|Submit)\b$/m;

/** Every message of the fixture reads as some text, with no control's label at the end of a line. */
export function expectNoChrome(adapter: SiteAdapter, file: string, url: string): void {
  for (const text of readFixture(adapter, file, url).texts) {
    expect(text, file).not.toBe('');
    expect(text, file).not.toMatch(CHROME_WORDS);
  }
}
