import { useEffect, useState } from 'preact/hooks';
import { findRegion } from '../../core/tables';
import { askWorker } from '../ask-worker';
import { formatInteger } from '../format';
import { REGION_OPTIONS, regionDetail } from '../view';
import { ConfirmButton } from './ConfirmButton';
import { Panel } from './Panel';
import { StatusLine, errorStatus, type Status } from './StatusLine';

/**
 * The data-centre region for new turns. Changing it does not touch recorded
 * turns; one button recomputes the whole history with it, locally.
 */
export function RegionSettings(props: { region: string; turns: number; locale: string; onChanged: () => Promise<void> }) {
  const [status, setStatus] = useState<Status | null>(null);
  // The choice shows at once; the stored region follows when the worker has saved it.
  const [selected, setSelected] = useState(props.region);
  useEffect(() => setSelected(props.region), [props.region]);
  const label = findRegion(props.region)?.label ?? props.region;

  const change = async (region: string) => {
    const name = findRegion(region)?.label ?? region;
    setSelected(region);
    setStatus({ tone: 'info', text: `Saving ${name}…` });
    const res = await askWorker('settings/update', { region });
    if (!res.ok) {
      setSelected(props.region);
      return setStatus(errorStatus('Saving the region', res.error));
    }
    setStatus({ tone: 'ok', text: `Region set to ${name}. New answers use it; recorded ones keep their region until you recompute.` });
    await props.onChanged();
  };

  const recompute = async () => {
    setStatus({ tone: 'info', text: 'Recomputing…' });
    const res = await askWorker('ledger/recompute', {});
    if (!res.ok) return setStatus(errorStatus('Recomputing the history', res.error));
    setStatus({ tone: 'ok', text: `Recomputed ${formatInteger(res.value.recomputed, props.locale)} ${res.value.recomputed === 1 ? 'answer' : 'answers'} with ${label}.` });
    await props.onChanged();
  };

  return (
    <Panel id="region" title="Region" open>
      <label for="region">Data-centre region (carbon intensity · water use · water stress)</label>
      <select id="region" value={selected} onChange={(e) => change((e.currentTarget as HTMLSelectElement).value)} aria-describedby="region-note">
        {REGION_OPTIONS.map((r) => (
          <option key={r.key} value={r.key}>
            {r.label}
          </option>
        ))}
      </select>
      <p id="region-note" class="muted">
        {findRegion(props.region) ? `${regionDetail(findRegion(props.region)!)} ` : ''}A new region applies to new answers. Recorded answers keep the region they were computed with.
      </p>
      <ConfirmButton
        label="Recompute history with this region"
        question={`Recompute all ${formatInteger(props.turns, props.locale)} recorded answers with ${label}? Their carbon and water change; energy stays the same.`}
        confirmLabel="Recompute"
        disabled={props.turns === 0}
        onConfirm={recompute}
      />
      <StatusLine status={status} />
    </Panel>
  );
}
