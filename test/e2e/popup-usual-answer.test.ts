/**
 * The latest answer against the usual one, in the built extension with the real worker: seven
 * turns counted by the worker (the last with hidden reasoning and a generated image, the tallest
 * the latest answer gets), then the popup in English, German and Japanese. The line says what the
 * popup's own state gives, and the latest answer still ends within the first 380x600 screen.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PopupState } from '../../src/domain';
import { comparedWithUsual, usualComparisonTexts } from '../../src/popup/usual-answer';
import { useCatalog } from '../support/messages';
import { BUILT_EXTENSION, openExtensionPage } from './support/extension-page';
import { launchWithExtension, type LaunchedExtension } from './support/launch';
import { SCREENSHOTS } from './support/screenshots';

const sentence = (n: number) => `Cooling water use depends on the climate and the design of the data centre, point ${n}. `;

describe.each([
  { lang: 'en', locale: 'en-US' },
  { lang: 'de', locale: 'de' },
  { lang: 'ja', locale: 'ja' },
])('the usual answer, UI in $lang', ({ lang, locale }) => {
  let ext: LaunchedExtension | undefined;
  afterEach(async () => {
    await ext?.close();
    useCatalog('en');
  });

  it('shows the latest answer against the mean of the others, and the latest answer still fits the first screen', async () => {
    ext = await launchWithExtension({ extensionDir: BUILT_EXTENSION, ...(lang === 'en' ? {} : { locale: lang }) });
    const worker = await openExtensionPage(ext.context, ext.extensionId);
    for (let i = 0; i < 7; i++) {
      const last = i === 6;
      const sent = await worker.send('turn/completed', {
        site: 'chatgpt',
        conversationId: `usual-${i}`,
        turnId: `usual-t${i}`,
        modelLabel: null,
        finishedAt: Date.now() - (6 - i) * 60_000,
        promptText: `Question ${i} about data centre water use?`,
        answerText: sentence(i).repeat(last ? 60 : 8),
        ...(last ? { reasoning: { text: null, summaryOnly: false, durationLabel: 'Thought for 12 seconds' }, images: ['image-usual-1'] } : {}),
      });
      expect(sent).toMatchObject({ ok: true, value: { ok: true } });
    }
    const state = await worker.send<PopupState>('popup/state', {});
    if (!state.ok) throw new Error(state.error.message);
    const expected = comparedWithUsual(state.value);
    expect(expected?.earlierAnswers).toBe(6);
    expect(expected!.ratio).toBeGreaterThan(3);

    const popup = worker.page;
    await popup.setViewportSize({ width: 380, height: 600 });
    await popup.reload();
    await popup.waitForSelector('[data-testid="last-vs-usual"]');
    useCatalog(lang);
    const texts = usualComparisonTexts(expected!, locale);
    expect(await popup.textContent('[data-testid="last-vs-usual"] [aria-hidden="true"]')).toBe(texts.short);
    expect(await popup.getAttribute('[data-testid="last-vs-usual"]', 'title')).toBe(texts.full);
    expect(await popup.textContent('[data-testid="last-reasoning"]')).toMatch(/≈/);
    expect(await popup.textContent('[data-testid="last-images"]')).toMatch(/^1 /);
    await popup.screenshot({ path: `${SCREENSHOTS}/popup-usual-answer${lang === 'en' ? '' : `-${lang}`}.png` });
    expect(await popup.$eval('[data-testid="last-answer"]', (e) => e.getBoundingClientRect().bottom)).toBeLessThanOrEqual(600);
  });
});
