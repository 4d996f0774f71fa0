/**
 * A site's readers of work out of sight loaded when first needed (`lazyModule`, src/domain/lazy-module.ts):
 * the answer waits while they load, is read by them once loaded, and says the work went uncounted
 * when they failed to load, never a zero.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HiddenWorkShown } from '../../../src/domain/turns';
import type { PageMessage, SiteAdapter } from '../../../src/sites/adapter';
import type { LazyReaders } from '../../../src/sites/lazy-readers';
import { lazyModule } from '../../../src/domain/lazy-module';
import { readAnswer, type BuildContext } from '../../../src/tracking/turn-builder';
import { loadPage } from '../support/load-page';
import { testSite } from '../support/test-site';

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const doc = loadPage('<main></main>', 'https://test.example/c/conv');
const adapter: SiteAdapter = { ...testSite(), lazyReaders: true };
const work: HiddenWorkShown = { search: { searches: 1, sources: 4 } };
const readers: LazyReaders = { readHiddenWork: (answer) => (answer.role === 'assistant' ? work : null) };

function part(id: string, text: string, role: 'user' | 'assistant' = 'assistant'): PageMessage {
  const element = doc.createElement('div');
  element.textContent = text;
  element.setAttribute('data-done', 'true');
  return { id, role, element, pageId: true };
}
const exchange = { prompt: part('u1', 'What changed in the grid this year?', 'user'), parts: [part('a1', 'Wind led.')] };
const context = (lazyReaders: BuildContext['lazyReaders']): BuildContext => ({
  adapter,
  doc,
  conversation: 'conv',
  phase: { name: 'idle' },
  known: new Map(),
  lastChangeAt: NOW - 60_000,
  lazyReaders,
});

beforeEach(() => void vi.useFakeTimers({ now: NOW }));
afterEach(() => void vi.useRealTimers());

describe('the lazily loaded readers', () => {
  it('are imported once, on the first ask; the answer waits until they are in, then carries their reading', async () => {
    let resolve!: (m: { readers: LazyReaders }) => void;
    const load = vi.fn(() => new Promise<{ readers: LazyReaders }>((r) => (resolve = r)));
    const lazy = lazyModule(load, 'readers');
    expect(load).not.toHaveBeenCalled();
    expect(readAnswer(context(lazy), exchange, NOW)).toMatchObject({ kind: 'wait', unfinished: false });
    expect(readAnswer(context(lazy), exchange, NOW).kind).toBe('wait');
    resolve({ readers });
    await vi.waitFor(() => expect(lazy.state()).toEqual({ is: 'ready', value: readers }));
    const outcome = readAnswer(context(lazy), exchange, NOW);
    expect(outcome.kind === 'counted' && outcome.turn.hiddenWork).toEqual(work);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('that failed to load leave every kind of work unreadable (the site’s health says so), and the turn is still counted', async () => {
    const lazy = lazyModule(() => Promise.reject(new Error('blocked')), 'readers');
    expect(readAnswer(context(lazy), exchange, NOW).kind).toBe('wait');
    await vi.waitFor(() => expect(lazy.state().is).toBe('failed'));
    const outcome = readAnswer(context(lazy), exchange, NOW);
    expect(outcome.kind).toBe('counted');
    expect(outcome.kind === 'counted' && outcome.turn.hiddenWork).toEqual({ unreadable: ['search', 'research', 'voice', 'video'] });
  });

  it('are not asked for by a site without them, nor when the adapter reads the work itself', () => {
    const load = vi.fn(async () => ({ readers }));
    const lazy = lazyModule(load, 'readers');
    const plain = readAnswer({ ...context(lazy), adapter: testSite() }, exchange, NOW);
    expect(plain.kind === 'counted' && Object.keys(plain.turn)).not.toContain('hiddenWork');
    const own = readAnswer({ ...context(lazy), adapter: { ...adapter, ...readers } }, exchange, NOW);
    expect(own.kind === 'counted' && own.turn.hiddenWork).toEqual(work);
    expect(load).not.toHaveBeenCalled();
    expect(lazy.state().is).toBe('idle');
  });
});

describe('each site’s lazy readers', () => {
  it('are a module of the site exactly when its adapter says it has them', async () => {
    const { existsSync } = await import('node:fs');
    const { ADAPTERS } = await import('../../support/adapters');
    for (const a of Object.values(ADAPTERS)) {
      expect(existsSync(new URL(`../../../src/sites/${a.site}/lazy-readers.ts`, import.meta.url)), a.site).toBe(a.lazyReaders === true);
    }
  });

  it('read a real page’s answer through the content script’s loader: the answer waits, then carries what they read', async () => {
    const { ADAPTERS, lazyReadersOf } = await import('../../support/adapters');
    const { exchangesOf } = await import('../../../src/tracking/exchanges');
    const { fixture } = await import('../support/load-page');
    const page = loadPage(fixture('real-dom/perplexity-deep-research-2026-02-27.html'), 'https://www.perplexity.ai/search/x-abc');
    const site = ADAPTERS.perplexity;
    expect(site.readHiddenWork).toBeUndefined(); // the content script's adapter: the reader is in the lazy module
    const lazy = lazyReadersOf('perplexity');
    const [answer] = exchangesOf(site.findTurns(page)).filter((e) => e.parts.length > 0);
    const ctx: BuildContext = { ...context(lazy), adapter: site, doc: page, conversation: 'x-abc' };
    expect(readAnswer(ctx, answer!, NOW).kind).toBe('wait');
    await vi.waitFor(() => expect(lazy!.state().is).toBe('ready'));
    const outcome = readAnswer(ctx, answer!, NOW);
    expect(outcome.kind === 'counted' && outcome.turn.hiddenWork).toEqual({ research: { runs: 1, sources: 34 } });
  });
});
