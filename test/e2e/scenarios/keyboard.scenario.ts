/**
 * The popup by keyboard alone, in each browser: change the period, open each section, set the
 * region, set and clear a weekly budget, import a file, export, and delete with its confirmation.
 * Focus moves only with Tab, arrow keys, Enter and Escape; at every Tab stop the focus is visible (a
 * ring on the element or its label) and comes after the one before, in the DOM and on screen. The
 * file itself is chosen in the browser's own file picker, which no page controls: the test puts the
 * file in the field as the picker does, after the field was reached by keyboard.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriverPage } from '../support/driver';
import { waitFor } from '../support/wait';
import type { ScenarioContext } from '../support/scenario-context';
import { popupState, send } from '../support/extension-api';

interface Stop {
  matches: boolean;
  name: string;
  visible: boolean;
  inOrder: boolean;
}

/**
 * The focused element, in the page: whether it matches `selector`, whether its focus ring shows,
 * and whether it comes after the previous Tab stop (kept on window) in the DOM and not above it on screen.
 */
function inspectFocus(selector: string): Stop {
  const w = window as unknown as { __prevStop?: Element | null };
  const el = document.activeElement;
  if (!el || el === document.body) return { matches: false, name: 'body', visible: false, inOrder: true };
  const prev = w.__prevStop;
  const inOrder =
    !prev ||
    !prev.isConnected ||
    ((prev.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0 && el.getBoundingClientRect().top + 2 >= prev.getBoundingClientRect().top);
  w.__prevStop = el;
  const visible =
    el.matches(':focus-visible') &&
    [el, el.closest('label')].some((e) => !!e && getComputedStyle(e).outlineStyle !== 'none' && parseFloat(getComputedStyle(e).outlineWidth) >= 1);
  const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
  return { matches: el.matches(selector), name, visible, inOrder };
}

const DAY = 86_400_000;

export function keyboardScenario(ctx: ScenarioContext): void {
  describe('the popup by keyboard alone', () => {
    let popup: DriverPage;
    let dir: string;
    let filePath: string;
    const stops: Stop[] = [];

    /** Presses Tab until the focus is on `selector` (at most `max` times); every stop is recorded. */
    async function tabTo(selector: string, max = 60): Promise<void> {
      for (let i = 0; i < max; i++) {
        await popup.press('Tab');
        const stop = await popup.evaluate(inspectFocus, selector);
        stops.push(stop);
        if (stop.matches) return;
      }
      throw new Error(`${selector} not reached in ${max} Tab presses; last stops: ${stops.slice(-5).map((s) => s.name)}`);
    }
    const focused = (selector: string) => popup.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);
    /** After the page moved the focus itself (a question opened or closed): the next Tab stop is compared with where it is now. */
    const focusMovedByPage = () =>
      popup.evaluate(() => void ((window as unknown as { __prevStop?: Element | null }).__prevStop = document.activeElement), null);

    beforeAll(async () => {
      popup = await ctx.browser().open(`${ctx.browser().extensionOrigin}/popup.html`);
      await popup.setViewport(380, 600);
      expect(await send(popup, 'ledger/clear', { confirm: true })).toEqual({ ok: true, value: { ok: true } });
      expect(await send(popup, 'settings/update', { region: 'global-avg', budget: { weeklyKwh: null, notify: false } })).toMatchObject({ ok: true });
      const turn = (i: number, daysAgo: number) =>
        send(popup, 'turn/completed', {
          site: 'chatgpt',
          conversationId: 'e2e-keyboard',
          turnId: `e2e-keyboard-${i}`,
          modelLabel: null,
          finishedAt: Date.now() - daysAgo * DAY,
          promptText: `Question ${i}: how much water does a data centre use?`,
          answerText: 'It depends on the cooling design and the climate. '.repeat(3 + i),
        });
      // The file to import: three answers exported, then taken out of the ledger again.
      for (const [i, daysAgo] of [3, 2, 1].entries()) expect(await turn(i, daysAgo)).toMatchObject({ ok: true });
      const exported = await send<{ content: string }>(popup, 'ledger/export', { format: 'json' });
      if (!exported.ok) throw new Error(exported.error.code);
      dir = mkdtempSync(join(tmpdir(), 'footprint-keyboard-'));
      filePath = join(dir, 'footprint-export.json');
      writeFileSync(filePath, exported.value.content);
      expect(await send(popup, 'ledger/clear', { confirm: true })).toMatchObject({ ok: true });
      expect(await turn(9, 0)).toMatchObject({ ok: true });
      await popup.goto(`${ctx.browser().extensionOrigin}/popup.html`);
      await popup.waitForSelector('#data-panel');
    });
    afterAll(async () => {
      await popup?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('changes the period, opens each section, sets the region and a budget, imports, exports and deletes', async () => {
      // The period: Tab into the group (the checked choice), an arrow key moves to the next.
      await tabTo('input[name="period"]');
      expect(await focused('input[value="today"]')).toBe(true);
      await popup.press('ArrowRight');
      await popup.waitForFunction(() => (document.querySelector('input[name="period"]:checked') as HTMLInputElement | null)?.value === 'last7');

      // The region: open its section with Enter, then typing on the closed list picks the first region
      // whose name starts with the letter (an arrow key opens the list in some browsers instead).
      await tabTo('#region-panel > summary');
      await popup.press('Enter');
      await tabTo('#region');
      const before = await popup.evaluate(() => (document.getElementById('region') as HTMLSelectElement).value, null);
      await popup.press('e');
      await waitFor('the new region saved', async () => (await popupState(popup)).settings.region !== before);
      await popup.waitForFunction(() => /\S/.test(document.querySelector('#region-panel [role="status"]')?.textContent ?? ''));

      await tabTo('#tracking-panel > summary');
      await popup.press('Enter');

      // The budget: typed, saved with Enter, then turned off.
      await tabTo('#budget-panel > summary');
      await popup.press('Enter');
      await tabTo('#budget-wh');
      for (const key of ['5', '0', 'Enter']) await popup.press(key);
      await waitFor('the budget saved', async () => (await popupState(popup)).settings.budget?.weeklyKwh === 0.05);
      // Stored is not yet shown: the popup draws its "Turn off" button once it has read the settings again.
      await popup.waitForFunction(() => document.querySelector('[data-testid="budget-off"]') !== null);
      await tabTo('[data-testid="budget-off"]');
      await popup.press('Enter');
      await waitFor('the budget off', async () => (await popupState(popup)).settings.budget?.weeklyKwh === null);
      // The button goes away with the budget and the page gives the focus back to the field: Tab only from there.
      await waitFor('the focus back on the field', () => focused('#budget-wh'));
      await focusMovedByPage();

      await tabTo('#remote-panel > summary');
      await popup.press('Enter');
      await tabTo('#data-panel > summary');
      await popup.press('Enter');

      // Import: the field reached by keyboard, the file chosen; the question takes the focus, Escape
      // closes it and gives the focus back to the field; chosen again, confirmed with Enter.
      await tabTo('#import-file');
      await popup.setInputFile('#import-file', filePath);
      await popup.waitForSelector('[data-testid="import-confirm"]');
      await waitFor('the question focused', () => focused('[data-testid="import-confirm"]'));
      await popup.press('Escape');
      await waitFor('the question closed', async () => !(await popup.text('[data-testid="import-preview"]')));
      await waitFor('the focus back on the field', () => focused('#import-file'));
      await popup.setInputFile('#import-file', filePath);
      await waitFor('the question focused', () => focused('[data-testid="import-confirm"]'));
      await popup.press('Enter');
      await waitFor('the import written', async () => (await popupState(popup)).totals.allTime.turns === 4);

      await focusMovedByPage();
      // Delete: the question takes the focus; Escape cancels and gives it back; then Enter twice deletes.
      await tabTo('#data-panel button.danger');
      await popup.press('Enter');
      await waitFor('the question focused', () => focused('#data-panel .confirm button.danger'));
      await popup.press('Escape');
      await waitFor('the question closed', async () => (await popup.evaluate(() => document.querySelector('#data-panel .confirm'), null)) === null);
      await waitFor('the focus back on the button', () => focused('#data-panel button.danger'));
      await popup.press('Enter');
      await waitFor('the question focused', () => focused('#data-panel .confirm button.danger'));
      await popup.press('Enter');
      await waitFor('the ledger deleted', async () => (await popupState(popup)).totals.allTime.turns === 0);

      // Export as JSON, last: once a download has started, Firefox (headless, driven over BiDi) no longer
      // turns Enter on the page's buttons into clicks. The buttons come before the delete button:
      // Shift+Tab goes back to them.
      for (let i = 0; i < 10 && !(await focused('#data-panel .row > button:nth-child(2)')); i++) await popup.press('Shift+Tab');
      await popup.press('Enter');
      await popup.waitForFunction(() => [...document.querySelectorAll('#data-panel [role="status"]')].some((p) => /\.json\b/.test(p.textContent ?? '')));

      const hidden = stops.filter((s) => !s.visible).map((s) => s.name);
      const outOfOrder = stops.filter((s) => !s.inOrder).map((s) => s.name);
      expect({ hidden, outOfOrder }).toEqual({ hidden: [], outOfOrder: [] });
      expect(stops.length).toBeGreaterThan(10);
    });
  });
}
