import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../i18n/t';

/**
 * A button that asks before it acts, inline (no window.confirm, which an
 * extension popup may not show): the question and two buttons replace it.
 * Escape answers "Cancel", as it does in a dialog.
 */
export function ConfirmButton(props: {
  label: string;
  question: string;
  confirmLabel: string;
  onConfirm: () => Promise<void> | void;
  danger?: boolean;
  disabled?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    // Keyboard users land on the question's first button, and back on the opener after.
    if (asking) confirmRef.current?.focus();
    else if (wasAsking.current) openRef.current?.focus();
    wasAsking.current = asking;
  }, [asking]);
  if (!asking) {
    return (
      <button ref={openRef} type="button" class={props.danger ? 'danger' : undefined} disabled={props.disabled} onClick={() => setAsking(true)}>
        {props.label}
      </button>
    );
  }
  return (
    <div
      class="confirm"
      role="group"
      aria-label={props.label}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || busy) return;
        e.preventDefault(); // the popup stays open: Escape closes the question, not the window
        setAsking(false);
      }}
    >
      <p>{props.question}</p>
      <div class="row">
        <button
          type="button"
          class={props.danger ? 'danger' : 'primary'}
          disabled={busy}
          ref={confirmRef}
          onClick={async () => {
            setBusy(true);
            try {
              await props.onConfirm();
            } finally {
              setBusy(false);
              setAsking(false);
            }
          }}
        >
          {props.confirmLabel}
        </button>
        <button type="button" disabled={busy} onClick={() => setAsking(false)}>
          {t('common_cancel')}
        </button>
      </div>
    </div>
  );
}
