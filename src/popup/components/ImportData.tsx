import { useEffect, useRef, useState } from 'preact/hooks';
import type { ImportRefusal, ImportSummary } from '../../domain/import';
import { IMPORT_LIMITS } from '../../domain/import-limits';
import { formatCount } from '../../display';
import { t, tn } from '../../i18n/t';
import { askWorker } from '../ask-worker';
import { StatusLine, errorStatus, type Status } from './StatusLine';

/**
 * Import: where the popup is with one file. The file's text is kept only while the person decides;
 * the worker reads and checks it again when it writes.
 */
type ImportStep =
  | { step: 'idle' }
  | { step: 'reading'; name: string }
  | { step: 'asking'; text: string; summary: ImportSummary }
  | { step: 'writing'; text: string; summary: ImportSummary }
  | { step: 'done'; status: Status };

const MIB = 1024 * 1024;

/** Why a file was refused, in plain words (the field's name in the file, when there is one, is shown as it is). */
export function refusalText(r: ImportRefusal, locale: string): string {
  const why: Record<ImportRefusal['code'], () => string> = {
    'not-json': () => t('import_why_notJson'),
    'not-ledger': () => t('import_why_notLedger'),
    'newer-version': () => t('import_why_newerVersion', String(r.limit ?? '')),
    'too-large': () =>
      r.at === null
        ? t('import_why_tooLargeFile', formatCount((r.limit ?? IMPORT_LIMITS.fileBytes) / MIB, locale))
        : t('import_why_tooManyRows', formatCount(r.limit ?? IMPORT_LIMITS.turns, locale)),
    'wrong-type': () => t('import_why_wrongType'),
    negative: () => t('import_why_negative'),
    'unknown-site': () => t('import_why_unknownSite'),
    'unknown-model': () => t('import_why_unknownModel'),
    'unknown-region': () => t('import_why_unknownRegion'),
    'unsafe-id': () => t('import_why_unsafeId'),
    'bad-day': () => t('import_why_badDay'),
    duplicate: () => t('import_why_duplicate'),
  };
  const reason = why[r.code]();
  return r.at && r.code !== 'newer-version' ? t('import_refusedAt', [reason, r.at]) : t('import_refused', reason);
}

/** What the file adds ("N turns from its first day to its last, M already here", days as the file names them) and what else it brings or leaves out. */
export function summaryText(s: ImportSummary, locale: string): string {
  const parts = [
    s.turns === 0
      ? t('import_nothingNew', formatCount(s.alreadyHere, locale))
      : tn('import_summary', s.turns, locale, [formatCount(s.turns, locale), s.firstDay ?? '', s.lastDay ?? '', formatCount(s.alreadyHere, locale)]),
  ];
  if (s.totalsDays > 0) parts.push(t('import_totalsDays', formatCount(s.totalsDays, locale)));
  if (s.leftOut > 0) parts.push(t('import_leftOut', formatCount(s.leftOut, locale)));
  return parts.join(' ');
}

const adds = (s: ImportSummary) => s.turns > 0 || s.totalsDays > 0;

/** "Import" in the "Your data" panel: pick a JSON export, see what it adds, confirm. */
export function ImportData(props: { locale: string; onChanged: () => Promise<void> }) {
  const [at, setAt] = useState<ImportStep>({ step: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    // Keyboard users land on the question's first button, and back on the file field after it.
    const asking = at.step === 'asking' || at.step === 'writing';
    if (at.step === 'asking') confirm.current?.focus();
    else if (!asking && wasAsking.current) input.current?.focus();
    wasAsking.current = asking;
  }, [at.step]);

  const done = (status: Status) => setAt({ step: 'done', status });

  const pick = async (file: File) => {
    // Checked before reading: a file over the limit is never loaded.
    if (file.size > IMPORT_LIMITS.fileBytes) {
      return done({ tone: 'error', text: refusalText({ code: 'too-large', at: null, limit: IMPORT_LIMITS.fileBytes }, props.locale) });
    }
    setAt({ step: 'reading', name: file.name });
    const text = await file.text();
    const res = await askWorker('ledger/import', { text, write: false });
    if (!res.ok) return done(errorStatus(t('action_import'), res.error));
    const answer = res.value;
    if (answer.status === 'refused') return done({ tone: 'error', text: refusalText(answer.refusal, props.locale) });
    if (!adds(answer.summary)) return done({ tone: 'info', text: summaryText(answer.summary, props.locale) });
    setAt({ step: 'asking', text, summary: answer.summary });
  };

  const write = async (text: string, summary: ImportSummary) => {
    setAt({ step: 'writing', text, summary });
    const res = await askWorker('ledger/import', { text, write: true });
    if (!res.ok) return done(errorStatus(t('action_import'), res.error));
    const answer = res.value;
    if (answer.status === 'refused') return done({ tone: 'error', text: refusalText(answer.refusal, props.locale) });
    done({ tone: 'ok', text: t('import_done', summaryText(answer.summary, props.locale)) });
    await props.onChanged();
  };

  const status: Status | null = at.step === 'done' ? at.status : at.step === 'reading' ? { tone: 'info', text: t('import_reading', at.name) } : null;

  return (
    <div class="import" data-testid="import">
      <label for="import-file">{t('import_label')}</label>
      <input
        ref={input}
        id="import-file"
        type="file"
        accept=".json,application/json"
        aria-describedby="import-help"
        disabled={at.step === 'reading' || at.step === 'writing'}
        onChange={(e) => {
          const el = e.currentTarget as HTMLInputElement;
          const file = el.files?.[0];
          // Cleared, so that choosing the same file again is a change too.
          el.value = '';
          if (file) void pick(file);
        }}
      />
      <p id="import-help" class="muted">
        {t('import_help')}
      </p>
      {(at.step === 'asking' || at.step === 'writing') && (
        <div
          class="confirm"
          role="group"
          aria-label={t('import_label')}
          data-testid="import-preview"
          onKeyDown={(e) => {
            if (e.key !== 'Escape' || at.step !== 'asking') return;
            e.preventDefault(); // the popup stays open: Escape closes the question, not the window
            setAt({ step: 'idle' });
          }}
        >
          <p>
            {summaryText(at.summary, props.locale)} {t('import_question')}
          </p>
          <div class="row">
            <button
              ref={confirm}
              type="button"
              class="primary"
              disabled={at.step === 'writing'}
              onClick={() => void write(at.text, at.summary)}
              data-testid="import-confirm"
            >
              {t('import_confirm')}
            </button>
            <button type="button" disabled={at.step === 'writing'} onClick={() => setAt({ step: 'idle' })}>
              {t('common_cancel')}
            </button>
          </div>
        </div>
      )}
      <div data-testid="import-status">
        <StatusLine status={status} />
      </div>
    </div>
  );
}
