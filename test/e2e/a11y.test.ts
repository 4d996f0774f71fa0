/**
 * The accessibility audit in Debian's Chromium (support/axe.ts: axe-core, every default rule): the
 * popup empty and with a year of data, light and dark, in all seven languages, first with its
 * sections closed and then with each section open in turn; the welcome and methodology pages; and
 * the page label on each site's fixture page, with its place in the accessibility tree (a button
 * named by what it shows and described by the sentence in words, the token counts on keyboard
 * focus, the sentence said by the page's one polite live region); amounts read with their units'
 * names in English and German, in the popup's totals and the label. Any
 * violation fails, and the failure lists them all (support/axe.ts says how a report reads). One browser per language: its UI language is fixed at launch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { audit, report } from './support/axe';
import { BUILT_EXTENSION } from './support/extension-page';
import { launchWithExtension, serveChatPage, type LaunchedExtension } from './support/launch';
import { chunked, streamingFixture } from './support/chat-pages';

const DAY = 86_400_000;
const SITES = ['chatgpt', 'claude', 'gemini', 'mistral', 'deepseek'] as const;

type Send = { chrome: { runtime: { sendMessage(m: unknown): Promise<{ ok: boolean; value?: unknown }> } } };
const ask = (page: Page, type: string, data: unknown) =>
  page.evaluate(([t, d]) => (globalThis as unknown as Send).chrome.runtime.sendMessage({ type: t, data: d }), [type, data] as const);

/** The year of answers as the extension exports it (JSON): made once, then imported in each other browser. */
let yearExport: string | undefined;

/**
 * A year of use through the real worker: an answer a week on several sites, the latest
 * today. The first browser counts the answers one by one and exports them; the others import that file.
 */
async function seedYear(page: Page): Promise<void> {
  if (yearExport) {
    expect(await ask(page, 'ledger/import', { text: yearExport, write: true })).toMatchObject({ ok: true, value: { status: 'imported' } });
    return;
  }
  const turns = [];
  for (let d = 364; d >= 0; d -= 7) {
    const site = SITES[d % SITES.length]!;
    turns.push({
      site,
      conversationId: `year-${site}-${Math.floor(d / 30)}`,
      turnId: `year-${d}`,
      modelLabel: null,
      finishedAt: Date.now() - d * DAY,
      promptText: `How much water does a data centre use on day ${d}?`,
      answerText: 'It depends on the cooling design and the climate; evaporative cooling uses the most water per kilowatt-hour. '.repeat(1 + (d % 7)),
    });
  }
  for (const t of turns) expect(await ask(page, 'turn/completed', t)).toMatchObject({ ok: true });
  const exported = (await ask(page, 'ledger/export', { format: 'json' })) as { ok: boolean; value: { content: string } };
  yearExport = exported.value.content;
}

/** axe-core over a Playwright page (only the elements `include` selects, when given). */
const auditPage = (page: Page, include?: string) => audit(page, (source) => page.evaluate(source), include);

/** The popup once everything it draws after the numbers (chart, period figures, settings) is there. */
async function openPopup(page: Page, url: string, data: boolean): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('[data-testid="totals"]');
  await page.waitForSelector('#data-panel');
  if (data) await page.waitForSelector('svg.chart');
}

/**
 * How the popup's sections (a settings panel, an everyday equivalent, "More") are audited in one
 * state: all closed; closed, then each open in turn; closed, then all open at once; or only all open
 * (every section's content then meets the audit in one run).
 */
type Sections = 'closed' | 'in turn' | 'closed and all open' | 'all open';

/**
 * English gets every state; the other languages three runs, so that each language's words and each
 * scheme's colours still meet the audit (the CSS is the same in every language).
 */
const PLAN: Record<'en' | 'other', Partial<Record<`${'empty' | 'data'} ${'light' | 'dark'}`, Sections>>> = {
  en: { 'empty light': 'closed and all open', 'empty dark': 'closed and all open', 'data light': 'in turn', 'data dark': 'closed and all open' },
  other: { 'empty light': 'closed and all open', 'data light': 'closed', 'data dark': 'all open' },
};

