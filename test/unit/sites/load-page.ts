/** Test helper: a fixture page parsed by happy-dom at a real chat URL, scripts off. */
import { readFileSync } from 'node:fs';
import { Window } from 'happy-dom';

export function fixture(path: string): string {
  return readFileSync(new URL(`../../fixtures/${path}`, import.meta.url), 'utf8');
}

export function loadPage(html: string, url: string): Document {
  const window = new Window({
    url,
    settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true, navigation: { disableMainFrameNavigation: true } },
  });
  window.document.write(html);
  return window.document as unknown as Document;
}
