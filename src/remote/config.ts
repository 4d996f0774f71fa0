/** Validates the remote service's base URL: HTTPS only, plain HTTP only on loopback. */
import type { Result } from '../core';

export interface RemoteEndpoint {
  /** Normalized, without trailing slash: `https://host[:port][/prefix]`. */
  baseUrl: string;
  origin: string;
  /** Match pattern for permissions.contains / permissions.request: `${origin}/*`. */
  originPattern: string;
  calculateUrl: string;
}

export interface ConfigError {
  code: 'REMOTE_URL_INVALID' | 'REMOTE_URL_INSECURE' | 'REMOTE_NO_URL';
  message: string;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function parseBaseUrl(input: string): Result<RemoteEndpoint, ConfigError> {
  const text = input.trim();
  if (text === '') return { ok: false, error: { code: 'REMOTE_NO_URL', message: 'No service address given.' } };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, error: { code: 'REMOTE_URL_INVALID', message: `"${text}" is not a URL.` } };
  }
  if (url.username || url.password || url.search || url.hash) {
    return { ok: false, error: { code: 'REMOTE_URL_INVALID', message: 'The service address must not contain credentials, a query or a fragment.' } };
  }
  if (url.protocol === 'http:') {
    if (!LOOPBACK_HOSTS.has(url.hostname)) {
      return { ok: false, error: { code: 'REMOTE_URL_INSECURE', message: `http:// is allowed only for localhost and 127.0.0.1 (got ${url.hostname}).` } };
    }
  } else if (url.protocol !== 'https:') {
    return { ok: false, error: { code: 'REMOTE_URL_INVALID', message: `Only https:// addresses are accepted (got ${url.protocol}).` } };
  }
  const path = url.pathname.replace(/\/+$/, '');
  const baseUrl = `${url.origin}${path}`;
  return {
    ok: true,
    value: { baseUrl, origin: url.origin, originPattern: `${url.origin}/*`, calculateUrl: `${baseUrl}/api/v2/calculate` },
  };
}
