/** Test helper: a fixture page parsed by happy-dom at a real chat URL, scripts off. */
import { readFileSync } from 'node:fs';
import { Window } from 'happy-dom';
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

/** A fixture page at `url` as `adapter` reads it: the messages it finds and their texts. */
export function readFixture(adapter: SiteAdapter, file: string, url: string) {
  const doc = loadPage(fixture(file), url);
  const turns = adapter.findTurns(doc);
  return { doc, turns, texts: turns.map((t) => adapter.readText(t)) };
}
