/** A status message announced to screen readers; errors are announced at once. */
export interface Status {
  tone: 'info' | 'ok' | 'warning' | 'error';
  text: string;
}

export function StatusLine({ status, id }: { status: Status | null; id?: string }) {
  // The live region stays in the DOM so that a new message is announced.
  return (
    <p id={id} class={`status ${status ? `status-${status.tone}` : 'status-empty'}`} role={status?.tone === 'error' ? 'alert' : 'status'} aria-live={status?.tone === 'error' ? 'assertive' : 'polite'}>
      {status?.text ?? ''}
    </p>
  );
}

export const errorStatus = (what: string, error: { code: string; message: string }): Status => ({
  tone: 'error',
  text: `${what} failed: ${error.message} (${error.code})`,
});
