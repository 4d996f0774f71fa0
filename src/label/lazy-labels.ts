/**
 * The page labels as the content script holds them before they are needed: the labels' code
 * (./page-labels.ts and ./render.ts) is an ES module of its own, built by
 * scripts/build/lazy-modules.ts to PAGE_LABELS_FILE and imported when the page is first idle
 * (`preload`), or sooner, the first time a label or a verdict is to be shown (a prompt sent, an
 * answer counted or skipped, a reloaded chat's answers counted before), by `lazyModule`
 * (src/domain/lazy-module.ts). Until it has loaded, every call is kept and then replayed in order;
 * the quiet scans' events are not kept before the load starts, as there is no label yet for them to
 * put back. A module that failed to load leaves the page without labels, logged once: counting
 * never waits on labels.
 */
import type { LazyModule } from '../domain/lazy-module';
import type { PageEvent } from '../tracking/page-events';
import type { PageLabels } from './page-labels';
import { TRANSIENT } from './transient';

/** The labels' module in the built extension (web-accessible on the chat hosts). */
export const PAGE_LABELS_FILE = 'label/page-labels.js';

type Labels = Pick<PageLabels, 'onEvent' | 'setEnabled'>;
type LabelsClass = new (doc: Document) => Labels;

/** Whether an event shows something: a label, or the announcer a verdict is said by. */
const shows = (event: PageEvent): boolean =>
  ['prompt', 'turn', 'skipped'].includes(event.kind) ||
  (event.kind === 'seed-reply' && event.result.ok && Object.keys(event.result.value.footprints).length > 0);

export function lazyPageLabels(module: LazyModule<LabelsClass>, doc: Document): Labels & { preload(): void } {
  let labels: Labels | undefined;
  // Before the load starts only seeds are kept here (what a later reply labels); the rest is kept by the module.
  let early: PageEvent[] = [];
  const toLabels = (call: (labels: Labels) => void): void => module.whenReady((PageLabels) => call((labels ??= new PageLabels(doc))));
  const toEvent = (event: PageEvent): void => toLabels((l) => l.onEvent(event));
  const idle = (): boolean => module.state().is === 'idle';
  const start = (): void => {
    if (!idle()) return;
    early.forEach(toEvent);
    early = [];
    module.value().catch((e: unknown) => console.debug('[footprint] page labels did not load', e));
  };

  return {
    onEvent: (event) => {
      if (!idle()) return toEvent(event);
      if (shows(event)) {
        early.push(event);
        return start();
      }
      if (event.kind === 'seed') early.push(event);
      else if (event.kind === 'seed-reply' && (event.result.ok || !TRANSIENT.has(event.result.error.code))) {
        // None of this batch's answers was counted before: its seeds would label nothing.
        const replied = new Set(event.messages.map((m) => m.id));
        early = early.filter((e) => !(e.kind === 'seed' && e.answers.every((a) => replied.has(a.answer.id))));
      }
    },
    /** Starts the load ahead of the first label (when the page is idle), so no answer waits for it. */
    preload: start,
    // Kept by the module until the labels are in, even before the load starts.
    setEnabled: (on) => toLabels((l) => l.setEnabled(on)),
  };
}
