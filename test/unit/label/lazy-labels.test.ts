/**
 * The page labels loaded when first needed (src/label/lazy-labels.ts): nothing loads for the quiet
 * scans or a chat never counted before; the page idle (`preload`) or the first label or verdict to
 * show starts the load; every call made meanwhile reaches the labels in order; a failed load logs
 * once and then takes every call without throwing, so the tracker's channel is never broken by it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TurnFootprint } from '../../../src/domain/turns';
import { lazyModule } from '../../../src/domain/lazy-module';
import { lazyPageLabels } from '../../../src/label/lazy-labels';
import { PageLabels } from '../../../src/label/page-labels';
import { countedLabelTexts } from '../../../src/label/texts';
import type { PageMessage } from '../../../src/sites/adapter';
import type { PageEvent } from '../../../src/tracking/page-events';
import { loadPage } from '../support/load-page';

const FIGURES = { energyKwh: 0.0042, carbonG: 0.19, waterL: 0.00081, inputTokens: 1234, outputTokens: 5678, estimatedReasoningTokens: 0, images: 0 };
const FOOTPRINT: TurnFootprint = { ...FIGURES, texts: countedLabelTexts(FIGURES, 'en') };

function answerOn(doc: Document, id: string): PageMessage {
  const element = doc.createElement('div');
  element.textContent = 'Here is the answer.';
  doc.body.append(element);
  return { id, role: 'assistant', element, pageId: true };
}

const seed = (answer: PageMessage): PageEvent => ({
  kind: 'seed',
  seed: { conversation: 'conv', messages: [{ id: answer.id, role: 'assistant' }] } as never,
  answers: [{ turnId: answer.id, answer }],
});
const seedReply = (answer: PageMessage, counted: boolean): PageEvent => ({
  kind: 'seed-reply',
  messages: [{ id: answer.id, role: 'assistant' }] as never,
  result: { ok: true, value: { ok: true, footprints: counted ? { [answer.id]: FOOTPRINT } : {} } },
});
const scanned = (answer: PageMessage): PageEvent => ({ kind: 'scanned', messages: [answer] });

/** A load the test settles: the calls it sees, and the module to hand back. */
function pending() {
  let settle!: (ok: boolean) => void;
  const seen: string[] = [];
  class Recording extends PageLabels {
    override readonly onEvent = (event: PageEvent): void => void seen.push(event.kind);
    override setEnabled(on: boolean): void {
      seen.push(`enabled:${on}`);
    }
  }
  const load = vi.fn(
    () =>
      new Promise<{ PageLabels: typeof PageLabels }>((resolve, reject) => {
        settle = (ok) => (ok ? resolve({ PageLabels: Recording }) : reject(new Error('blocked')));
      }),
  );
  return { load, seen, settle: (ok: boolean) => settle(ok) };
}

afterEach(() => void vi.restoreAllMocks());

describe('lazy page labels', () => {
  it('loads nothing for the quiet scans, a setting, or a chat none of whose answers was counted before', () => {
    const doc = loadPage('<main></main>', 'https://chatgpt.com/c/conv');
    const { load } = pending();
    const labels = lazyPageLabels(lazyModule(load, 'PageLabels'), doc);
    const a = answerOn(doc, 'a1');
    labels.setEnabled(false);
    labels.onEvent(scanned(a));
    labels.onEvent(seed(a));
    labels.onEvent(seedReply(a, false));
    labels.onEvent({ kind: 'health', health: {} as never });
    expect(load).not.toHaveBeenCalled();
  });

  it('starts the load at the first label to show and replays every call made meanwhile, in order', async () => {
    const doc = loadPage('<main></main>', 'https://chatgpt.com/c/conv');
    const { load, seen, settle } = pending();
    const labels = lazyPageLabels(lazyModule(load, 'PageLabels'), doc);
    const a = answerOn(doc, 'a1');
    const b = answerOn(doc, 'a2');
    labels.setEnabled(true);
    labels.onEvent(scanned(a)); // no label yet to put back: not kept
    labels.onEvent(seed(b)); // this batch was never counted: its reply drops it
    labels.onEvent(seedReply(b, false));
    labels.onEvent(seed(a));
    labels.onEvent(seedReply(a, true));
    expect(load).toHaveBeenCalledTimes(1);
    labels.onEvent({ kind: 'prompt', expected: {} as never });
    labels.setEnabled(false);
    labels.onEvent(scanned(a));
    expect(seen).toEqual([]);
    settle(true);
    await vi.waitFor(() => expect(seen.length).toBeGreaterThan(0));
    expect(seen).toEqual(['enabled:true', 'seed', 'seed-reply', 'prompt', 'enabled:false', 'scanned']);
    labels.onEvent(scanned(b));
    expect(seen.at(-1)).toBe('scanned');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preloads once when asked (the page idle), and replays every call made while it loads', async () => {
    const doc = loadPage('<main></main>', 'https://chatgpt.com/c/conv');
    const { load, seen, settle } = pending();
    const labels = lazyPageLabels(lazyModule(load, 'PageLabels'), doc);
    const a = answerOn(doc, 'a1');
    labels.preload();
    labels.preload();
    expect(load).toHaveBeenCalledTimes(1);
    labels.onEvent(scanned(a));
    labels.setEnabled(true);
    labels.onEvent({ kind: 'prompt', expected: {} as never });
    settle(true);
    await vi.waitFor(() => expect(seen.length).toBeGreaterThan(0));
    expect(seen).toEqual(['scanned', 'enabled:true', 'prompt']);
    labels.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("shows the reloaded chat's labels with the real labels once loaded", async () => {
    const doc = loadPage('<main></main>', 'https://chatgpt.com/c/conv');
    const labels = lazyPageLabels(
      lazyModule(async () => ({ PageLabels }), 'PageLabels'),
      doc,
    );
    const a = answerOn(doc, 'a1');
    labels.onEvent(seed(a));
    labels.onEvent(seedReply(a, true));
    await vi.waitFor(() => expect(a.element.nextElementSibling?.shadowRoot?.textContent).toContain(FOOTPRINT.texts.summary));
  });

  it('logs a failed load once, keeps nothing, and takes later calls without throwing', async () => {
    const doc = loadPage('<main></main>', 'https://chatgpt.com/c/conv');
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const { load, seen, settle } = pending();
    const labels = lazyPageLabels(lazyModule(load, 'PageLabels'), doc);
    const a = answerOn(doc, 'a1');
    labels.onEvent({ kind: 'skipped', answer: a, reason: 'answer-unreadable' as never });
    settle(false);
    await vi.waitFor(() => expect(debug).toHaveBeenCalledTimes(1));
    expect(() => {
      labels.onEvent({ kind: 'prompt', expected: {} as never });
      labels.onEvent(seedReply(a, true));
      labels.setEnabled(false);
    }).not.toThrow();
    await Promise.resolve();
    expect(debug).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([]);
    expect(a.element.nextElementSibling).toBeNull();
  });
});