/** Audits the popup's sections as `sections` says. Returns the reports. */
async function auditPopupStates(page: Page, state: string, sections: Sections): Promise<string[]> {
  const reports = sections !== 'all open' ? [report(state, await auditPage(page))] : [];
  const names = await page.$$eval('details', (ds) =>
    ds.map((d, i) => d.id || d.closest('[data-field]')?.getAttribute('data-field') || d.className || `details ${i}`),
  );
  const setOpen = (which: number | 'all', open: boolean) =>
    page.evaluate(([w, o]) => document.querySelectorAll('details').forEach((d, i) => (w === 'all' || w === i) && (d.open = o)), [which, open] as const);
  if (sections === 'closed') return reports.filter(Boolean);
  if (sections !== 'in turn') {
    await setOpen('all', true);
    reports.push(report(`${state}, every section open`, await auditPage(page)));
    await setOpen('all', false);
  } else
    for (const [i, name] of names.entries()) {
      await setOpen(i, true);
      reports.push(report(`${state}, ${name} open`, await auditPage(page)));
      await setOpen(i, false);
    }
  return reports.filter(Boolean);
}

/** Each site's fixture page at its host, an answer streamed into it: the label after it is audited (the site's own markup is the site's). */
const SITE_PAGES = [
  { site: 'chatgpt', origin: 'https://chatgpt.com', fixture: 'chatgpt.html', path: '/c/a11y-chatgpt', promptBox: '#prompt-textarea' },
  {
    site: 'claude',
    origin: 'https://claude.ai',
    fixture: 'claude-2026-en.html',
    path: '/chat/0d8f7a6b-2026-4000-8000-0000000a11y1',
    promptBox: '[data-testid="chat-input"]',
  },
  { site: 'copilot', origin: 'https://copilot.microsoft.com', fixture: 'copilot-2026-en.html', path: '/chats/a11yQ7e2RkP9mNc', promptBox: '#userInput' },
  {
    site: 'deepseek',
    origin: 'https://chat.deepseek.com',
    fixture: 'deepseek-2026-10.html',
    path: '/a/chat/s/5d0f6a0e-2026-4e2e-8000-0000000a11y1',
    promptBox: 'textarea[name="search"]',
  },
  { site: 'gemini', origin: 'https://gemini.google.com', fixture: 'gemini-2026-en.html', path: '/app/5a1e0b7f3d2ca11y', promptBox: '.ql-editor' },
  { site: 'grok', origin: 'https://grok.com', fixture: 'grok-2026-en.html', path: '/c/3f9d2c1b-7a6e-4d5c-9b8a-0e1f2a3ba11y', promptBox: '.ProseMirror' },
  {
    site: 'meta',
    origin: 'https://www.meta.ai',
    fixture: 'meta-2026-en.html',
    path: '/prompt/5f0c1a2b-2026-4000-8000-0000000a11y1',
    promptBox: '[data-testid="composer-input"]',
  },
  {
    site: 'mistral',
    origin: 'https://chat.mistral.ai',
    fixture: 'mistral-2026-en.html',
    path: '/chat/24cad125-f45a-4ab6-bb62-2708aaf1a11y',
    promptBox: '.ProseMirror',
  },
  {
    site: 'perplexity',
    origin: 'https://www.perplexity.ai',
    fixture: 'perplexity-2026-en.html',
    path: '/search/a11y-wind-Xq3vR8sTQ2uYlM0aB1cD2e',
    promptBox: '#ask-input',
  },
];

/** A site's fixture page at its host in a new tab, an answer streamed into it: resolves once its label is in the page. */
async function answerWithLabel(context: BrowserContext, s: (typeof SITE_PAGES)[number]): Promise<{ tab: Page; label: Locator }> {
  await serveChatPage(context, s.origin, streamingFixture(s.fixture));
  const tab = await context.newPage();
  await tab.setViewportSize({ width: 1000, height: 800 });
  await tab.goto(`${s.origin}${s.path}`);
  await tab.waitForTimeout(1_000); // the page's messages seed the history first
  await tab.evaluate(
    (p) => Object.assign(window, { __nextAnswer: { think: null, paragraphs: p }, __chunkMs: 30 }),
    [chunked('A heat pump moves heat instead of making it, three to four units of heat for each unit of electricity.')],
  );
  const done = await tab.evaluate(() => (window as unknown as { __streamDone: number }).__streamDone);
  await tab.locator(s.promptBox).fill('What does a heat pump do?');
  await tab.locator('[data-send]').click();
  await tab.waitForFunction((n) => (window as unknown as { __streamDone: number }).__streamDone === n + 1, done, { timeout: 30_000 });
  const label = tab.locator('ai-footprint-label').first();
  await label.waitFor({ state: 'attached', timeout: 15_000 });
  return { tab, label };
}

/** WCAG's reflow width: 1280 CSS px at 400% zoom. */
const REFLOW_WIDTH = 320;

