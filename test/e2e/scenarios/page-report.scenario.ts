/**
 * "Report a problem with this page", in each browser: a chatgpt.com page whose prompt the reader
 * reads as empty makes the site "not recognized", which the popup's alerts say (the toolbar badge
 * shows only today's energy); there, and in the health section, the popup shows the page report
 * with the sentence on what it holds and leaves out before anything is saved or copied, "Save
 * report" writes that same text to a file, and the issue link names the site and the version.
 *
 * The popup opens as a tab here, so its active tab would be itself: the scenario points its
 * `tabs.query` at the chat page's tab, the one thing automation cannot do as a person's click on the
 * toolbar does. The file is read where the popup hands it to the browser (`URL.createObjectURL`).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriverPage } from '../support/driver';
import type { ScenarioContext } from '../support/scenario-context';
import { CHATGPT } from '../support/chat-fixtures';
import { waitFor } from '../support/wait';

const PACKAGE = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { bugs: { url: string }; version: string };
const CONVERSATION = '6b1f3c2a-9d4e-4f5a-8b7c-0e1d2c3b4a59';
const PROMPT = 'Plan a weekend in Lisbon for my grandmother';
const ANSWER = 'Start at the Belém tower early, before the tour buses arrive.';
const TITLE = 'Grandmother Lisbon weekend';
const ACCOUNT = 'Jeanne Quistorff';
/** The chat page's URL: other scenarios may leave chatgpt.com tabs open, so the popup's "active tab" is this one exactly. */
const PAGE = `${CHATGPT.origin}/c/${CONVERSATION}`;

