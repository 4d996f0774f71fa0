import { useState } from 'preact/hooks';
import { askWorker } from '../ask-worker';
import { downloadFile } from '../download';
import { formatInteger } from '../format';
import { ConfirmButton } from './ConfirmButton';
import { Panel } from './Panel';
import { StatusLine, errorStatus, type Status } from './StatusLine';

/** Export the ledger (CSV or JSON) and delete everything. */
export function DataActions(props: { turns: number; locale: string; onChanged: () => Promise<void> }) {
  const [status, setStatus] = useState<Status | null>(null);

  const exportAs = async (format: 'csv' | 'json') => {
    setStatus({ tone: 'info', text: `Preparing the ${format.toUpperCase()} export…` });
    const res = await askWorker('ledger/export', { format });
    if (!res.ok) return setStatus(errorStatus('Export', res.error));
    downloadFile(res.value);
    setStatus({ tone: 'ok', text: `Saved ${res.value.filename}.` });
  };

  const clear = async () => {
    const res = await askWorker('ledger/clear', { confirm: true });
    if (!res.ok) return setStatus(errorStatus('Deleting the data', res.error));
    setStatus({ tone: 'ok', text: 'All recorded answers and totals were deleted.' });
    await props.onChanged();
  };

  return (
    <Panel id="data" title="Your data">
      <p class="muted">Only counts are stored, never chat text. The columns are described on the methodology page.</p>
      <div class="row">
        <button type="button" onClick={() => exportAs('csv')}>
          Export CSV
        </button>
        <button type="button" onClick={() => exportAs('json')}>
          Export JSON
        </button>
      </div>
      <ConfirmButton
        label="Delete all data"
        question={`Delete all ${formatInteger(props.turns, props.locale)} recorded answers and every total? This cannot be undone.`}
        confirmLabel="Delete everything"
        danger
        onConfirm={clear}
      />
      <StatusLine status={status} />
    </Panel>
  );
}