/**
 * How a page overflows a viewport `width` CSS px wide: the document's scroll width, and each
 * visible element whose right edge is past it, unless a scroll region of its own (focusable, so the
 * keyboard scrolls it too; WCAG's reflow exempts a table that needs two dimensions) clips it.
 */
async function overflowsAt(page: Page, width: number): Promise<{ sideways: boolean; past: string[] }> {
  return page.evaluate((w) => {
    const scrollsInside = (e: Element) => {
      for (let a = e.parentElement; a; a = a.parentElement) {
        const o = getComputedStyle(a).overflowX;
        if ((o === 'auto' || o === 'scroll') && a.tabIndex >= 0 && a.getBoundingClientRect().right <= w + 0.5) return true;
      }
      return false;
    };
    const past = [...document.querySelectorAll('body *')]
      .filter((e) => {
        if (e.closest('.visually-hidden') || e.getClientRects().length === 0) return false;
        const style = getComputedStyle(e);
        if (style.visibility === 'hidden') return false;
        return e.getBoundingClientRect().right > w + 0.5 && !scrollsInside(e);
      })
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}.${(e.getAttribute('class') ?? '').replace(/ /g, '.')} right=${Math.round(e.getBoundingClientRect().right)} "${(e.textContent ?? '').trim().slice(0, 30)}"`,
      );
    // Content cut inside its own box: wider than a box that hides what overflows it.
    const clipped = [...document.querySelectorAll('body *')]
      .filter((e) => {
        if (e.closest('.visually-hidden') || e.getClientRects().length === 0 || e.matches('input, select, textarea')) return false;
        const o = getComputedStyle(e).overflowX;
        return (o === 'hidden' || o === 'clip') && e.scrollWidth > e.clientWidth + 1;
      })
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}.${(e.getAttribute('class') ?? '').replace(/ /g, '.')} ${e.scrollWidth}>${e.clientWidth} "${(e.textContent ?? '').trim().slice(0, 30)}"`,
      );
    const { scrollWidth, clientWidth } = document.documentElement;
    return { sideways: scrollWidth > clientWidth, past: [...past, ...clipped] };
  }, width);
}

interface NonTextContrast {
  what: string;
  where: string;
  fg: string;
  bg: string;
  ratio: number;
}

/**
 * WCAG 1.4.11's contrast of the popup's non-text parts, from their computed colours in the page
 * (run in the page: self-contained). `focus`: the ring of the focused control (drawn on the element,
 * or on the segmented label around a focused radio). `parts`: every stress badge's border, the
 * budget bar's track border and its fill at each level against the track, and the chart's bars.
 * Each against what is behind it: the nearest ancestor's opaque background.
 */
