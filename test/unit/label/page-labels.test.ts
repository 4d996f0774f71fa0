/**
 * The page label: after each counted answer, in its own shadow root, in the page flow; the token
 * counts for hover, keyboard focus and screen readers; back after the site re-renders its messages;
 * "not counted" with the reason; and never an exception into the page.
 * The real tracker drives it on the ChatGPT fixture, the worker's reply is stubbed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationSeed, ConversationSeeded, TurnFootprint, TurnRecorded } from '../../../src/domain/turns';
import { PageLabels } from '../../../src/label/page-labels';
import { createAnnouncer, createLabelHost } from '../../../src/label/render';
import { countedLabelTexts } from '../../../src/label/texts';
import { watchLabelSetting } from '../../../src/label/setting';
import type { MessageResult } from '../../../src/messaging/messaging';
import { ADAPTERS, lazyReadersOf } from '../../support/adapters';
import { createPageTracker } from '../../../src/tracking/tracker';
import { useCatalog } from '../../support/messages';
import { fixture, loadPage } from '../support/load-page';

const flush = (ms: number) => vi.advanceTimersByTimeAsync(ms);
/** Well past the announcer's short wait before it speaks. */
const ANNOUNCER_SETTLED_MS = 1_000;

// The element names the label and the announcer are put on the page under.
const blank = loadPage('<main></main>', 'https://chatgpt.com/');
const LABEL_TAG = createLabelHost(blank).localName;
const ANNOUNCER_TAG = createAnnouncer(blank).localName;

const FIGURES = {
  energyKwh: 0.0042,
  carbonG: 0.19,
  waterL: 0.00081,
  inputTokens: 1234,
  outputTokens: 5678,
  estimatedReasoningTokens: 900,
  images: 2,
};
// The worker formats the texts in the UI language (src/label/texts.ts) and sends them with the figures.
const FOOTPRINT: TurnFootprint = { ...FIGURES, texts: countedLabelTexts(FIGURES, 'en') };

type SeedReply = (messages: ConversationSeed['messages']) => MessageResult<ConversationSeeded>;
const noneCountedBefore: SeedReply = () => ({ ok: true, value: { ok: true, footprints: {} } });

function page(
  reply: (turnId: string) => MessageResult<TurnRecorded> = (turnId) => ({ ok: true, value: { ok: true, turnId, footprint: FOOTPRINT } }),
  seedReply: SeedReply = noneCountedBefore,
  html = fixture('sites/chatgpt.html'),
) {
  const doc = loadPage(html, 'https://chatgpt.com/c/conv-a');
  const send = vi.fn(async (type: string, data: unknown): Promise<MessageResult<never>> => {
    if (type === 'turn/completed') return reply((data as { turnId: string }).turnId) as never;
    if (type === 'conversation/seed') return seedReply((data as ConversationSeed).messages) as never;
    return { ok: true, value: { ok: true } as never };
  });
  const labels = new PageLabels(doc);
  const tracker = createPageTracker({
    adapter: ADAPTERS.chatgpt,
    doc,
    url: () => 'https://chatgpt.com/c/conv-a',
    send: send as never,
    lazyReaders: lazyReadersOf('chatgpt'),
  });
  tracker.subscribe(labels.onEvent);
  return { doc, tracker, labels };
}

async function answer(doc: Document, n: number, text = 'Here is the answer.', prompt = `Question ${n}`) {
  const thread = doc.getElementById('thread')!;
  thread.insertAdjacentHTML(
    'beforeend',
    `<article><div data-message-author-role="user" data-message-id="u${n}"><div class="whitespace-pre-wrap">${prompt}</div></div></article>`,
  );
  doc.getElementById('send-slot')!.innerHTML = '<button data-testid="stop-button">Stop</button>';
  await flush(500);
  thread.insertAdjacentHTML(
    'beforeend',
    `<article><div data-message-author-role="assistant" data-message-id="a${n}"><div class="markdown">${text}</div></div></article>`,
  );
  await flush(500);
  doc.getElementById('send-slot')!.innerHTML = '<button data-testid="send-button">Send</button>';
  await flush(1_000);
}

