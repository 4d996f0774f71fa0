import { useState } from 'preact/hooks';
import { t } from '../../i18n/t';
import { SITE_IDS, type SiteId } from '../../sites';
import { downloadFile } from '../download';
import { newIssueUrl, reportFileName, type ReportFacts } from '../issue-report';
import { StatusLine, type Status } from './StatusLine';

interface Shown {
  text: string;
  facts: ReportFacts;
}

/** The facts the popup names the file and the issue by, from the report the page made (never trusted further than that). */
function factsOf(text: string): ReportFacts | null {
  try {
    const r = JSON.parse(text) as { site?: unknown; extensionVersion?: unknown; date?: unknown };
    if (!SITE_IDS.includes(r.site as SiteId) || typeof r.extensionVersion !== 'string' || typeof r.date !== 'string') return null;
    return { site: r.site as SiteId, extensionVersion: r.extensionVersion, date: r.date };
  } catch {
    return null;
  }
}

/**
 * "Report a problem with this page": asks the chat page in the active tab for its page report
 * (structure only, src/sites/page-report.ts) and shows it, with one sentence on what it holds and
 * leaves out, before anything leaves the popup: then "Save report" writes the file (no network),
 * "Copy" puts it on the clipboard, and the issue link opens the project's tracker with the title
 * and the steps filled in. `place` keeps the ids of two instances apart (the alert and the health section).
 */
export function PageReport({ place }: { place: 'health' | 'alert' }) {
  const [status, setStatus] = useState<Status | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const show = async () => {
    // The validating transport is loaded on first use, as in ask-worker.ts.
    const { sendToActiveTab } = await import('../../messaging/messaging');
    const res = await sendToActiveTab('page/report', {});
    const facts = res.ok ? factsOf(res.value.report) : null;
    if (!res.ok || !facts) {
      setShown(null);
      return setStatus({ tone: 'warning', text: t('health_reportNoPage') });
    }
    setStatus(null);
    setShown({ text: res.value.report, facts });
  };
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setStatus({ tone: 'ok', text: t('health_reportCopied') });
    } catch {
      setStatus({ tone: 'error', text: t('health_reportFailed') });
    }
  };
  const save = ({ text, facts }: Shown) => {
    downloadFile({ filename: reportFileName(facts), mimeType: 'application/json', content: text });
    setStatus({ tone: 'ok', text: t('health_reportSaved', reportFileName(facts)) });
  };
  const id = `page-report-${place}`;
  return (
    <div class="page-report" data-testid={id}>
      <button
        type="button"
        data-testid="report-problem"
        aria-expanded={shown !== null}
        aria-controls={shown ? `${id}-view` : undefined}
        onClick={() => void show()}
      >
        {t('health_reportProblem')}
      </button>
      {shown && (
        <div class="page-report-view" id={`${id}-view`}>
          <p data-testid="page-report-holds">{t('health_reportHolds')}</p>
          <textarea readOnly rows={8} data-testid="page-report-text" aria-label={t('health_reportTextLabel')} value={shown.text} />
          <div class="page-report-actions">
            <button type="button" data-testid="save-page-report" onClick={() => save(shown)}>
              {t('health_reportSave')}
            </button>
            <button type="button" data-testid="copy-page-report" onClick={() => void copy(shown.text)}>
              {t('health_copyReport')}
            </button>
            <a data-testid="open-issue" href={newIssueUrl(shown.facts)} target="_blank" rel="noopener noreferrer">
              {t('health_reportOpenIssue')}
            </a>
          </div>
          <p class="muted">{t('health_reportSteps')}</p>
        </div>
      )}
      <StatusLine status={status} />
    </div>
  );
}
