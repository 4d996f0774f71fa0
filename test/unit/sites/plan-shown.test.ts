/**
 * The plan a chat page shows, against the plan assumed for the site: ChatGPT's sidebar ends with an
 * "Upgrade plan" item on a free account (the real page test/fixtures/real-dom/chatgpt-dom.html, a
 * Free account: its sidebar item and its embedded `"planType","free"`), so its reader says Free; the
 * site's health then says, in every language, when the plan setting says otherwise, and nothing
 * when it agrees (Free is also ChatGPT's default).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../support/adapters';
import { LOCALES, useCatalog } from '../../support/messages';
import { healthRows } from '../../../src/popup/view';
import type { SiteHealth } from '../../../src/domain/turns';
import { fixture, loadPage } from '../support/load-page';

afterEach(() => useCatalog('en'));

const chatgpt = ADAPTERS.chatgpt;
const URL_OF_CHAT = 'https://chatgpt.com/c/67fbd5f2-ff0c-8004-bd25-6c9b49d59f6c';

describe('the plan a page shows', () => {
  it('is Free on a free account’s ChatGPT page, and none on a page without the upgrade item', () => {
    const free = fixture('real-dom/chatgpt-dom.html');
    expect(free).toContain('"planType\\",\\"free\\"');
    expect(chatgpt.readPlanShown?.(loadPage(free, URL_OF_CHAT))).toBe('free');
    expect(chatgpt.readPlanShown?.(loadPage(fixture('sites/chatgpt.html'), URL_OF_CHAT))).toBeNull();
  });

  it.each(LOCALES)('%s: health says when it contradicts the plan setting, and nothing when it agrees', (lang) => {
    useCatalog(lang);
    const report: SiteHealth = { site: 'chatgpt', status: 'ok', reason: null, at: 1, planShown: 'free' };
    const row = (plans: Record<string, string>) => healthRows([report], lang.replace('_', '-'), plans).find((r) => r.site === 'chatgpt')!.text;
    const agreed = row({});
    expect(row({ chatgpt: 'free' })).toBe(agreed);
    const contradicted = row({ chatgpt: 'pro' });
    expect(contradicted.startsWith(agreed)).toBe(true);
    expect(contradicted.length).toBeGreaterThan(agreed.length);
    expect(contradicted).toContain('Free');
    expect(contradicted).toContain('Pro');
    expect(contradicted).not.toMatch(/\$\w+\$/);
    // A site with no plan table, or a plan the table does not know, says nothing.
    expect(healthRows([{ ...report, site: 'gemini' }], 'en', { gemini: 'pro' }).find((r) => r.site === 'gemini')!.text).not.toContain('Free');
  });
});
