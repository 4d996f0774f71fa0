// @vitest-environment happy-dom
/** Remote mode's line for the key's month: asked once when it appears, said in words, or why not. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import type { KeyMonthAnswer } from '../../../src/domain/usage';
import { energyQuantity, quantityText } from '../../../src/display';
import { LOCALES, useCatalog } from '../../support/messages';
import { createFakeWorker, type FakeWorker } from '../support/fake-worker';

const port = vi.hoisted(() => ({ worker: null as FakeWorker | null }));
vi.mock('../../../src/messaging/messaging', () => ({
  sendMessage: (type: never, data: never) => port.worker!.sendMessage(type, data),
}));

const { KeyMonth, keyMonthText } = await import('../../../src/popup/components/KeyMonth');

const OK: KeyMonthAnswer = {
  status: 'ok',
  at: 0,
  usage: { plan: 'pro', month: '2026-11', requests: 1234, quota: 5000, remaining: 3766, energyKwh: 2.3, carbonG: 805.1, waterL: 3.2 },
};

let root: HTMLElement;
beforeEach(() => {
  useCatalog('en');
  root = document.createElement('div');
  document.body.appendChild(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
});

async function mount(answer: KeyMonthAnswer | { error: { code: string; message: string } }) {
  port.worker = createFakeWorker({ 'remote/usage': () => answer });
  await act(() => render(null, root));
  await act(() => render(<KeyMonth locale="en" />, root));
  for (let i = 0; i < 5; i++) await act(async () => void (await new Promise((r) => setTimeout(r, 0))));
  return root.querySelector('[data-testid="key-month"]')?.textContent ?? null;
}

describe('the key’s month in the popup', () => {
  it('says the month, the requests of the quota and the energy across every browser', async () => {
    // The energy as the popup says every amount (src/display/scales.ts).
    const energy = quantityText(energyQuantity(2.3, 'en'));
    expect(await mount(OK)).toBe(`This key, November: 1,234 of 5,000 requests · ${energy} across every browser that uses it`);
    expect(port.worker!.callsOf('remote/usage')).toEqual([{}]);
  });
  it('says when the service cannot be reached, or what it answered instead', async () => {
    expect(await mount({ status: 'failed', code: 'REMOTE_TIMEOUT', unreachable: true })).toBe(
      'The service could not be reached: the figures above are this browser’s only.',
    );
    expect(await mount({ status: 'failed', code: 'REMOTE_UNAUTHORIZED', unreachable: false })).toContain('(REMOTE_UNAUTHORIZED)');
    expect(await mount({ error: { code: 'SEND_FAILED', message: 'no worker' } })).toContain('(SEND_FAILED)');
  });
  it('shows nothing when remote mode is off', async () => {
    expect(await mount({ status: 'off' })).toBeNull();
  });
  it.each(LOCALES)('%s: every line filled in', (lang) => {
    useCatalog(lang);
    const line = keyMonthText(OK, lang.replace('_', '-'))!;
    expect(line).toContain(quantityText(energyQuantity(2.3, lang.replace('_', '-'))));
    expect(line).not.toMatch(/keyMonth_|\$[A-Z0-9]/);
    for (const a of [
      { status: 'failed', code: 'REMOTE_NETWORK', unreachable: true },
      { status: 'failed', code: 'REMOTE_REJECTED', unreachable: false },
    ] as const)
      expect(keyMonthText(a, lang)).not.toMatch(/keyMonth_|\$[A-Z0-9]/);
  });
});
