// @vitest-environment happy-dom
/**
 * The popup as the entrypoint runs it: its numbers come from `loadState` (in
 * production loadPopupState, which reads storage; here the stored state of
 * each test, and once the real loader over a real ledger), its actions go to a
 * fake worker (see fake-worker.ts: only sendMessage is replaced, because the
 * real worker cannot run here). Rendered with Preact in happy-dom; browser
 * APIs come from WXT's fake browser.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SITE_LABELS } from '../../../src/sites';
import { PopupStateSchema, type PopupState } from '../../../src/domain';
import type { MessageResult } from '../../../src/messaging/messaging';
import { carbonQuantity, energyQuantity, formatCount, quantityText, waterQuantity, type Quantity } from '../../../src/display';
import { useCatalog } from '../../support/messages';
import { createLedger } from '../../../src/ledger/ledger';
import { loadPopupState } from '../../../src/popup/load-state';
import { memoryKeyStore } from '../../support/key-store';
import { createFakeWorker, type FakeHandlers, type FakeWorker } from '../support/fake-worker';
import { REMOTE_OFF, ledgerEntry, popupState } from '../support/popup-fixtures';

const port = vi.hoisted(() => ({ worker: null as FakeWorker | null }));
vi.mock('../../../src/messaging/messaging', () => ({
  sendMessage: (type: never, data: never) => port.worker!.sendMessage(type, data),
}));

const { App } = await import('../../../src/popup/App');

let root: HTMLElement;
let numbersShown = 0;

/** What storage holds, as loadPopupState would read it; null: unreadable. */
const stored = { read: null as (() => PopupState | Promise<PopupState>) | null, reads: 0 };
async function loadState(): Promise<MessageResult<PopupState>> {
  stored.reads++;
  if (!stored.read) return { ok: false, error: { code: 'STATE_UNREADABLE', message: 'Could not read the stored numbers: no data.' } };
  return { ok: true, value: PopupStateSchema.parse(await stored.read()) };
}

async function settle() {
  for (let i = 0; i < 5; i++)
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
}

async function mount(state: PopupState | null, handlers: FakeHandlers = {}) {
  stored.read = state ? () => state : null;
  stored.reads = 0;
  port.worker = createFakeWorker(handlers);
  numbersShown = 0;
  await act(() => render(<App locale="en-US" loadState={loadState} onNumbersShown={() => numbersShown++} />, root));
  await settle();
  return port.worker;
}

