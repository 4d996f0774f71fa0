/**
 * The popup's period figures and budget in the built extension with the real worker, in light and
 * dark mode: turns counted by the worker in three chats (one of them long, one never given an id),
 * a weekly budget at about 85%, the 7-day period and a what-if model picked. The figures on screen
 * are the ones the worker's stored turns give. Screenshots: popup-insights-*.png (test/e2e/support/screenshots.ts says where).
 */
import { screenshotPath } from './support/screenshots';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PopupState } from '../../src/domain';
import { BUILT_EXTENSION, openExtensionPage, type ExtensionPage } from './support/extension-page';
import { launchWithExtension, type LaunchedExtension } from './support/launch';

const sentence = (n: number) => `Cooling water use depends on the climate and the design of the data centre, point ${n}. `;

describe('the popup’s period figures and budget', () => {
  let ext: LaunchedExtension;
  let worker: ExtensionPage;

  beforeAll(async () => {
    ext = await launchWithExtension({ extensionDir: BUILT_EXTENSION });
    worker = await openExtensionPage(ext.context, ext.extensionId);
    const chats = [
      { id: 'insights-long', turns: 6 },
      { id: 'insights-short', turns: 1 },
      { id: 'new-m3x9k2', turns: 1 },
    ];
    let n = 0;
    for (const chat of chats)
      for (let i = 0; i < chat.turns; i++) {
        const sent = await worker.send('turn/completed', {
          site: 'chatgpt',
          conversationId: chat.id,
          turnId: `${chat.id}-t${i}`,
          modelLabel: null,
          finishedAt: Date.now() - (20 - n++) * 60_000,
          promptText: `Question ${i} about data centre water use?`,
          answerText: sentence(i).repeat(10),
        });
        expect(sent).toMatchObject({ ok: true, value: { ok: true } });
      }
    const state = await worker.send<PopupState>('popup/state', {});
    if (!state.ok) throw new Error(state.error.message);
    expect(await worker.send('settings/update', { budget: { weeklyKwh: state.value.totals.last7.energyKwh / 0.85, notify: false } })).toMatchObject({
      ok: true,
    });
  });
  afterAll(async () => {
    await ext?.close();
  });

  it('lists the chats by energy with links, prices them with another model, shows the budget; light and dark', async () => {
    const popup = worker.page;
    await popup.setViewportSize({ width: 380, height: 600 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await popup.emulateMedia({ colorScheme });
      await popup.reload();
      await popup.waitForSelector('[data-testid="budget-progress"][data-level="near"]');
      await popup.click('label:has(input[value="last7"])');
      await popup.waitForSelector('[data-testid="costliest-chat"]');
      const rows = await popup.$$eval('[data-testid="costliest-chat"]', (lis) =>
        lis.map((li) => ({ text: (li.textContent ?? '').replace(/\s+/g, ' '), href: li.querySelector('a')?.getAttribute('href') ?? null })),
      );
      expect(rows.map((r) => r.href)).toEqual(['https://chatgpt.com/c/insights-long', 'https://chatgpt.com/c/insights-short', null]);
      expect(rows[0]!.text).toMatch(/6 answers · history: \d+% of input/);
      expect(rows[2]!.text).toContain('new chat, no link');
      await popup.selectOption('[data-testid="whatif-model"]', 'gamma-3.5-flash-lite');
      expect(await popup.textContent('[data-testid="whatif-result"]')).toMatch(/^with gamma-3\.5-flash-lite: ≈\s[\d.]+\s\w+ \(−\d+%\)$/);
      await popup.click('#budget-panel summary');
      const bg = await popup.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(bg).toBe(colorScheme === 'dark' ? 'rgb(22, 26, 24)' : 'rgb(255, 255, 255)');
      await popup.screenshot({ path: screenshotPath(`popup-insights-${colorScheme}.png`), fullPage: true });
    }
    await popup.emulateMedia({ colorScheme: 'light' });
  });
});
