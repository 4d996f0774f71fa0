// @vitest-environment happy-dom
/**
 * The popup's Import: the file picked in its file field goes to the (fake) worker as text, the
 * answer is said in words, the write waits for the person's yes; a refusal is said in plain words
 * in every language.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { ImportAnswerSchema, type ImportAnswer, type ImportRefusal } from '../../../src/domain/import';
import { IMPORT_LIMITS } from '../../../src/domain/import-limits';
import { LOCALES, useCatalog } from '../../support/messages';
import { createFakeWorker, type FakeWorker } from '../support/fake-worker';

const port = vi.hoisted(() => ({ worker: null as FakeWorker | null }));
vi.mock('../../../src/messaging/messaging', () => ({
  sendMessage: (type: never, data: never) => port.worker!.sendMessage(type, data),
}));

const { ImportData, refusalText, summaryText } = await import('../../../src/popup/components/ImportData');

const SUMMARY = { turns: 212, firstDay: '2026-03-02', lastDay: '2026-11-20', alreadyHere: 14, totalsDays: 0, leftOut: 0 };

let root: HTMLElement;
let changed = 0;
beforeEach(() => {
  useCatalog('en');
  root = document.createElement('div');
  document.body.appendChild(root);
  changed = 0;
});
afterEach(() => {
  render(null, root);
  root.remove();
});

async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => void (await new Promise((r) => setTimeout(r, 0))));
}

async function mount(answer: (write: boolean) => ImportAnswer) {
  port.worker = createFakeWorker({ 'ledger/import': ({ write }) => answer(write) });
  await act(() => render(<ImportData locale="en" onChanged={async () => void changed++} />, root));
}

async function pick(file: File) {
  const input = root.querySelector<HTMLInputElement>('#import-file')!;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(() => void input.dispatchEvent(new Event('change')));
  await settle();
}

const status = () => root.querySelector('[data-testid="import-status"]')!.textContent!.trim();

describe('Import in the popup', () => {
  it('says what the file adds, writes only after the yes, and says what it added', async () => {
    await mount((write) => ({ status: write ? 'imported' : 'preview', summary: SUMMARY }));
    await pick(new File(['{"the": "file"}'], 'ai-chat-footprint-2026-11-22.json', { type: 'application/json' }));
    expect(port.worker!.callsOf('ledger/import')).toEqual([{ text: '{"the": "file"}', write: false }]);
    const preview = root.querySelector('[data-testid="import-preview"]')!.textContent!;
    expect(preview).toContain('212 turns from 2026-03-02 to 2026-11-20, 14 already here.');
    expect(changed).toBe(0);
    await act(() => root.querySelector<HTMLButtonElement>('[data-testid="import-confirm"]')!.click());
    await settle();
    expect(port.worker!.callsOf('ledger/import')).toEqual([
      { text: '{"the": "file"}', write: false },
      { text: '{"the": "file"}', write: true },
    ]);
    expect(status()).toBe('Imported. 212 turns from 2026-03-02 to 2026-11-20, 14 already here.');
    expect(changed).toBe(1);
  });

  it('asks nothing when the file adds nothing', async () => {
    await mount(() => ({ status: 'preview', summary: { ...SUMMARY, turns: 0, firstDay: null, lastDay: null } }));
    await pick(new File(['{}'], 'again.json'));
    expect(root.querySelector('[data-testid="import-preview"]')).toBeNull();
    expect(status()).toBe('No new turns: every turn of this file is already here (14).');
  });

  it('says why a refused file was not imported, and never asks to write it', async () => {
    await mount(() => ({ status: 'refused', refusal: { code: 'negative', at: 'turns[11].energyKwh', limit: null } }));
    await pick(new File(['{}'], 'bad.json'));
    expect(status()).toBe('Not imported, nothing was changed: a number is below zero; counts, times and footprints never are. (at turns[11].energyKwh)');
    expect(port.worker!.callsOf('ledger/import')).toHaveLength(1);
  });

  it('refuses a file over the size limit without reading it or asking the worker', async () => {
    await mount(() => ({ status: 'preview', summary: SUMMARY }));
    const big = new File(['x'], 'huge.json');
    Object.defineProperty(big, 'size', { value: IMPORT_LIMITS.fileBytes + 1 });
    const text = vi.spyOn(big, 'text');
    await pick(big);
    expect(text).not.toHaveBeenCalled();
    expect(port.worker!.calls).toEqual([]);
    expect(status()).toMatch(/^Not imported, nothing was changed: the file is larger than 40 MiB\. .*64 MiB/);
  });
});

describe('the reasons, in every language', () => {
  // Every code a refused import can answer with, as the worker's answer is checked.
  const IMPORT_REFUSALS = ImportAnswerSchema.options[0].shape.refusal.shape.code.options;
  const refusals: ImportRefusal[] = IMPORT_REFUSALS.map((code) => ({
    code,
    at: code === 'not-json' || code === 'not-ledger' ? null : code === 'too-large' ? 'turns' : 'turns[3].site',
    limit: code === 'newer-version' ? 3 : code === 'too-large' ? IMPORT_LIMITS.turns : null,
  }));
  it.each(LOCALES)('%s: a sentence of its own for every reason, with the field and the limits', (lang) => {
    useCatalog(lang);
    const texts = refusals.map((r) => refusalText(r, 'en'));
    expect(new Set(texts).size).toBe(refusals.length);
    for (const [i, text] of texts.entries()) {
      expect(text, refusals[i]!.code).not.toMatch(/import_|\$[A-Z0-9]/);
      if (refusals[i]!.at && refusals[i]!.code !== 'newer-version') expect(text).toContain(refusals[i]!.at!);
    }
    expect(texts[IMPORT_REFUSALS.indexOf('newer-version')]).toContain('3');
    expect(texts[IMPORT_REFUSALS.indexOf('too-large')]).toContain('75,000');
    expect(refusalText({ code: 'too-large', at: null, limit: IMPORT_LIMITS.fileBytes }, 'en')).toContain('40');
    const summary = summaryText({ ...SUMMARY, totalsDays: 40, leftOut: 3 }, 'en');
    for (const part of ['212', '2026-03-02', '2026-11-20', '14', '40', '3']) expect(summary).toContain(part);
    expect(summary).not.toMatch(/import_|\$[A-Z0-9]/);
  });
});
