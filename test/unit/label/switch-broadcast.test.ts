/**
 * The label switch reaches the open chat tabs through the worker (the content scripts hold no
 * storage listener): after settings/update changed a site's switch, every chat tab is told; a tab
 * that cannot answer does not fail the update.
 */
import { describe, expect, it, vi } from 'vitest';
import { withLabelSwitchBroadcast } from '../../../src/label/switch-broadcast';

const MATCHES = () => ['https://claude.ai/*', 'https://chatgpt.com/*'];

describe('the label switch broadcast', () => {
  it('sends labels/switch to every open chat tab, whatever one of them answers', async () => {
    const sent: Array<[number, unknown]> = [];
    const tabs = {
      query: vi.fn(async () => [{ id: 1 }, { id: 2 }, {}]),
      sendMessage: vi.fn(async (id: number, message: unknown) => {
        sent.push([id, message]);
        if (id === 2) throw new Error('Could not establish connection. Receiving end does not exist.');
        return { ok: true, value: { ok: true } };
      }),
    };
    const handler = withLabelSwitchBroadcast(async () => ({ ok: true as const }), tabs, MATCHES);
    expect(await handler({ pageLabel: { site: 'claude', on: false } }, {})).toEqual({ ok: true });
    expect(tabs.query).toHaveBeenCalledWith({ url: ['https://claude.ai/*', 'https://chatgpt.com/*'] });
    expect(sent).toEqual([
      [1, { type: 'labels/switch', data: { site: 'claude', on: false } }],
      [2, { type: 'labels/switch', data: { site: 'claude', on: false } }],
    ]);
  });

  it('follows settings/update only when it changed a label switch, after the settings are stored', async () => {
    const order: string[] = [];
    const update = vi.fn(async () => (order.push('stored'), { ok: true as const }));
    const tabs = {
      query: vi.fn(async () => [{ id: 1 }]),
      sendMessage: vi.fn(async (_id: number, _message: unknown) => void order.push('broadcast')),
    };
    const handler = withLabelSwitchBroadcast(update, tabs, MATCHES);
    await handler({ region: 'eu-germany' }, {});
    expect(tabs.sendMessage).not.toHaveBeenCalled();
    expect(await handler({ pageLabel: { site: 'gemini', on: true } }, {})).toEqual({ ok: true });
    expect(tabs.sendMessage).toHaveBeenCalledWith(1, { type: 'labels/switch', data: { site: 'gemini', on: true } });
    expect(order).toEqual(['stored', 'stored', 'broadcast']);
  });

  it('does not fail the update when the tabs cannot be reached', async () => {
    const tabs = {
      query: async () => {
        throw new Error('tabs unavailable');
      },
      sendMessage: async () => undefined,
    };
    const handler = withLabelSwitchBroadcast(async () => ({ ok: true as const }), tabs, MATCHES);
    await expect(handler({ pageLabel: { site: 'gemini', on: false } }, {})).resolves.toEqual({ ok: true });
  });
});