const answerEl = (doc: Document, n: number) => doc.querySelector(`[data-message-id="a${n}"]`)!;
const labelAfter = (el: Element) => (el.nextElementSibling?.tagName.toLowerCase() === LABEL_TAG ? (el.nextElementSibling as HTMLElement) : null);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  useCatalog('en');
});

describe('the page label', () => {
  it('appears right after a counted answer, in a shadow root, with ≈ energy · carbon · water', async () => {
    const p = page();
    p.tracker.start();
    await flush(1_000);
    await answer(p.doc, 1);
    const host = labelAfter(answerEl(p.doc, 1));
    expect(host).not.toBeNull();
    expect(host!.shadowRoot).not.toBeNull();
    // Nothing of the label is in the page's own DOM text (the tracker and the site never read it).
    expect(host!.textContent).toBe('');
    const button = host!.shadowRoot!.querySelector('button')!;
    expect(button.textContent).toBe('≈\u00a04.2\u00a0Wh · ≈\u00a0190\u00a0mg CO₂e · ≈\u00a0810\u00a0µL');
    expect(host!.dataset.state).toBe('counted');
    p.tracker.stop();
  });

  it('gives the exact token counts, the reasoning estimate and the images to hover, focus and screen readers', async () => {
    const p = page();
    p.tracker.start();
    await flush(1_000);
    await answer(p.doc, 2);
    const root = labelAfter(answerEl(p.doc, 2))!.shadowRoot!;
    const button = root.querySelector('button')!;
    const details = root.getElementById('details')!;
    const css = () =>
      [...root.adoptedStyleSheets].flatMap((s) => [...s.cssRules].map((r) => r.cssText)).join('\n') + (root.querySelector('style')?.textContent ?? '');
    expect(details.textContent).toBe('1,234 input tokens · 5,678 output tokens · ≈ 900 reasoning tokens (estimated) · 2 generated images');
    // Named by what it shows (speech input says what it sees); described by the sentence a screen
    // reader says: the amounts in words, the counts as shown. The description is never shown.
    expect(button.getAttribute('aria-label')).toBeNull();
    expect(button.getAttribute('aria-describedby')).toBe('spoken');
    const spoken = root.getElementById('spoken')!;
    expect(spoken.textContent).toBe(
      `Footprint of this answer: about 4.2 watt-hours, about 190 milligrams of CO2 equivalent, about 810 microlitres. ${details.textContent}`,
    );
    expect(css().replace(/\s/g, '')).toMatch(/\.spoken\{display:none;?\}/);
    // A real button: reachable with Tab, and focus is what reveals the details (with hover).
    expect(button.tagName).toBe('BUTTON');
    button.focus();
    expect(root.activeElement).toBe(button);
    expect(css().replace(/\s/g, '')).toMatch(/button:focus\+\.details[^{]*\{display:inline/);
    p.tracker.stop();
  });

  it('follows the UI language', async () => {
    useCatalog('de');
    const doc = loadPage(fixture('sites/chatgpt.html'), 'https://chatgpt.com/c/conv-a');
    const labels = new PageLabels(doc);
    const el = doc.querySelector('[data-message-author-role="assistant"]')!;
    labels.onEvent({ kind: 'turn', turn: { turnId: 't1' } as never, answer: { id: 'm1', role: 'assistant', element: el, pageId: true } });
    const german = { ...FIGURES, texts: countedLabelTexts(FIGURES, 'de') };
    labels.onEvent({ kind: 'turn-reply', turnId: 't1', result: { ok: true, value: { ok: true, turnId: 't1', footprint: german } } });
    const root = labelAfter(el)!.shadowRoot!;
    expect(root.querySelector('button')!.textContent).toBe('≈\u00a04,2\u00a0Wh · ≈\u00a0190\u00a0mg CO₂e · ≈\u00a0810\u00a0µL');
    expect(root.getElementById('details')!.textContent).toContain('1.234 Eingabe-Tokens');
  });

  it('re-attaches after the site re-renders the answer, on the next quiet scan, without a rescan of its own', async () => {
    const p = page();
    p.tracker.start();
    await flush(1_000);
    await answer(p.doc, 3);
    const host = labelAfter(answerEl(p.doc, 3))!;
    // The site replaces the whole turn with a fresh element carrying the same message id.
    const article = answerEl(p.doc, 3).parentElement!;
    article.innerHTML = '<div data-message-author-role="assistant" data-message-id="a3"><div class="markdown">Here is the answer.</div></div>';
    expect(host.isConnected).toBe(false);
    const querySpy = vi.spyOn(p.doc, 'querySelectorAll');
    await flush(1_000);
    expect(labelAfter(answerEl(p.doc, 3))).toBe(host);
    // The label itself searched nothing: the only page queries were the tracker's own scan.
    expect(querySpy.mock.calls.every(([sel]) => !String(sel).includes(LABEL_TAG))).toBe(true);
    p.tracker.stop();
  });

  it('says "not counted", with the reason on hover, when the worker refused the turn', async () => {
    const p = page(() => ({ ok: false, error: { code: 'INVALID_MESSAGE', message: 'bad' } }));
    p.tracker.start();
    await flush(1_000);
    await answer(p.doc, 4);
    const host = labelAfter(answerEl(p.doc, 4))!;
    expect(host.dataset.state).toBe('not-counted');
    const root = host.shadowRoot!;
    expect(root.querySelector('button')!.textContent).toBe('not counted');
    expect(root.getElementById('details')!.textContent).toBe('The extension could not count it (error INVALID_MESSAGE).');
    expect(root.getElementById('spoken')!.textContent).toBe('This answer was not counted: The extension could not count it (error INVALID_MESSAGE).');
    p.tracker.stop();
  });

  it('says "not counted" with the tracker\'s reason, in the UI language, when it skipped an answer', () => {
    const skipped = (lang: string) => {
      useCatalog(lang);
      const doc = loadPage(fixture('sites/chatgpt.html'), 'https://chatgpt.com/c/conv-a');
      const el = doc.querySelector('[data-message-author-role="assistant"]')!;
      new PageLabels(doc).onEvent({ kind: 'skipped', answer: { id: 'm1', role: 'assistant', element: el, pageId: true }, reason: 'prompt-heading-only' });
      const root = labelAfter(el)!.shadowRoot!;
      return { summary: root.querySelector('button')!.textContent, details: root.getElementById('details')!.textContent };
    };
    expect(skipped('en')).toEqual({
      summary: 'not counted',
      details: 'Prompts read as their heading only, not as what was typed (the page layout may have changed), so nothing is counted.',
    });
    expect(skipped('de')).toEqual({
      summary: 'nicht gezählt',
      details:
        'Prompts werden nur als ihre Überschrift gelesen, nicht als der eingegebene Text (der Seitenaufbau hat sich vielleicht geändert), daher wird nichts gezählt.',
    });
    expect(skipped('ja')).toEqual({
      summary: '未カウント',
      details: 'プロンプトが入力内容ではなく見出しだけとして読み取られました（ページの構成が変わった可能性があります）。そのため何もカウントしていません。',
    });
  });

  it('skips an answer whose prompt reads as empty with that reason, from the real tracker', async () => {
    const p = page();
    p.tracker.start();
    await flush(1_000);
    await answer(p.doc, 7, 'Here is the answer.', '');
    const host = labelAfter(answerEl(p.doc, 7));
    expect(host?.dataset.state).toBe('not-counted');
    expect(host!.shadowRoot!.getElementById('details')!.textContent).toBe('A prompt reads as empty (the page layout may have changed), so nothing is counted.');
    p.tracker.stop();
  });

  it('shows nothing while a transient send failure is being retried', async () => {
    const p = page(() => ({ ok: false, error: { code: 'NO_RECEIVER', message: 'asleep' } }));
    p.tracker.start();
    await flush(1_000);
    await answer(p.doc, 5);
    expect(labelAfter(answerEl(p.doc, 5))).toBeNull();
    p.tracker.stop();
  });

  it('is removed by the site switch and comes back when it is on again', async () => {
    const p = page();
    p.tracker.start();
    await flush(1_000);
    await answer(p.doc, 6);
    p.labels.setEnabled(false);
    expect(p.doc.querySelector(LABEL_TAG)).toBeNull();
    p.labels.setEnabled(true);
    expect(labelAfter(answerEl(p.doc, 6))).not.toBeNull();
    p.tracker.stop();
  });

  it('never throws into the page', async () => {
    const doc = loadPage('<main></main>', 'https://chatgpt.com/c/x');
    const labels = new PageLabels(doc);
    const broken = { id: 'x', role: 'assistant', pageId: true, element: null } as never;
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    expect(() => labels.onEvent({ kind: 'turn', turn: { turnId: 't' } as never, answer: broken })).not.toThrow();
    expect(() => labels.onEvent({ kind: 'skipped', answer: broken, reason: 'prompt-empty' })).not.toThrow();
    expect(() => labels.onEvent({ kind: 'scanned', messages: null as never })).not.toThrow();
    expect(() =>
      labels.onEvent({ kind: 'turn-reply', turnId: 't', result: { ok: true, value: { ok: true, turnId: 't', footprint: FOOTPRINT } } }),
    ).not.toThrow();
    expect(() => labels.setEnabled(false)).not.toThrow();
    expect(debug).toHaveBeenCalled();
  });
});

describe('the announcer', () => {
  const regionOf = (doc: Document) => doc.querySelector(ANNOUNCER_TAG)?.shadowRoot?.querySelector('[role="status"]') ?? null;

  it('is in the page, empty, before it says each new answer’s footprint once, politely; the labels are no live regions', async () => {
    const before: Array<string | null> = [];
    const p = page((turnId) => {
      // When the worker is asked: the region is already in the page, with what it said last.
      before.push(regionOf(p.doc)?.isConnected ? regionOf(p.doc)!.textContent : null);
      return { ok: true, value: { ok: true, turnId, footprint: FOOTPRINT } };
    });
    p.tracker.start();
    await flush(1_000);
    await answer(p.doc, 1);
    await flush(ANNOUNCER_SETTLED_MS);
    const region = regionOf(p.doc)!;
    expect(region.textContent).toBe(FOOTPRINT.texts.spoken);
    // role=status is polite: it waits for the screen reader to finish what it is saying.
    expect(region.getAttribute('aria-live')).toBeNull();
    await answer(p.doc, 2);
    await flush(ANNOUNCER_SETTLED_MS);
    expect(before).toEqual(['', FOOTPRINT.texts.spoken]);
    expect(region.childNodes).toHaveLength(1);
    expect(p.doc.querySelectorAll(ANNOUNCER_TAG)).toHaveLength(1);
    for (const n of [1, 2]) expect(labelAfter(answerEl(p.doc, n))!.shadowRoot!.querySelector('[role="status"], [aria-live]')).toBeNull();
    p.tracker.stop();
  });

  it('waits a moment before its first words when it had to come into the page with the verdict', async () => {
    const doc = loadPage('<main><p id="a">An answer</p></main>', 'https://chatgpt.com/c/x');
    const labels = new PageLabels(doc);
    const answer = { id: 'a', role: 'assistant', element: doc.getElementById('a')!, pageId: true } as const;
    labels.onEvent({ kind: 'turn', turn: { turnId: 't1' } as never, answer });
    labels.onEvent({ kind: 'turn-reply', turnId: 't1', result: { ok: true, value: { ok: true, turnId: 't1', footprint: FOOTPRINT } } });
    expect(labelAfter(answer.element)).not.toBeNull();
    expect(regionOf(doc)!.textContent).toBe('');
    await flush(ANNOUNCER_SETTLED_MS);
    expect(regionOf(doc)!.textContent).toBe(FOOTPRINT.texts.spoken);
  });

  it('says nothing while the site switch is off', async () => {
    const p = page();
    p.labels.setEnabled(false);
    p.tracker.start();
    await flush(1_000);
    await answer(p.doc, 1);
    await flush(ANNOUNCER_SETTLED_MS);
    expect(regionOf(p.doc)?.textContent ?? '').toBe('');
    p.tracker.stop();
  });
});

describe('the page label of an answer counted before a reload', () => {
  const ANSWER_1 = 'f1a2b3c4-0002-4000-8000-000000000002';
  const ANSWER_2 = 'f1a2b3c4-0004-4000-8000-000000000004';
  /** The worker recorded these answers before: its reply to their seed batch has their footprints. */
  const countedBefore =
    (...ids: string[]): SeedReply =>
    (messages) => ({
      ok: true,
      value: { ok: true, footprints: Object.fromEntries(messages.filter((m) => ids.includes(m.id)).map((m) => [m.id, FOOTPRINT])) },
    });
  const byId = (doc: Document, id: string) => doc.querySelector(`[data-message-id="${id}"]`)!;

  it('comes back on the answers the worker recorded, with their texts, and on no other', async () => {
    const p = page(undefined, countedBefore(ANSWER_1));
    p.tracker.start();
    await flush(2_000);
    const host = labelAfter(byId(p.doc, ANSWER_1))!;
    expect(host.dataset.state).toBe('counted');
    expect(host.shadowRoot!.querySelector('button')!.textContent).toBe(FOOTPRINT.texts.summary);
    expect(host.shadowRoot!.getElementById('details')!.textContent).toBe(FOOTPRINT.texts.details);
    // Never counted (from before the extension was installed): no label, not even "not counted".
    expect(labelAfter(byId(p.doc, ANSWER_2))).toBeNull();
    expect(p.doc.querySelectorAll(LABEL_TAG)).toHaveLength(1);
    // Put back, not new: nothing is announced.
    expect(p.doc.querySelector(ANNOUNCER_TAG)?.shadowRoot?.textContent ?? '').toBe('');
    p.tracker.stop();
  });

  it('shows nothing while the seed is being resent, and comes once the worker answers', async () => {
    let asleep = true;
    const p = page(undefined, (messages) =>
      asleep ? { ok: false, error: { code: 'NO_RECEIVER', message: 'asleep' } } : countedBefore(ANSWER_1, ANSWER_2)(messages),
    );
    p.tracker.start();
    await flush(2_000);
    expect(p.doc.querySelector(LABEL_TAG)).toBeNull();
    asleep = false;
    await flush(2_000);
    expect(p.doc.querySelectorAll(LABEL_TAG)).toHaveLength(2);
    p.tracker.stop();
  });

  it('is not shown while the site switch is off, and shows when it is turned on', async () => {
    const p = page(undefined, countedBefore(ANSWER_1, ANSWER_2));
    p.labels.setEnabled(false);
    p.tracker.start();
    await flush(2_000);
    expect(p.doc.querySelector(LABEL_TAG)).toBeNull();
    p.labels.setEnabled(true);
    expect(labelAfter(byId(p.doc, ANSWER_1))).not.toBeNull();
    expect(labelAfter(byId(p.doc, ANSWER_2))).not.toBeNull();
    p.labels.setEnabled(false);
    expect(p.doc.querySelector(LABEL_TAG)).toBeNull();
    p.tracker.stop();
  });

  it('re-attaches after the site re-renders the answer, on the next quiet scan', async () => {
    const p = page(undefined, countedBefore(ANSWER_2));
    p.tracker.start();
    await flush(2_000);
    const host = labelAfter(byId(p.doc, ANSWER_2))!;
    const article = byId(p.doc, ANSWER_2).parentElement!;
    article.innerHTML = article.innerHTML.replace(/<ai-footprint-label[^>]*><\/ai-footprint-label>/, '');
    expect(host.isConnected).toBe(false);
    await flush(2_000);
    expect(labelAfter(byId(p.doc, ANSWER_2))).toBe(host);
    p.tracker.stop();
  });

  it('makes a whole conversation’s labels in slices: the page gets its turn between them', async () => {
    const turns = Array.from(
      { length: 200 },
      (_, i) =>
        `<article><div data-message-author-role="user" data-message-id="u-${i}"><div class="whitespace-pre-wrap">Question ${i}</div></div></article>` +
        `<article><div data-message-author-role="assistant" data-message-id="a-${i}"><div class="markdown"><p>Answer ${i}</p></div></div></article>`,
    ).join('');
    const doc = loadPage(`<main><div id="thread">${turns}</div></main>`, 'https://chatgpt.com/c/conv-a');
    const ids = Array.from({ length: 200 }, (_, i) => `a-${i}`);
    const messages = ids.map((id) => ({ id, role: 'assistant' as const, text: `Answer ${id}` }));
    const labels = new PageLabels(doc);
    labels.onEvent({
      kind: 'seed',
      seed: { site: 'chatgpt', conversationId: 'conv-a', messages },
      answers: ids.map((id) => ({ turnId: id, answer: { id, role: 'assistant', element: byId(doc, id), pageId: true } })),
    });
    // The clock moves 1 ms each time it is read, as if every label took that long to make.
    let clock = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => (clock += 1));
    labels.onEvent({ kind: 'seed-reply', messages, result: countedBefore(...ids)(messages) });
    const placedInReplyTask = doc.querySelectorAll(LABEL_TAG).length;
    expect(placedInReplyTask).toBeGreaterThan(0);
    expect(placedInReplyTask).toBeLessThan(200);
    await flush(1_000);
    expect(doc.querySelectorAll(LABEL_TAG)).toHaveLength(200);
    expect(ids.every((id) => labelAfter(byId(doc, id)) !== null)).toBe(true);
  });
});

describe('the per-site switch', () => {
  it.each([
    ['no settings stored', undefined, 'chatgpt', true],
    ['no switch set', { pageLabels: {} }, 'chatgpt', true],
    ['the site switched off', { pageLabels: { chatgpt: false } }, 'chatgpt', false],
    ['another site switched off', { pageLabels: { chatgpt: false } }, 'claude', true],
  ] as const)('is on unless the site is switched off: %s', async (_, stored, site, on) => {
    const seen: boolean[] = [];
    watchLabelSetting(site, (value) => seen.push(value), extension(stored).api);
    await flush(0);
    expect(seen).toEqual([on]);
  });

  /** The content script's extension API: the settings as stored, and the messages the worker sends it. */
  function extension(stored: unknown) {
    let listener: ((message: unknown, sender: unknown, sendResponse: (answer: unknown) => void) => unknown) | undefined;
    const storageListeners: unknown[] = [];
    return {
      api: {
        storage: { local: { get: vi.fn(async () => ({ settings: stored })) }, onChanged: { addListener: (l: unknown) => void storageListeners.push(l) } },
        runtime: { onMessage: { addListener: (l: typeof listener) => void (listener = l) } },
      },
      storageListeners,
      /** The worker's labels/switch message; what the content script answered. */
      send(message: unknown) {
        const answers: unknown[] = [];
        listener!(message, {}, (a) => answers.push(a));
        return answers;
      },
    };
  }

  it('is read once at start and followed through the worker’s switch messages for its own site', async () => {
    const seen: boolean[] = [];
    const ext = extension({ pageLabels: { claude: false } });
    watchLabelSetting('claude', (on) => seen.push(on), ext.api);
    await flush(0);
    expect(ext.send({ type: 'labels/switch', data: { site: 'claude', on: true } })).toEqual([{ ok: true, value: { ok: true } }]);
    ext.send({ type: 'labels/switch', data: { site: 'gemini', on: false } });
    ext.send({ type: 'page/report', data: {} });
    expect(seen).toEqual([false, true]);
    expect(ext.api.storage.local.get).toHaveBeenCalledTimes(1);
  });

  it('never listens to storage changes (every ledger write would reach the page), and a switch beats a late first read', async () => {
    const seen: boolean[] = [];
    const ext = extension({ pageLabels: { claude: false } });
    watchLabelSetting('claude', (on) => seen.push(on), ext.api);
    ext.send({ type: 'labels/switch', data: { site: 'claude', on: true } });
    await flush(0);
    expect(seen).toEqual([true]);
    expect(ext.storageListeners).toEqual([]);
  });
});