/** A chatgpt.com page in the known markup whose prompt is not where the reader reads it (its text moved into a shadow of its bubble). */
const BROKEN = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${TITLE}</title></head><body><div id="root">
<nav><a href="/c/${CONVERSATION}">${TITLE}</a><button aria-label="Open profile menu for ${ACCOUNT}"><span>${ACCOUNT}</span></button></nav>
<header><button data-testid="model-switcher-dropdown-button" type="button"><div>ChatGPT 4o</div></button></header>
<main><div id="thread">
<article data-testid="conversation-turn-1" data-turn="user"><div data-message-author-role="user" data-message-id="f1a2b3c4-0001-4000-8000-000000000001"></div><p class="bubble-next">${PROMPT}</p></article>
<article data-testid="conversation-turn-2" data-turn="assistant"><div data-message-author-role="assistant" data-message-id="f1a2b3c4-0002-4000-8000-000000000002" data-message-model-slug="gpt-4o"><div class="markdown prose"><p>${ANSWER}</p></div></div>
<div class="flex"><button data-testid="copy-turn-action-button" aria-label="Copy">Copy</button></div></article>
</div></main>
<form id="composer"><textarea id="prompt-textarea" placeholder="Ask anything"></textarea><button data-testid="send-button" type="button" aria-label="Send prompt">Send</button></form>
</div></body></html>`;

type Tabs = { query(q: object): Promise<Array<{ id?: number; url?: string }>> };
declare const browser: { tabs: Tabs } | undefined;
declare const chrome: { tabs: Tabs };

export function pageReportScenario(ctx: ScenarioContext): void {
  describe('report a problem with this page', () => {
    let chat: DriverPage;
    let popup: DriverPage;

    beforeAll(async () => {
      const b = ctx.browser();
      await b.serveChatPage(CHATGPT.origin, BROKEN);
      chat = await b.open(PAGE);
      popup = await b.open(`${b.extensionOrigin}/popup.html`);
      await popup.setViewport(380, 700);
    });
    afterAll(async () => {
      await popup?.close();
      await chat?.close();
      await ctx.browser().serveChatPage(CHATGPT.origin, CHATGPT.html);
    });

    /** Opens the popup afresh, its "active tab" the chat page, its file saves recorded. */
    async function openPopup(): Promise<void> {
      await popup.goto(`${ctx.browser().extensionOrigin}/popup.html`);
      await popup.waitForSelector('[data-testid="totals"]');
      await popup.evaluate(async (pageUrl) => {
        const api = typeof browser !== 'undefined' ? browser : chrome;
        const [tab] = await api.tabs.query({ url: pageUrl });
        const query = api.tabs.query.bind(api.tabs);
        Object.defineProperty(api.tabs, 'query', { configurable: true, value: (q: { active?: boolean }) => (q.active ? Promise.resolve([tab]) : query(q)) });
        const w = window as unknown as { __saved: Array<{ text: Promise<string>; name: string }> };
        w.__saved = [];
        const make = URL.createObjectURL.bind(URL);
        URL.createObjectURL = (blob: Blob) => {
          w.__saved.push({ text: blob.text(), name: '' });
          return make(blob);
        };
      }, PAGE);
    }

    async function showReport(scope: string): Promise<string> {
      await popup.click(`${scope} [data-testid="report-problem"]`);
      await popup.waitForSelector(`${scope} [data-testid="page-report-text"]`);
      return popup.evaluate((s) => (document.querySelector(`${s} [data-testid="page-report-text"]`) as HTMLTextAreaElement).value, scope);
    }

    it('is offered where the popup says the page is not recognized, and shows the report and what it holds first', async () => {
      await openPopup();
      await waitFor('the alert that chatgpt.com is not recognized', async () => {
        await popup.reload();
        await popup.waitForSelector('[data-testid="totals"]');
        return /not recognized on chatgpt\.com/.test(await popup.text('[data-testid="alerts"]'));
      });
      await openPopup();
      const alert = '[data-testid="page-report-alert"]';
      expect(await popup.text(`${alert} [data-testid="report-problem"]`)).toBe('Report a problem with this page');
      const text = await showReport(alert);
      expect(await popup.text(`${alert} [data-testid="page-report-holds"]`)).toBe(
        "This report holds the page's structure (its elements, class names, roles, aria and data attributes), with every text replaced by placeholder words of the same length, and leaves out your chats' text, titles, names, links and ids, keeping only their length and form.",
      );
      const report = JSON.parse(text) as {
        report: string;
        format: number;
        site: string;
        extensionVersion: string;
        date: string;
        saw: { user: number; assistant: number };
      };
      expect(report).toMatchObject({ report: 'ai-chat-footprint/page-report', format: 3, site: 'chatgpt', extensionVersion: PACKAGE.version });
      expect(report.saw).toMatchObject({ user: 1, assistant: 1 });
      for (const known of [PROMPT, 'Lisbon', ANSWER, 'Belém', TITLE, 'Grandmother', ACCOUNT, 'Quistorff', CONVERSATION, '6b1f3c2a'])
        expect(text).not.toContain(known);
      // The page's structure is there: the reader's attributes and the markup around the prompt it missed.
      expect(text).toContain('"data-message-author-role": "user"');
      expect(text).toContain('"class": "bubble-next"');

      const href = await popup.evaluate((s) => document.querySelector(`${s} [data-testid="open-issue"]`)!.getAttribute('href'), alert);
      const issue = new URL(href!);
      expect(`${issue.origin}${issue.pathname}`).toBe(`${PACKAGE.bugs.url}/new`);
      expect(issue.searchParams.get('title')).toBe(`chatgpt.com: page not read as expected (extension ${PACKAGE.version})`);
      expect(issue.searchParams.get('body')).toContain(`page-report-chatgpt-${report.date}.json`);
    });

    it('saves the report it showed, from the health section too', async () => {
      await openPopup();
      await popup.evaluate(() => void ((document.getElementById('tracking-panel') as HTMLDetailsElement).open = true), null);
      const health = '[data-testid="page-report-health"]';
      const text = await showReport(health);
      await popup.click(`${health} [data-testid="save-page-report"]`);
      const status = await waitFor('the saved status', async () => {
        const s = await popup.text(`${health} [role="status"]`);
        return /^Report saved as page-report-chatgpt-\d{4}-\d{2}-\d{2}\.json\.$/.test(s) && s;
      });
      expect(status).toMatch(/page-report-chatgpt/);
      const saved = await popup.evaluate(
        async () => Promise.all((window as unknown as { __saved: Array<{ text: Promise<string> }> }).__saved.map((s) => s.text)),
        null,
      );
      expect(saved).toEqual([text]);
    });
  });
}
