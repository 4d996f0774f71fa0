import { useState } from 'preact/hooks';
import { formatCount } from '../../display';
import { t, tn } from '../../i18n/t';
import { askWorker } from '../ask-worker';
import { downloadFile } from '../download';
import { ConfirmButton } from './ConfirmButton';
import { ImportData } from './ImportData';
import { Panel } from './Panel';
import { StatusLine, errorStatus, type Status } from './StatusLine';

/** Export the ledger (CSV or JSON), import a JSON export, and delete everything. */
export function DataActions(props: { turns: number; locale: string; onChanged: () => Promise<void> }) {
  const [status, setStatus] = useState<Status | null>(null);

  const exportAs = async (format: 'csv' | 'json') => {
    setStatus({ tone: 'info', text: t('data_preparing', format.toUpperCase()) });
    const res = await askWorker('ledger/export', { format });
    if (!res.ok) return setStatus(errorStatus(t('action_export'), res.error));
    downloadFile(res.value);
    setStatus({ tone: 'ok', text: t('data_saved', res.value.filename) });
  };

  const clear = async () => {
    const res = await askWorker('ledger/clear', { confirm: true });
    if (!res.ok) return setStatus(errorStatus(t('action_delete'), res.error));
    setStatus({ tone: 'ok', text: t('data_deleted') });
    await props.onChanged();
  };

  return (
    <Panel id="data" title={t('data_heading')}>
      <p class="muted">{t('data_note')}</p>
      <div class="row">
        <button type="button" onClick={() => exportAs('csv')}>
          {t('data_exportCsv')}
        </button>
        <button type="button" onClick={() => exportAs('json')}>
          {t('data_exportJson')}
        </button>
      </div>
      <ImportData locale={props.locale} onChanged={props.onChanged} />
      <ConfirmButton
        label={t('data_delete')}
        question={tn('data_deleteQuestion', props.turns, props.locale, formatCount(props.turns, props.locale))}
        confirmLabel={t('data_deleteConfirm')}
        danger
        onConfirm={clear}
      />
      <StatusLine status={status} />
    </Panel>
  );
}
