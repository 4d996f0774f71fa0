/**
 * The page labels as the content script holds them before they are needed: the labels' code
 * (./page-labels.ts and ./render.ts) is an ES module of its own, built by
 * scripts/build/lazy-modules.ts to PAGE_LABELS_FILE and imported when the page is first idle
 * (`preload`), or sooner, the first time a label or a verdict is to be shown (a prompt sent, an
 * answer counted or skipped, a reloaded chat's answers counted before). Until it has loaded, every call is kept and then replayed in order; the quiet
 * scans' events are not kept before that, as there is no label yet for them to put back. A module
 * that failed to load leaves the page without labels, logged once: counting never waits on labels.
 */
import type { PageEvent } from '../tracking/page-events';
import type { PageLabels } from './page-labels';
import { TRANSIENT } from './transient';

/** The labels' module in the built extension (web-accessible on the chat hosts). */
export const PAGE_LABELS_FILE = 'label/page-labels.js';

type Labels = Pick<PageLabels, 'onEvent' | 'setEnabled'>;
type Call = { event: PageEvent } | { on: boolean };

/** Whether an event shows something: a label, or the announcer a verdict is said by. */
function shows(event: PageEvent): boolean {
  switch (event.kind) {
    case 'prompt':
    case 'turn':
    case 'skipped':
      return true;
    case 'seed-reply':
      return event.result.ok && Object.keys(event.result.value.footprints).length > 0;
    default:
      return false;
  }
}

export function lazyPageLabels(load: () => Promise<{ PageLabels: typeof PageLabels }>, doc: Document): Labels & { preload(): void } {
  let labels: Labels | 'loading' | 'failed' | undefined;
  let enabled: boolean | undefined;
  // Before the load starts only seeds are kept (what a later reply labels); from then on every call.
  let calls: Call[] = [];

  const start = (): void => {
    labels = 'loading';
    load()
      .then((m) => {
        const loaded = new m.PageLabels(doc);
        if (enabled !== undefined) loaded.setEnabled(enabled);
        for (const call of calls) {
          if ('event' in call) loaded.onEvent(call.event);
          else loaded.setEnabled(call.on);
        }
        calls = [];
        labels = loaded;
      })
      .catch((e: unknown) => {
        calls = [];
        labels = 'failed';
        console.debug('[footprint] page labels did not load', e);
      });
  };

  return {
    onEvent: (event) => {
      if (typeof labels === 'object') return labels.onEvent(event);
      if (labels === 'failed') return;
      if (labels === 'loading') return void calls.push({ event });
      if (shows(event)) {
        calls.push({ event });
        return start();
      }
      if (event.kind === 'seed') calls.push({ event });
      else if (event.kind === 'seed-reply' && (event.result.ok || !TRANSIENT.has(event.result.error.code))) {
        // None of this batch's answers was counted before: its seeds would label nothing.
        const replied = new Set(event.messages.map((m) => m.id));
        calls = calls.filter((call) => !('event' in call && call.event.kind === 'seed' && call.event.answers.every((a) => replied.has(a.answer.id))));
      }
    },
    /** Starts the load ahead of the first label (when the page is idle), so no answer waits for it. */
    preload: () => {
      if (labels === undefined) start();
    },
    setEnabled: (on) => {
      if (typeof labels === 'object') labels.setEnabled(on);
      else if (labels === 'loading') calls.push({ on });
      else if (labels === undefined) enabled = on;
    },
  };
}
