/** The typed `t` helper and its plural choice, over the real catalogues. */
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { t, tn } from '../../../src/i18n/t';
import { useCatalog } from '../../support/messages';

describe('t', () => {
  it('reads the UI language’s message with its substitutions', () => {
    useCatalog('de');
    expect(t('region_saving', 'EU (Sweden)')).toBe('EU (Sweden) wird gespeichert…');
    useCatalog('ja');
    expect(t('tracking_modelSet', ['claude.ai', 'beta-opus-5'])).toBe('claude.ai：新しい回答は beta-opus-5 としてカウントします。');
  });

  it('shows the key rather than an empty string when a message is missing', () => {
    // browser.i18n.getMessage answers an empty string for a key the catalogue lacks.
    expect((t as (key: string) => string)('no_such_key')).toBe('no_such_key');
  });

  it('checks keys and substitutions at compile time (npm run typecheck)', () => {
    // @ts-expect-error: not a key of public/_locales/en/messages.json
    t('no_such_key');
    // @ts-expect-error: region_saving declares a placeholder
    t('region_saving');
    // @ts-expect-error: popup_retry declares none
    t('popup_retry', 'extra');
    // @ts-expect-error: plural messages come in _one/_other pairs; this base has none
    tn('popup_retry', 1, 'en', '1');
    expect(t('region_saving', 'EU (Sweden)')).toBe('Saving EU (Sweden)…');
  });

  it('turns numbers into strings, as getMessage requires', () => {
    const getMessage = vi.spyOn(fakeBrowser.i18n, 'getMessage');
    try {
      t('eq_more', 3);
      expect(getMessage).toHaveBeenCalledWith('eq_more', ['3']);
    } finally {
      getMessage.mockRestore();
    }
  });
});

describe('tn picks the plural form by the locale’s rule', () => {
  it('English: one for exactly 1, other otherwise', () => {
    useCatalog('en');
    expect(tn('totals_answers', 1, 'en', ['1', '10', '20'])).toBe('1 answer: 10 input and 20 output tokens.');
    expect(tn('totals_answers', 2, 'en', ['2', '10', '20'])).toBe('2 answers: 10 input and 20 output tokens.');
    expect(tn('totals_answers', 0, 'en', ['0', '0', '0'])).toBe('0 answers: 0 input and 0 output tokens.');
  });
  it('French: 0 and 1.5 take the singular', () => {
    useCatalog('fr');
    expect(tn('eq_google_searches', 1.5, 'fr', '≈ 1,5')).toBe('≈ 1,5 recherche sur le web');
    expect(tn('eq_google_searches', 8, 'fr', '≈ 8')).toBe('≈ 8 recherches sur le web');
  });
  it('Japanese has one form', () => {
    useCatalog('ja');
    expect(tn('eq_google_searches', 1, 'ja', '≈ 1')).toBe(tn('eq_google_searches', 8, 'ja', '≈ 1'));
  });
});

describe('worker error sentences in the UI language', () => {
  it('translates a known code and keeps an unknown one’s own sentence, always with the code', async () => {
    const { errorSentence, failedText } = await import('../../../src/popup/errors');
    const { WORKER_ERROR_SENTENCES } = await import('../../../src/domain/errors');
    useCatalog('de');
    expect(failedText('Speichern der Region', { code: 'INVALID_REGION', message: 'x' })).toBe(
      'Speichern der Region fehlgeschlagen: Diese Region gehört nicht zu den 14 Regionen, die die Erweiterung kennt. (INVALID_REGION)',
    );
    expect(failedText('Export', { code: 'SOMETHING_NEW', message: 'Disk on fire.' })).toBe('Export fehlgeschlagen: Disk on fire. (SOMETHING_NEW)');
    // The remote status carries its code beside the English sentence.
    expect(errorSentence({ code: 'REMOTE_TIMEOUT', message: WORKER_ERROR_SENTENCES.REMOTE_TIMEOUT })).toBe(
      'Der Dienst hat nicht innerhalb von 5 Sekunden geantwortet. Der Fußabdruck wurde auf diesem Gerät berechnet und wird später erneut gesendet.',
    );
  });
});
