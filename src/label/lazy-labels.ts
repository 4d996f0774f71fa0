/**
 * The page labels as the content script holds them before they are needed: the labels' code
 * (./page-labels.ts and ./render.ts) is an ES module of its own, built by
 * scripts/build/lazy-modules.ts to PAGE_LABELS_FILE and loaded (`lazyModule`, src/lazy/lazy-module.ts)
 * when the page is first idle (`preload`), or sooner, the first time a label or a verdict is to be
 * shown (a prompt sent, an answer counted or skipped, a reloaded chat's answers counted before).
 * Until it has loaded, every call is kept and then replayed in order; before the load starts only
 * seeds are kept (what a later reply labels), as there is no label yet for the quiet scans to put
 * back. A module that failed to load leaves the page without labels, logged once: counting never
 * waits on labels.
 */
import { lazyModule } from '../lazy/lazy-module';
import type { PageEvent } from '../tracking/page-events';
import { TRANSIENT, type Labels } from './labels';

/** The labels' module in the built extension (web-accessible on the chat hosts). */
export const PAGE_LABELS_FILE = 'label/page-labels.js';

type LabelsClass = new (doc: Document) => Labels;
type Call = (labels: Labels) => void;

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

export function lazyPageLabels(load: () => Promise<unknown>, doc: Document): Labels & { preload(): void } {
  let labels: Labels | undefined;
  let enabled: boolean | undefined;
  const module = lazyModule<LabelsClass>({
    import: load,
    pick: (m) => m.PageLabels as LabelsClass | undefined,
    name: 'the page labels module',
    onFailure: (e) => console.debug('[footprint] page labels did not load', e),
  });
  /** The labels, made once from the loaded class, with the site switch as it was set before. */
  const made = (PageLabels: LabelsClass): Labels => {
    if (!labels) {
      labels = new PageLabels(doc);
      if (enabled !== undefined) labels.setEnabled(enabled);
    }
    return labels;
  };
  const replayed = (call: Call): void => module.whenReady((PageLabels) => call(made(PageLabels)));
  // What is kept before the load starts: seeds, and the first event that shows something.
  let early: PageEvent[] = [];

  const start = (): void => {
    for (const event of early) replayed((l) => l.onEvent(event));
    early = [];
    module.load();
  };

  return {
    onEvent: (event) => {
      const state = module.state();
      if (state.status === 'ready') return made(state.value).onEvent(event);
      if (state.status === 'failed') return;
      if (state.status === 'loading') return replayed((l) => l.onEvent(event));
      if (shows(event)) {
        early.push(event);
        return start();
      }
      if (event.kind === 'seed') early.push(event);
      else if (event.kind === 'seed-reply' && (event.result.ok || !TRANSIENT.has(event.result.error.code))) {
        // None of this batch's answers was counted before: its seeds would label nothing.
        const replied = new Set(event.messages.map((m) => m.id));
        early = early.filter((seed) => !(seed.kind === 'seed' && seed.answers.every((a) => replied.has(a.answer.id))));
      }
    },
    /** Starts the load ahead of the first label (when the page is idle), so no answer waits for it. */
    preload: () => {
      if (module.state().status === 'idle') start();
    },
    setEnabled: (on) => {
      const state = module.state();
      if (state.status === 'ready') made(state.value).setEnabled(on);
      else if (state.status === 'loading') replayed((l) => l.setEnabled(on));
      else if (state.status === 'idle') enabled = on;
    },
  };
}