/** A quantity as the popup's text reads once whitespace is collapsed. */
const shown = (q: Quantity) => quantityText(q).replace(/\s+/g, ' ');
const $ = (sel: string) => root.querySelector(sel) as HTMLElement | null;
const byTestId = (id: string) => $(`[data-testid="${id}"]`)!;
const text = (id: string) => byTestId(id).textContent!.replace(/\s+/g, ' ').trim();
const buttonNamed = (name: string) => [...root.querySelectorAll('button')].find((b) => b.textContent!.trim() === name) as HTMLButtonElement | undefined;
async function click(el: HTMLElement) {
  await act(() => el.click());
  await settle();
}
async function choose(select: HTMLSelectElement, value: string) {
  select.value = value;
  await act(() => {
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await settle();
}
async function type(input: HTMLInputElement, value: string) {
  input.value = value;
  await act(() => {
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

beforeEach(() => {
  fakeBrowser.reset();
  root = document.createElement('div');
  document.body.appendChild(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
  vi.restoreAllMocks();
});

describe('loading and errors', () => {
  it('says it is loading until the numbers are read', async () => {
    let answer!: (s: PopupState) => void;
    stored.read = () => new Promise<PopupState>((r) => (answer = r));
    await act(() => render(<App locale="en-US" loadState={loadState} />, root));
    expect(text('loading')).toMatch(/Loading/);
    expect($('[data-testid="total-energy"]')).toBeNull();
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    await act(async () => answer(popupState()));
    await settle();
    expect($('[data-testid="loading"]')).toBeNull();
    expect($('[data-testid="total-energy"]')).not.toBeNull();
  });

  it('says the stored numbers could not be read instead of showing zeros', async () => {
    await mount(null);
    expect(text('load-error')).toMatch(/STATE_UNREADABLE/);
    expect($('[data-testid="total-energy"]')).toBeNull();
    expect(numbersShown).toBe(0);
  });

  it('retries on request and shows the numbers once they can be read', async () => {
    await mount(null);
    const state = popupState();
    stored.read = () => state;
    await click(buttonNamed('Try again')!);
    expect(text('total-energy')).toBe(shown(energyQuantity(state.totals.today.energyKwh, 'en')));
  });
});

describe('totals', () => {
  it("shows today's energy, carbon and water with fitting units and signals the numbers once", async () => {
    const state = popupState();
    await mount(state);
    expect(text('total-energy')).toBe(shown(energyQuantity(state.totals.today.energyKwh, 'en')));
    expect(text('total-carbon')).toBe(shown(carbonQuantity(state.totals.today.carbonG, 'en')));
    expect(text('total-water')).toBe(shown(waterQuantity(state.totals.today.waterL, 'en')));
    const n = state.totals.today.turns;
    expect(text('total-turns')).toContain(`${n} ${n === 1 ? 'answer' : 'answers'}: ${formatCount(state.totals.today.inputTokens, 'en')} input`);
    expect(numbersShown).toBe(1);
  });

  it('switches between today, 7 days, 30 days and all time', async () => {
    const state = popupState();
    await mount(state);
    for (const [label, key] of [
      ['7 days', 'last7'],
      ['30 days', 'last30'],
      ['All time', 'allTime'],
      ['Today', 'today'],
    ] as const) {
      const radio = [...root.querySelectorAll<HTMLInputElement>('input[name="period"]')].find((r) => r.parentElement!.textContent === label)!;
      await click(radio);
      expect(radio.checked).toBe(true);
      expect(text('total-energy')).toBe(shown(energyQuantity(state.totals[key].energyKwh, 'en')));
      expect(text('total-water')).toBe(shown(waterQuantity(state.totals[key].waterL, 'en')));
    }
  });

  it("shows the region's water-stress badge with its note", async () => {
    await mount(popupState({ settings: { region: 'us-west-california', countHistory: true, estimateReasoning: true, modelOverrides: {} } }));
    expect($('.badge.stress-critical')!.textContent).toBe('Critical water stress');
    expect($('.stress .note')!.textContent).toMatch(/^US West \(California\) has critical water stress/);
  });

  it('shows the three most telling equivalents, the rest behind More, each opening to its factor and source', async () => {
    const state = popupState();
    const today = { ...state.totals.today, turns: 1, energyKwh: 0.0024, carbonG: 1.14, waterL: 0.0043 };
    await mount({ ...state, totals: { ...state.totals, today } });
    const eq = byTestId('equivalents');
    const top = [...eq.querySelectorAll(':scope > ul > li')];
    expect(top.map((li) => li.getAttribute('data-field'))).toEqual(['km_driven', 'smartphones_charged', 'led_hours']);
    expect(top.map((li) => li.querySelector('summary')!.textContent!.replace(/\s+/g, ' '))).toEqual([
      '≈ 6.7 m driven in an average car',
      '≈ 20% of a smartphone charge',
      '≈ 16 min of a 9 W LED bulb',
    ]);
    // One click away: the factor in a human unit and its source.
    expect(top[1]!.querySelector('.factor')!.textContent!.replace(/\s+/g, ' ')).toBe(
      '12 Wh per smartphone charge Source: US EPA Greenhouse Gas Equivalencies Calculator',
    );
    const more = byTestId('equivalents-more');
    expect(more.tagName).toBe('DETAILS');
    expect((more as HTMLDetailsElement).open).toBe(false);
    expect(more.querySelector('summary')!.textContent).toBe('More (2)');
    const search = more.querySelector('[data-field="google_searches"]')!;
    expect(search.querySelector('summary')!.textContent!.replace(/\s+/g, ' ')).toBe('≈ 8 web searches');
    expect(search.querySelector('.factor')!.textContent!.replace(/\s+/g, ' ')).toContain('0.3 Wh per web search');
    // Less than one bottle or one email is not shown at all.
    expect(eq.querySelector('[data-field="water_bottles_500ml"]')).toBeNull();
    expect(eq.querySelector('[data-field="emails_equivalent"]')).toBeNull();
  });

  it('says when a period has no answers rather than only showing zeros', async () => {
    const state = popupState();
    await mount({ ...state, totals: { ...state.totals, today: { turns: 0, inputTokens: 0, outputTokens: 0, energyKwh: 0, carbonG: 0, waterL: 0 } } });
    expect(text('total-turns')).toBe('No answers recorded in this period.');
  });
});

describe('most recent answer', () => {
  it('shows site, model, exact token counts with the prompt/history split, footprint and how it was computed', async () => {
    const last = ledgerEntry({
      site: 'claude',
      modelKey: 'beta-opus-5',
      promptTokens: 1234,
      historyTokens: 56_789,
      answerTokens: 4321,
      computedBy: 'remote',
      plan: 'pro',
    });
    await mount(popupState({ lastTurn: last }));
    expect(text('last-answer')).toContain(SITE_LABELS.claude);
    expect(text('last-model')).toBe('beta-opus-5');
    expect(text('last-input')).toBe('58,023');
    expect(text('last-prompt')).toBe('1,234');
    expect(text('last-history')).toBe('56,789');
    expect(text('last-output')).toBe('4,321');
    expect(text('last-energy')).toBe(shown(energyQuantity(last.energyKwh, 'en')));
    expect(text('last-carbon')).toBe(shown(carbonQuantity(last.carbonG, 'en')));
    expect(text('last-water')).toContain(shown(waterQuantity(last.waterL, 'en')));
    expect(text('last-computed-by')).toMatch(/plan pro/);
  });

  it('splits the latest answer’s input into text and attached files, and says how much is estimated', async () => {
    const base = ledgerEntry({ promptTokens: 42, historyTokens: 0, answerTokens: 300 });
    const files = { files: 2, tokens: 9180, estimatedTokens: 765, historyTokens: 0, estimatedHistoryTokens: 0 };
    await mount(popupState({ lastTurn: { ...base, extras: { attachments: files }, inputTokens: 42 + 9180 } }));
    expect(text('last-input')).toBe('9,222');
    expect(text('last-attachment-tokens')).toBe('9,180');
    expect(text('last-attachments')).toBe('9,180 tokens (2 files) · ≈ 765 estimated');
    // The prompt's own files are not history.
    expect($('[data-testid="last-history-share"]')).toBeNull();
  });

  it('says the prompt’s files and the earlier files re-read apart', async () => {
    const base = ledgerEntry({ promptTokens: 42, historyTokens: 100, answerTokens: 300 });
    const files = { files: 1, tokens: 765, estimatedTokens: 0, historyTokens: 1105, estimatedHistoryTokens: 0 };
    await mount(popupState({ lastTurn: { ...base, extras: { attachments: files }, inputTokens: 42 + 100 + 765 + 1105 } }));
    expect(text('last-attachments')).toBe('765 tokens (1 file) + 1,105 tokens (earlier files re-read)');
    expect(text('last-attachment-tokens')).toBe('1,870');
  });

  it('shows no attachments line for an answer without files', async () => {
    await mount(popupState({ lastTurn: ledgerEntry({ promptTokens: 42, historyTokens: 0, answerTokens: 300 }) }));
    expect($('[data-testid="last-attachments"]')).toBeNull();
    expect($('[data-testid="last-attachment-tokens"]')).toBeNull();
  });

  it('compares the latest answer with the usual one of the last 30 days', async () => {
    await mount(popupState());
    expect(text('last-energy')).toBe(shown(energyQuantity(popupState().lastTurn!.energyKwh, 'en')));
    const line = byTestId('last-vs-usual');
    expect(line.querySelector('[aria-hidden="true"]')!.textContent).toMatch(/^≈\u00a0\d(\.\d)?× usual$/);
    expect(line.title).toMatch(/^≈\u00a0\d(\.\d)?× the energy of your average answer in the last 30 days \(\d+ answers\)$/);
    expect(line.querySelector('.visually-hidden')!.textContent).toBe(line.title);
  });

  it('makes no comparison with too few answers to compare with', async () => {
    const state = popupState();
    await mount(popupState({ totals: { ...state.totals, last30: { ...state.totals.last30, turns: 3 } } }));
    expect(text('last-energy')).not.toBe('');
    expect($('[data-testid="last-vs-usual"]')).toBeNull();
  });

  it('says a fallback turn was computed locally and queued for the service', async () => {
    await mount(popupState({ lastTurn: ledgerEntry({ promptTokens: 5, historyTokens: 0, answerTokens: 5, computedBy: 'local-fallback' }) }));
    expect(text('last-computed-by')).toMatch(/locally because the service failed; queued/);
  });
});

describe('chart and breakdown', () => {
  it('draws an accessible bar per day with a title', async () => {
    const state = popupState();
    await mount(state);
    const svg = $('svg.chart')!;
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getAttribute('aria-label')).toMatch(/^Daily energy over the last 30 days/);
    expect(svg.querySelectorAll('rect.bar')).toHaveLength(30);
    expect(svg.querySelectorAll('rect.bar title')).toHaveLength(30);
  });

  it('lists energy by site and by model, largest first', async () => {
    const state = popupState();
    await mount(state);
    const siteRows = [...byTestId('by-site').querySelectorAll('tbody th')].map((th) => th.textContent);
    const expected = [...state.bySite].sort((a, b) => b.totals.energyKwh - a.totals.energyKwh).map((s) => SITE_LABELS[s.site]);
    expect(siteRows).toEqual(expected);
    expect(byTestId('by-model').querySelectorAll('tbody tr')).toHaveLength(state.byModel.length);
  });
});

describe('region', () => {
  it('saves a new region for new turns and says recorded turns keep theirs', async () => {
    let state = popupState();
    const worker = await mount(state, {
      'settings/update': (patch) => {
        state = { ...state, settings: { ...state.settings, region: patch.region ?? state.settings.region } };
        return { ok: true as const };
      },
    });
    stored.read = () => state;
    await choose($('#region') as HTMLSelectElement, 'eu-sweden');
    expect(worker.callsOf('settings/update')).toEqual([{ region: 'eu-sweden' }]);
    expect(root.textContent).toContain('Region set to EU (Sweden). New answers use it; recorded ones keep their region until you recompute.');
    expect(($('#region') as HTMLSelectElement).value).toBe('eu-sweden');
    expect($('.badge.stress-low')!.textContent).toBe('Low water stress');
  });

  it('recomputes the history only after confirmation and reports how many turns', async () => {
    const worker = await mount(popupState(), { 'ledger/recompute': () => ({ ok: true as const, recomputed: 42 }) });
    await click(buttonNamed('Recompute history with this region')!);
    expect(worker.callsOf('ledger/recompute')).toHaveLength(0);
    expect(root.textContent).toMatch(/Recompute all \d+ recorded answers with Global Average\?/);
    await click(buttonNamed('Cancel')!);
    expect(worker.callsOf('ledger/recompute')).toHaveLength(0);
    await click(buttonNamed('Recompute history with this region')!);
    await click(buttonNamed('Recompute')!);
    expect(worker.callsOf('ledger/recompute')).toHaveLength(1);
    expect(root.textContent).toContain('Recomputed 42 answers with Global Average.');
  });
});

describe('counting settings and health', () => {
  it('sets a per-site model override and goes back to the page model', async () => {
    const worker = await mount(popupState(), { 'settings/update': () => ({ ok: true as const }) });
    const select = $('#model-claude') as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(select.options[0]!.textContent).toBe('as shown on the page');
    await choose(select, 'beta-sonnet-5');
    await choose(select, '');
    expect(worker.callsOf('settings/update')).toEqual([
      { modelOverride: { site: 'claude', modelKey: 'beta-sonnet-5' } },
      { modelOverride: { site: 'claude', modelKey: null } },
    ]);
  });

  it('turns counting history off', async () => {
    const worker = await mount(popupState(), { 'settings/update': () => ({ ok: true as const }) });
    const box = [...root.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find((b) => b.parentElement!.textContent!.includes('history as input'))!;
    expect(box.checked).toBe(true);
    await click(box);
    expect(worker.callsOf('settings/update')).toEqual([{ countHistory: false }]);
  });

  it('has one switch per kind counted beyond the text, all on, each sent alone', async () => {
    const worker = await mount(popupState(), { 'settings/update': () => ({ ok: true as const }) });
    const kinds = ['attachments', 'search', 'research', 'voice', 'video'];
    const boxes = kinds.map((kind) => byTestId(`count-extra-${kind}`) as HTMLInputElement);
    expect(boxes.map((b) => [b.checked, b.parentElement!.textContent])).toEqual([
      [true, 'Attached files and pictures'],
      [true, 'Web searches'],
      [true, 'Deep research runs'],
      [true, 'Voice conversations, as audio'],
      [true, 'Generated videos'],
    ]);
    await click(boxes[0]!);
    await click(boxes[3]!);
    expect(worker.callsOf('settings/update')).toEqual([{ countExtras: { attachments: false } }, { countExtras: { voice: false } }]);
  });

  it('shows a switched-off kind as off', async () => {
    const state = popupState();
    await mount({ ...state, settings: { ...state.settings, countExtras: { attachments: false, search: true, research: true, voice: true, video: true } } });
    expect((byTestId('count-extra-attachments') as HTMLInputElement).checked).toBe(false);
    expect((byTestId('count-extra-search') as HTMLInputElement).checked).toBe(true);
  });

  it('says in the site’s health how many attached files could not be counted, and why', async () => {
    const state = popupState();
    const health = [
      { site: 'chatgpt' as const, status: 'ok' as const, reason: null, at: 1, skippedAttachments: { count: 3, code: 'too-large' as const, at: 1 } },
    ];
    await mount({ ...state, health });
    expect(text('health')).toContain('3 attached files could not be counted (the last: too large to read); their answers were counted without them.');
  });

  it('names a site that is not recognized, with the reason', async () => {
    await mount(popupState());
    expect(text('health')).toContain(
      'not recognized on claude.ai: A prompt was sent, but no chat messages were found on the page (its layout may have changed), so nothing is counted.',
    );
  });
});

describe('remote mode', () => {
  const remoteOn = { ...REMOTE_OFF, enabled: true, baseUrl: 'https://svc.example.org', hasKey: true, state: 'ok' as const, plan: 'pro', remaining: 10 };

  function form() {
    const enable = [...root.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find((b) =>
      b.parentElement!.textContent!.includes('Footprint service'),
    )!;
    return { enable, url: $('#remote-url') as HTMLInputElement, key: $('#remote-key') as HTMLInputElement, save: buttonNamed('Save')! };
  }

  it('rejects plain http for a non-local host with a clear message, asking no permission', async () => {
    const worker = await mount(popupState());
    const request = vi.spyOn(fakeBrowser.permissions, 'request').mockResolvedValue(true as never);
    const f = form();
    await click(f.enable);
    await type(f.url, 'http://svc.example.org');
    await type(f.key, 'k-123');
    await click(f.save);
    expect(root.textContent).toMatch(/must use HTTPS/);
    expect(request).not.toHaveBeenCalled();
    expect(worker.callsOf('remote/configure')).toHaveLength(0);
  });

  it('asks permission for that one origin within the click, then configures the worker', async () => {
    const worker = await mount(popupState(), { 'remote/configure': () => remoteOn });
    let configuredBeforePermission = -1;
    const request = vi.spyOn(fakeBrowser.permissions, 'request').mockImplementation(async () => {
      configuredBeforePermission = worker.callsOf('remote/configure').length;
      return true as never;
    });
    const f = form();
    await click(f.enable);
    await type(f.url, 'https://svc.example.org/');
    await type(f.key, 'k-secret-123');
    // The request must happen synchronously in the click handler (user gesture): check right after dispatch.
    f.save.click();
    expect(request).toHaveBeenCalledWith({ origins: ['https://svc.example.org/*'] });
    await settle();
    expect(configuredBeforePermission).toBe(0);
    expect(worker.callsOf('remote/configure')).toEqual([{ enabled: true, baseUrl: 'https://svc.example.org', apiKey: 'k-secret-123' }]);
    expect(root.textContent).toContain('Saved. Remote mode on: footprints are computed by https://svc.example.org.');
    expect(f.key.value).toBe('');
  });

  it('keeps remote mode off when the permission is refused', async () => {
    const worker = await mount(popupState(), { 'remote/configure': () => remoteOn });
    vi.spyOn(fakeBrowser.permissions, 'request').mockResolvedValue(false as never);
    const f = form();
    await click(f.enable);
    await type(f.url, 'https://svc.example.org');
    await type(f.key, 'k');
    await click(f.save);
    expect(worker.callsOf('remote/configure')).toHaveLength(0);
    expect(root.textContent).toMatch(/Access to https:\/\/svc.example.org was not granted/);
  });

  it('never shows the stored key, only that one is set', async () => {
    await mount(popupState({ remote: remoteOn }));
    expect(text('remote-key-state')).toMatch(/A key is stored/);
    expect(form().key.value).toBe('');
    expect(form().url.value).toBe('https://svc.example.org');
  });

  it('tests the connection and shows the plan and remaining monthly quota', async () => {
    const worker = await mount(popupState({ remote: remoteOn }), {
      'remote/test': () => ({ ok: true, code: null, message: 'ok', plan: 'pro', remaining: 4990, limit: 5000 }),
    });
    await click(buttonNamed('Test connection')!);
    expect(worker.callsOf('remote/test')).toHaveLength(1);
    expect(root.textContent).toContain('Connected: plan pro, 4,990 of 5,000 requests left this month.');
  });

  it.each([
    [{ state: 'unauthorized' as const }, /Key rejected, remote mode paused/],
    [{ state: 'quota' as const, plan: 'basic' }, /Monthly quota of plan basic used up/],
    [{ state: 'degraded' as const, queued: 7 }, /Service unreachable: computing locally, 7 turns queued/],
  ])('shows the remote state %o', async (patch, expected) => {
    await mount(popupState({ remote: { ...remoteOn, ...patch } }));
    expect(text('remote-state')).toMatch(expected);
  });
});

describe('data', () => {
  it('downloads the export the worker produced', async () => {
    const worker = await mount(popupState(), {
      'ledger/export': ({ format }) => ({
        filename: `footprint.${format}`,
        mimeType: format === 'csv' ? 'text/csv' : 'application/json',
        content: 'turn_id\n',
      }),
    });
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      created.push(b as Blob);
      return 'blob:fake';
    });
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    await click(buttonNamed('Export CSV')!);
    expect(worker.callsOf('ledger/export')).toEqual([{ format: 'csv' }]);
    expect(clicks).toEqual(['footprint.csv']);
    expect(created[0]!.type).toBe('text/csv');
    expect(await created[0]!.text()).toBe('turn_id\n');
    expect(root.textContent).toContain('Saved footprint.csv.');
  });

  it('deletes all data only after confirmation', async () => {
    let state = popupState();
    const worker = await mount(state, {
      'ledger/clear': () => {
        state = popupState({ lastTurn: null });
        state = { ...state, totals: { ...state.totals, today: { turns: 0, inputTokens: 0, outputTokens: 0, energyKwh: 0, carbonG: 0, waterL: 0 } } };
        return { ok: true as const };
      },
    });
    stored.read = () => state;
    await click(buttonNamed('Delete all data')!);
    expect(worker.callsOf('ledger/clear')).toHaveLength(0);
    await click(buttonNamed('Delete everything')!);
    expect(worker.callsOf('ledger/clear')).toEqual([{ confirm: true }]);
    expect(root.textContent).toContain('All recorded answers and totals were deleted.');
    expect(text('total-energy')).toBe('0 Wh');
  });
});

describe('methodology link', () => {
  it('opens the packaged methodology page in a tab', async () => {
    await mount(popupState());
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    const link = [...root.querySelectorAll('a')].find((a) => a.textContent === 'Methodology')!;
    expect(link.getAttribute('href')).toBe(fakeBrowser.runtime.getURL('/methodology.html'));
    await click(link);
    expect(create).toHaveBeenCalledWith({ url: fakeBrowser.runtime.getURL('/methodology.html') });
  });
});

describe('alerts above the numbers', () => {
  it('shows a paused remote mode and an unrecognized site before the totals', async () => {
    await mount(popupState({ remote: { ...REMOTE_OFF, enabled: true, baseUrl: 'https://svc.example.org', hasKey: true, state: 'unauthorized' } }));
    const alerts = text('alerts');
    expect(alerts).toContain('Key rejected, remote mode paused');
    expect(alerts).toContain('not recognized on claude.ai');
    const order = [...root.querySelectorAll('[data-testid]')].map((e) => e.getAttribute('data-testid'));
    expect(order.indexOf('alerts')).toBeLessThan(order.indexOf('totals'));
  });

  it('shows no alert box when all is well', async () => {
    await mount(popupState({ health: [] }));
    expect($('[data-testid="alerts"]')).toBeNull();
  });
});

describe('first request', () => {
  it('uses the read started before rendering instead of reading again', async () => {
    const state = popupState();
    stored.read = () => state;
    stored.reads = 0;
    port.worker = createFakeWorker({});
    const initialState = loadState();
    await act(() => render(<App locale="en-US" initialState={initialState} loadState={loadState} />, root));
    await settle();
    expect(stored.reads).toBe(1);
    expect(port.worker.callsOf('popup/state')).toHaveLength(0);
    expect(text('total-energy')).toBe(shown(energyQuantity(state.totals.today.energyKwh, 'en')));
  });
});

describe('the production loader', () => {
  it('shows what loadPopupState reads from storage, without asking the worker', async () => {
    const ledger = createLedger({ remote: { keyStore: memoryKeyStore(), hasPermission: async () => true } });
    await ledger.start();
    const out = await ledger.record({
      turnId: 't1',
      time: Date.now(),
      site: 'chatgpt',
      conversationId: 'c',
      modelKey: 'alpha-4o',
      promptTokens: 120,
      historyTokens: 0,
      answerTokens: 450,
      tokenizer: 'o200k',
    });
    if (!out.recorded) throw new Error('not recorded');
    port.worker = createFakeWorker({});
    await act(() => render(<App locale="en-US" loadState={loadPopupState} />, root));
    await settle();
    expect(text('total-energy')).toBe(shown(energyQuantity(out.entry.energyKwh, 'en')));
    expect(port.worker.calls).toEqual([]);
  });

  it('shows site health stored by an older version (an English sentence, before the worker migrated it) in the UI language', async () => {
    // Version 1 of the siteHealth item, as the tracker of that version wrote it; no worker has run since.
    await fakeBrowser.storage.local.set({
      siteHealth: {
        claude: {
          site: 'claude',
          status: 'not-recognized',
          reason: 'On claude.ai, a prompt reads as empty: the page layout is not recognized (it may have changed), so nothing is counted.',
          at: 2,
        },
        meta: { site: 'meta', status: 'not-recognized', reason: 'Something this version never wrote.', at: 3 },
        chatgpt: { site: 'chatgpt', status: 'ok', reason: null, at: 1 },
      },
    });
    useCatalog('de');
    port.worker = createFakeWorker({});
    await act(() => render(<App locale="de" loadState={loadPopupState} />, root));
    await settle();
    expect(text('alerts')).toBe(
      'auf claude.ai nicht erkannt: Ein Prompt wird als leer gelesen (der Seitenaufbau hat sich vielleicht geändert), daher wird nichts gezählt.' +
        'auf meta.ai nicht erkannt: Die Seite konnte nicht gelesen werden, daher wird nichts gezählt.',
    );
    expect(text('health')).toContain('chatgpt.com: erkannt');
  });
});

describe('region errors', () => {
  it('goes back to the stored region and says why when the worker refuses the change', async () => {
    await mount(popupState(), { 'settings/update': () => ({ error: { code: 'INVALID_REGION', message: 'Unknown region eu-sweden.' } }) });
    const select = $('#region') as HTMLSelectElement;
    await choose(select, 'eu-sweden');
    expect(select.value).toBe('global-avg');
    expect(root.textContent).toContain('Saving the region failed: That region is not one of the 14 regions the extension knows. (INVALID_REGION)');
  });
});

describe('in the UI language', () => {
  async function mountIn(lang: string, locale: string, state: PopupState) {
    useCatalog(lang);
    stored.read = () => state;
    port.worker = createFakeWorker({});
    await act(() => render(<App locale={locale} loadState={loadState} />, root));
    await settle();
  }
  const last = ledgerEntry({ site: 'claude', modelKey: 'beta-opus-5', promptTokens: 1234, historyTokens: 56_789, answerTokens: 4321 });

  it('German: words, decimal commas, digit grouping and untranslated units and model keys', async () => {
    const state = popupState({ lastTurn: last });
    await mountIn('de', 'de', state);
    expect([...root.querySelectorAll('.segmented label')].map((l) => l.textContent)).toEqual(['Heute', '7 Tage', '30 Tage', 'Gesamt']);
    expect(text('total-energy')).toBe(shown(energyQuantity(state.totals.today.energyKwh, 'de')));
    expect(text('total-energy')).toMatch(/^≈ \d+(,\d)? (mWh|Wh|kWh)$/);
    expect(text('last-input')).toBe('58.023');
    expect(text('last-model')).toBe('beta-opus-5');
    expect(text('last-answer')).toContain('(Prompt 1.234 + Verlauf 56.789)');
    expect(root.textContent).toContain('Letzte Antwort');
    expect(root.textContent).toContain('Methodik');
  });

  it('Japanese: words around the numbers, the same units', async () => {
    const state = popupState({ lastTurn: last });
    await mountIn('ja', 'ja', state);
    expect([...root.querySelectorAll('.segmented label')].map((l) => l.textContent)).toEqual(['今日', '7日間', '30日間', '全期間']);
    expect(text('last-answer')).toContain('（プロンプト 1,234 ＋ 履歴 56,789）');
    expect(text('last-carbon')).toMatch(/CO₂e$/);
    expect(root.textContent).toContain('最新の回答');
  });

  it('says why a site is not recognized in the UI language, in the alerts and the site health list', async () => {
    const health: PopupState['health'] = [{ site: 'claude', status: 'not-recognized', reason: 'answer-unfinished', at: 2 }];
    await mountIn('de', 'de', popupState({ health }));
    const de = 'auf claude.ai nicht erkannt: Eine Antwort hat begonnen, ist aber nicht innerhalb von 3 Minuten fertig geworden, daher wird sie nicht gezählt.';
    expect(text('alerts')).toBe(de);
    expect(text('health')).toContain(de);
    render(null, root);
    await mountIn('ja', 'ja', popupState({ health }));
    expect(text('alerts')).toBe('claude.ai で認識できません：回答が始まりましたが、3 分以内に完了しませんでした。そのためカウントしていません。');
  });

  it('says a load error in the UI language, with the code', async () => {
    useCatalog('fr');
    stored.read = null;
    port.worker = createFakeWorker({});
    await act(() => render(<App locale="fr" loadState={loadState} />, root));
    await settle();
    expect(text('load-error')).toBe('Aucun chiffre à afficher : Les chiffres enregistrés n’ont pas pu être lus. (STATE_UNREADABLE)Réessayer');
  });
});

describe('latest answer: reasoning and images', () => {
  it('shows estimated reasoning tokens with ≈ and generated images when given, and a drop count for a small amount of water', async () => {
    const { LastAnswer } = await import('../../../src/popup/components/LastAnswer');
    const entry = { ...ledgerEntry({ promptTokens: 5, historyTokens: 0, answerTokens: 5 }), waterL: 0.00026 };
    await act(() =>
      render(
        <LastAnswer entry={entry} locale="en" extras={{ reasoning: { shownTokens: 0, estimatedTokens: 1234 }, images: { count: 2, energyKwh: 0.0058 } }} />,
        root,
      ),
    );
    expect(text('last-reasoning')).toBe('≈ 1,200');
    expect(text('last-images')).toMatch(/^2 \(image-gen, .*5\.8 Wh\)$/);
    expect(text('last-water')).toMatch(/^≈ 260 µL \(about 5 drops\)/);
  });

  it('takes them from the popup state: the turn reasoning counts and its image-gen record', async () => {
    const { LastAnswer, extrasOf } = await import('../../../src/popup/components/LastAnswer');
    const entry = { ...ledgerEntry({ promptTokens: 5, historyTokens: 0, answerTokens: 5 }), reasoningTokens: 40, estimatedReasoningTokens: 3630 };
    const images = {
      ...ledgerEntry({ promptTokens: 0, historyTokens: 0, answerTokens: 3 }),
      turnId: `${entry.turnId}:images`,
      modelKey: 'image-gen',
      outputTokens: 3,
      energyKwh: 0.0087,
    };
    await act(() => render(<LastAnswer entry={entry} locale="en" extras={extrasOf(entry, images)} />, root));
    expect(text('last-reasoning-shown')).toBe('40');
    expect(text('last-reasoning')).toBe('≈ 3,600');
    expect(text('last-images')).toMatch(/^3 /);
    expect(extrasOf(ledgerEntry({ promptTokens: 1, historyTokens: 0, answerTokens: 1 }), null)).toEqual({ reasoning: null, images: null });
  });
});
