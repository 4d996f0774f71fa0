import { useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { askWorker } from '../ask-worker';
import type { RemoteStatus } from '../../domain';
import type { RemoteTestResult } from '../../domain/popup';
import { formatCount } from '../../display';
import { t } from '../../i18n/t';
import { checkRemoteUrl, remoteStatusView } from '../view';
import { remotePermissions } from '../../remote/permission';
import { Panel } from './Panel';
import { errorSentence } from '../errors';
import { StatusLine, errorStatus, type Status } from './StatusLine';

const IS_FIREFOX = import.meta.env.FIREFOX === true;

/** Asks for the service's origin in the click itself (a user gesture is required, so before any await); a request that throws is a refusal. */
function requestPermission(pattern: string): Promise<boolean> {
  try {
    return browser.permissions.request(remotePermissions(pattern) as Parameters<typeof browser.permissions.request>[0]);
  } catch (err) {
    return Promise.reject(err);
  }
}

/** Where remote mode stands, and the service's last message when it is on. */
function RemoteState({ remote, locale }: { remote: RemoteStatus; locale: string }) {
  const view = remoteStatusView(remote, locale);
  return (
    <p class={`remote-state tone-${view.tone}`} data-testid="remote-state" role="status">
      {view.text}
      {remote.message && remote.state !== 'off' ? (
        <span class="muted"> {remote.code ? errorSentence({ code: remote.code, message: remote.message }) : remote.message}</span>
      ) : null}
    </p>
  );
}

/** What a test of the service found: its plan and what is left of the key's month, or why it failed. */
function testStatus(r: RemoteTestResult, locale: string): Status {
  if (!r.ok) {
    const text = r.code ? t('remote_testFailedCode', [errorSentence({ code: r.code, message: r.message }), r.code]) : t('remote_testFailed', r.message);
    return { tone: 'error', text };
  }
  const plan = r.plan ?? t('remote_planUnknown');
  const text =
    r.remaining === null
      ? t('remote_connected', plan)
      : r.limit === null
        ? t('remote_connectedLeft', [plan, formatCount(r.remaining, locale)])
        : t('remote_connectedLeftOf', [plan, formatCount(r.remaining, locale), formatCount(r.limit, locale)]);
  return { tone: 'ok', text };
}

/** A text field with its label and, under it, the help that describes it. A URL field is typed without spelling help. */
function Field(props: {
  id: string;
  label: string;
  type: 'url' | 'password';
  value: string;
  onValue: (value: string) => void;
  placeholder: string;
  help: string;
  helpTestId?: string;
}) {
  const helpId = `${props.id}-help`;
  return (
    <>
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        type={props.type}
        {...(props.type === 'url' ? { inputMode: 'url' as const, spellcheck: false } : {})}
        placeholder={props.placeholder}
        value={props.value}
        onInput={(e) => props.onValue((e.currentTarget as HTMLInputElement).value)}
        aria-describedby={helpId}
        autoComplete="off"
      />
      <p id={helpId} class="muted" data-testid={props.helpTestId}>
        {props.help}
      </p>
    </>
  );
}

/** Save (the form's submit), test the service, and forget the stored key (when there is one). */
function RemoteActions(props: { busy: boolean; hasKey: boolean; canTest: boolean; onTest: () => void; onForget: () => void }) {
  return (
    <div class="row">
      <button type="submit" class="primary" disabled={props.busy}>
        {t('remote_save')}
      </button>
      <button type="button" onClick={props.onTest} disabled={props.busy || !props.canTest}>
        {t('remote_test')}
      </button>
      {props.hasKey && (
        <button type="button" onClick={props.onForget} disabled={props.busy}>
          {t('remote_forget')}
        </button>
      )}
    </div>
  );
}

/**
 * Remote mode: the user's own Footprint Calculation Service. The stored key is
 * never shown, only whether one is set. Host permission for the one origin is
 * requested in the click itself (a user gesture is required, so before any await).
 */
export function RemoteSettings(props: { remote: RemoteStatus; locale: string; onChanged: (remote?: RemoteStatus) => Promise<void> }) {
  const { remote } = props;
  const [enabled, setEnabled] = useState(remote.enabled);
  const [baseUrl, setBaseUrl] = useState(remote.baseUrl);
  const [apiKey, setApiKey] = useState('');
  const [status, setStatus] = useState<Status | null>(null);
  const [busy, setBusy] = useState(false);

  const configure = async (request: { enabled: boolean; baseUrl: string; apiKey?: string }, done: string) => {
    const res = await askWorker('remote/configure', request);
    if (!res.ok) {
      setStatus(errorStatus(t('action_saveRemote'), res.error));
      return;
    }
    setApiKey('');
    setStatus({ tone: 'ok', text: done });
    await props.onChanged(res.value);
  };

  const onSave = (e: Event) => {
    e.preventDefault();
    const url = baseUrl.trim();
    if (!enabled) {
      // Turning remote mode off (or saving a URL for later) needs no permission; a URL given must still be valid.
      const check = url === '' ? null : checkRemoteUrl(url);
      if (check && !check.ok) return setStatus({ tone: 'error', text: check.message });
      void run(() => configure({ enabled: false, baseUrl: check?.baseUrl ?? '', ...(apiKey ? { apiKey } : {}) }, t('remote_savedLocal')));
      return;
    }
    const check = checkRemoteUrl(url);
    if (!check.ok) return setStatus({ tone: 'error', text: check.message });
    if (!apiKey && !remote.hasKey) return setStatus({ tone: 'error', text: t('remote_needKey') });
    const permission = requestPermission(check.permissionPattern);
    if (IS_FIREFOX) {
      // Firefox closes the popup when its permission prompt opens, so nothing after an await would run:
      // hand the settings to the worker now; it checks the permission before every call to the service.
      void run(() => configure({ enabled: true, baseUrl: check.baseUrl, ...(apiKey ? { apiKey } : {}) }, t('remote_savedPending', check.origin)));
      return;
    }
    void run(async () => {
      let granted = false;
      try {
        granted = await permission;
      } catch (err) {
        setStatus({ tone: 'error', text: t('remote_permissionError', [check.origin, err instanceof Error ? err.message : String(err)]) });
        return;
      }
      if (!granted) {
        setStatus({ tone: 'error', text: t('remote_permissionDenied', check.origin) });
        return;
      }
      await configure({ enabled: true, baseUrl: check.baseUrl, ...(apiKey ? { apiKey } : {}) }, t('remote_saved', check.origin));
    });
  };

  const run = async (task: () => Promise<void>) => {
    setBusy(true);
    try {
      await task();
    } finally {
      setBusy(false);
    }
  };

  const test = () =>
    run(async () => {
      setStatus({ tone: 'info', text: t('remote_testing') });
      const res = await askWorker('remote/test', {});
      setStatus(res.ok ? testStatus(res.value, props.locale) : errorStatus(t('action_testRemote'), res.error));
    });

  const forgetKey = () =>
    run(async () => {
      setEnabled(false);
      await configure({ enabled: false, baseUrl: remote.baseUrl, apiKey: '' }, t('remote_keyForgotten'));
    });

  return (
    <Panel id="remote" title={t('remote_heading')}>
      <RemoteState remote={remote} locale={props.locale} />
      <form onSubmit={onSave} class="remote-form">
        <label class="check">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled((e.currentTarget as HTMLInputElement).checked)} />
          {t('remote_enable')}
        </label>
        <Field
          id="remote-url"
          label={t('remote_url')}
          type="url"
          value={baseUrl}
          onValue={setBaseUrl}
          placeholder="https://footprint.example.org"
          help={t('remote_urlHelp')}
        />
        <Field
          id="remote-key"
          label={t('remote_key')}
          type="password"
          value={apiKey}
          onValue={setApiKey}
          placeholder={remote.hasKey ? t('remote_keyPlaceholderStored') : t('remote_keyPlaceholderNone')}
          help={remote.hasKey ? t('remote_keyStored') : t('remote_keyNone')}
          helpTestId="remote-key-state"
        />
        <RemoteActions busy={busy} hasKey={remote.hasKey} canTest={Boolean(remote.baseUrl) && remote.hasKey} onTest={test} onForget={forgetKey} />
      </form>
      <StatusLine status={status} />
    </Panel>
  );
}