function contrastsIn(which: 'focus' | 'parts'): NonTextContrast[] {
  const parse = (c: string): number[] => (c.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = ([r, g, b]: number[]) => {
    const lin = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
  };
  const ratio = (a: string, b: string) => {
    const [la, lb] = [luminance(parse(a)), luminance(parse(b))];
    return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
  };
  const behind = (e: Element | null): string => {
    for (let a = e; a; a = a.parentElement) {
      const c = getComputedStyle(a).backgroundColor;
      const alpha = parse(c)[3];
      if (c !== 'transparent' && alpha !== 0 && (alpha === undefined || alpha === 1)) return c;
    }
    return 'rgb(255, 255, 255)';
  };
  const name = (e: Element) => `${e.tagName.toLowerCase()}.${(e.getAttribute('class') ?? '').replace(/ /g, '.')}`;
  const pair = (what: string, e: Element, fg: string, bg: string): NonTextContrast => ({ what, where: name(e), fg, bg, ratio: ratio(fg, bg) });
  const out: NonTextContrast[] = [];
  if (which === 'focus') {
    const active = document.activeElement;
    if (!active || active === document.body) return out;
    // A segmented control's radio is out of sight: its label draws the ring.
    const ringOn = [active.closest('.segmented label'), active].find((e) => e && getComputedStyle(e).outlineStyle !== 'none');
    if (!ringOn) return [{ what: 'focus ring', where: `${name(active)} (none)`, fg: '', bg: '', ratio: 0 }];
    return [pair('focus ring', ringOn, getComputedStyle(ringOn).outlineColor, behind(ringOn.parentElement))];
  }
  for (const badge of document.querySelectorAll('.badge')) {
    const style = getComputedStyle(badge);
    out.push(pair('stress badge border', badge, style.borderTopStyle === 'none' ? style.backgroundColor : style.borderTopColor, behind(badge.parentElement)));
  }
  const budget = document.querySelector('.budget');
  const track = document.querySelector('.budget-bar');
  if (budget && track) {
    out.push(pair('budget bar track border', track, getComputedStyle(track).borderTopColor, behind(track.parentElement)));
    const level = budget.className;
    for (const l of ['ok', 'near', 'over']) {
      budget.className = `budget budget-${l}`;
      const fill = track.firstElementChild!;
      out.push(pair(`budget bar fill ${l}`, fill, getComputedStyle(fill).backgroundColor, behind(track)));
    }
    budget.className = level;
  }
  const bar = document.querySelector('.chart .bar');
  if (bar) out.push(pair('chart bar', bar, getComputedStyle(bar).fill, behind(bar.closest('svg'))));
  return out;
}

/** The label's button as Chromium's accessibility tree has it (its description is not in an aria snapshot). */
async function labelButtonInTree(tab: Page): Promise<{ name: string; description: string }> {
  const cdp = await tab.context().newCDPSession(tab);
  type AXNode = { role?: { value: string }; name?: { value: string }; description?: { value: string } };
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
  await cdp.detach();
  const button = nodes.find((n) => n.role?.value === 'button' && n.name?.value.startsWith('≈'));
  return { name: button?.name?.value ?? '', description: button?.description?.value ?? '' };
}

/** The page's one polite live region, once it has said something. */
async function announced(tab: Page): Promise<string> {
  const region = tab.locator('ai-footprint-announcer [role="status"]');
  await expect.poll(() => region.textContent(), { timeout: 5_000 }).not.toBe('');
  return region.ariaSnapshot();
}

const LANGUAGES = ['en', 'de', 'es', 'fr', 'ja', 'pt-BR', 'zh-CN'];

/** How amounts read aloud in two of the languages: "about", the label's first words, the units' names. */
const SPOKEN: Record<string, { about: string; footprint: string; energy: RegExp; carbon: RegExp; water: RegExp }> = {
  en: {
    about: 'about',
    footprint: 'Footprint of this answer:',
    energy: /(milli|kilo)?watt-hours?/,
    carbon: /(milli|kilo)?grams? of CO2 equivalent/,
    water: /(micro|milli)?litres?/,
  },
  de: {
    about: 'etwa',
    footprint: 'Fußabdruck dieser Antwort:',
    energy: /(Milliw|Kilow|W)attstunden?/,
    carbon: /(Milligramm|Gramm|Kilogramm) CO2-Äquivalent/,
    water: /(Mikro|Milli)?[lL]iter/,
  },
};

describe.each(LANGUAGES)('the popup in %s', (lang) => {
  let ext: LaunchedExtension;
  let page: Page;
  let url: string;
  let seeded = false;
  const withYear = async () => {
    if (!seeded) await seedYear(page);
    seeded = true;
  };
  beforeAll(async () => {
    ext = await launchWithExtension({ extensionDir: BUILT_EXTENSION, locale: lang });
    page = await ext.context.newPage();
    await page.setViewportSize({ width: 380, height: 600 });
    url = `chrome-extension://${ext.extensionId}/popup.html`;
    await page.goto(url);
  });
  afterAll(async () => ext?.close());

  it('has no violation, empty and with a year of data, light and dark, with its sections open', async () => {
    const reports: string[] = [];
    for (const data of [false, true]) {
      if (data) await withYear();
      await openPopup(page, url, data);
      for (const colorScheme of ['light', 'dark'] as const) {
        const sections = PLAN[lang === 'en' ? 'en' : 'other'][`${data ? 'data' : 'empty'} ${colorScheme}`];
        if (!sections) continue;
        await page.emulateMedia({ colorScheme });
        reports.push(...(await auditPopupStates(page, `popup ${lang} ${colorScheme}, ${data ? 'a year of data' : 'empty'}`, sections)));
      }
    }
    expect(reports.join('\n')).toBe('');
  });

  if (lang === 'en' || lang === 'de')
    it('reflows to 320 px (400% zoom of a 1280 px window): nothing cut off, nothing to scroll sideways', async () => {
      await withYear();
      await page.setViewportSize({ width: REFLOW_WIDTH, height: 600 });
      await openPopup(page, url, true);
      await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
      // Everything the popup draws later (period figures, settings) is in.
      await page.waitForSelector('#budget-panel', { state: 'attached' });
      expect(await overflowsAt(page, REFLOW_WIDTH)).toEqual({ sideways: false, past: [] });
      await page.setViewportSize({ width: 380, height: 600 });
    });

  if (lang === 'en')
    it('draws focus rings, the stress badge’s border, the budget bar and the chart’s bars at 3:1 or more, light and dark', async () => {
      await withYear();
      const state = (await ask(page, 'popup/state', {})) as { value: { totals: { last7: { energyKwh: number } } } };
      await ask(page, 'settings/update', { budget: { weeklyKwh: state.value.totals.last7.energyKwh / 0.5, notify: false } });
      const found: string[] = [];
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await openPopup(page, url, true);
        await page.waitForSelector('.budget-bar');
        // The focus ring of the first controls, reached by keyboard as a person would.
        await page.locator('body').focus();
        const rings: NonTextContrast[] = [];
        for (let i = 0; i < 12; i++) {
          await page.keyboard.press('Tab');
          rings.push(...(await page.evaluate(contrastsIn, 'focus' as 'focus' | 'parts')));
        }
        const all = [...rings, ...(await page.evaluate(contrastsIn, 'parts' as 'focus' | 'parts'))];
        expect(all.map((c) => c.what)).toEqual(
          expect.arrayContaining(['focus ring', 'stress badge border', 'budget bar track border', 'budget bar fill ok', 'chart bar']),
        );
        found.push(...all.filter((c) => !(c.ratio >= 3)).map((c) => `${colorScheme}: ${c.what} (${c.where}) ${c.ratio.toFixed(2)}:1, ${c.fg} on ${c.bg}`));
      }
      await page.emulateMedia({ colorScheme: 'light' });
      expect([...new Set(found)]).toEqual([]);
    });

  if (lang in SPOKEN)
    it('reads the totals and the page label with their units’ names', { timeout: 90_000 }, async () => {
      const words = SPOKEN[lang]!;
      await ask(page, 'turn/completed', {
        site: 'chatgpt',
        conversationId: 'a11y-spoken',
        turnId: 'a11y-spoken-1',
        modelLabel: null,
        finishedAt: Date.now(),
        promptText: 'How much water does a data centre use?',
        answerText: 'It depends on the cooling design and the climate. '.repeat(20),
      });
      await openPopup(page, url, true);
      const totals = await page.locator('[data-testid="totals"]').ariaSnapshot();
      for (const amount of [words.energy, words.carbon, words.water]) expect(totals).toMatch(new RegExp(`img "${words.about} [\\d.,]+ ${amount.source}"`));
      // What is said (the names), never the symbols shown after them.
      const names = [...totals.matchAll(/img "([^"]+)"/g)].map((m) => m[1]);
      expect(names).toHaveLength(3);
      for (const name of names) expect(name).not.toMatch(/≈|\bWh\b|CO₂e|mL/);

      const { tab, label } = await answerWithLabel(ext.context, SITE_PAGES[0]);
      const sentence = `${words.footprint} ${words.about} [\\d.,]+ ${words.energy.source}`;
      expect(await label.ariaSnapshot()).toMatch(/^- '?button "≈/);
      expect((await labelButtonInTree(tab)).description).toMatch(new RegExp(`^${sentence}`));
      expect(await announced(tab)).toMatch(new RegExp(`^- status: ['"]?${sentence}`));
      await tab.close();
    });
});

describe('the extension’s pages and the page label', () => {
  let ext: LaunchedExtension;
  beforeAll(async () => {
    ext = await launchWithExtension({ extensionDir: BUILT_EXTENSION });
  });
  afterAll(async () => ext?.close());

  it('has no violation on the welcome and methodology pages, light and dark', async () => {
    const page = await ext.context.newPage();
    const reports: string[] = [];
    for (const path of ['welcome.html', 'methodology.html'])
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.goto(`chrome-extension://${ext.extensionId}/${path}`);
        await page.waitForSelector('h1');
        reports.push(report(`${path} ${colorScheme}`, await auditPage(page)));
      }
    await page.close();
    expect(reports.filter(Boolean).join('\n')).toBe('');
  });

  it('has no violation in the label on each site’s page', { timeout: 180_000 }, async () => {
    // The sites side by side, one tab each: the worker counts their answers as they come.
    const reports = await Promise.all(
      SITE_PAGES.map(async (s) => {
        const { tab, label } = await answerWithLabel(ext.context, s);
        const found = report(`label on ${s.site}`, await auditPage(tab, 'ai-footprint-label, ai-footprint-announcer'));
        // In the accessibility tree: a button named by what it shows and described by the whole
        // sentence, its amounts in words; the token counts shown when it has the keyboard focus; the
        // sentence said once by the page's polite live region.
        const sentence =
          /Footprint of this answer: about [\d.,]+ (milli|kilo)?watt-hours?, about .+ of CO2 equivalent, about .+litres?\. .+ input tokens · .+ output tokens/;
        expect(await label.ariaSnapshot()).toMatch(/^- '?button "≈ [\d.,]+ (mWh|Wh|kWh) · ≈ .+ · ≈ .+L"/);
        expect((await labelButtonInTree(tab)).description).toMatch(new RegExp(`^${sentence.source}`));
        expect(await announced(tab)).toMatch(new RegExp(`^- status: ['"]?${sentence.source}`));
        await label.locator('button').focus();
        expect(await label.locator('#details').isVisible()).toBe(true);
        await tab.close();
        return found;
      }),
    );
    expect(reports.filter(Boolean).join('\n')).toBe('');
  });

  it('fits 200% zoom (popup) and 320 px (pages) without cutting anything off; stays readable in forced colours; does not move', async () => {
    const page = await ext.context.newPage();
    const url = `chrome-extension://${ext.extensionId}/popup.html`;
    // A few answers, and a weekly budget nearly used, so that the chart and the bar show.
    await page.goto(url);
    for (const i of [1, 2, 3])
      await ask(page, 'turn/completed', {
        site: 'chatgpt',
        conversationId: 'a11y-layout',
        turnId: `a11y-layout-${i}`,
        modelLabel: null,
        finishedAt: Date.now() - i * 60_000,
        promptText: 'How much water does a data centre use?',
        answerText: 'It depends on the cooling design and the climate. '.repeat(i * 3),
      });
    const state = (await ask(page, 'popup/state', {})) as { value: { totals: { last7: { energyKwh: number } } } };
    expect(state.value.totals.last7.energyKwh).toBeGreaterThan(0);
    await ask(page, 'settings/update', { budget: { weeklyKwh: state.value.totals.last7.energyKwh / 0.85, notify: false } });
    // What is cut off on the right of a page `width` CSS px wide (the popup: every section open): the elements that hold content.
    const cutOff = async (target: string, width: number, height: number) => {
      await page.setViewportSize({ width, height });
      if (target === url) await openPopup(page, url, true);
      else {
        await page.goto(target);
        await page.waitForSelector('h1');
      }
      await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter(
            // Content, not its boxes: the popup's box runs under a vertical scrollbar, its right padding only.
            // Wide tables and code scroll on their own, focusable (WCAG's reflow exempts them).
            (e) =>
              e.children.length === 0 &&
              !e.closest('table, pre') &&
              !e.closest('.visually-hidden') &&
              e.getClientRects().length > 0 &&
              e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5,
          )
          .map((e) => `${e.tagName.toLowerCase()}.${e.className} "${(e.textContent ?? '').trim().slice(0, 30)}"`),
      );
      return {
        target,
        width,
        cut,
        scrollsSideways: await page.evaluate(
          () =>
            document.documentElement.scrollWidth > document.documentElement.clientWidth && getComputedStyle(document.documentElement).overflowX !== 'hidden',
        ),
      };
    };
    // 200% zoom: Chrome shows the 380 px popup in a window at most 600 device px high, 300 CSS px.
    // The welcome and methodology pages are tabs: they reflow to 320 CSS px (WCAG's reflow width).
    for (const [target, width, height] of [
      [url, 380, 300],
      [`chrome-extension://${ext.extensionId}/welcome.html`, 320, 640],
      [`chrome-extension://${ext.extensionId}/methodology.html`, 320, 640],
    ] as const)
      expect(await cutOff(target, width, height)).toEqual({ target, width, cut: [], scrollsSideways: false });

    await page.emulateMedia({ forcedColors: 'active' });
    await openPopup(page, url, true);
    const forced = await page.evaluate(() => {
      const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
      return {
        bar: style('.chart .bar').fill === style('body').color,
        budget: style('.budget-bar > span').backgroundColor !== 'rgba(0, 0, 0, 0)',
        badge: style('.badge').borderStyle,
      };
    });
    expect(forced).toEqual({ bar: true, budget: true, badge: 'solid' });
    await page.emulateMedia({ forcedColors: 'none', reducedMotion: 'reduce' });
    await openPopup(page, url, true);
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
    await page.close();
  });
});
