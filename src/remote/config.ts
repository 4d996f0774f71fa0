/**
 * The one rule for the remote service's base URL, used by the popup (before it asks for the
 * permission) and by the worker (before it sends the key): HTTPS, or plain HTTP only on this
 * machine; no credentials, query or fragment. It also gives the one permission pattern both ask
 * about.
 */
import type { Result } from '../core';

export interface RemoteEndpoint {
  /** Normalized, without trailing slash: `https://host[:port][/prefix]`. */
  baseUrl: string;
  origin: string;
  /**
   * The match pattern for permissions.request / permissions.contains: `<scheme>://<host>/*`,
   * without the port. Firefox rejects a port in a match pattern, and in Chrome a pattern without
   * a port matches every port, so this one pattern works in both.
   */
  originPattern: string;
  calculateUrl: string;
  /** GET: the key's month (requests, quota, summed footprint), docs/service.md. */
  usageUrl: string;
}

/** What is wrong with an address, for the popup to say in the user's language. */
export type RemoteUrlProblem = 'empty' | 'not-url' | 'credentials' | 'query' | 'insecure' | 'scheme';

export interface ConfigError {
  code: 'REMOTE_URL_INVALID' | 'REMOTE_URL_INSECURE' | 'REMOTE_NO_URL';
  problem: RemoteUrlProblem;
  message: string;
}

/**
 * Hosts where plain http:// is accepted. IPv6 `[::1]` is left out: remote mode needs a host
 * permission for the address, and the manifest's optional origins (src/manifest/facts.ts,
 * checked against this list by test/unit/remote/config.test.ts) name only these two.
 */
const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1'];

const fail = (code: ConfigError['code'], problem: RemoteUrlProblem, message: string): Result<RemoteEndpoint, ConfigError> => ({
  ok: false,
  error: { code, problem, message },
});

export function parseBaseUrl(input: string): Result<RemoteEndpoint, ConfigError> {
  const text = input.trim();
  if (text === '') return fail('REMOTE_NO_URL', 'empty', 'No service address given.');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail('REMOTE_URL_INVALID', 'not-url', `"${text}" is not a URL.`);
  }
  if (url.username || url.password) return fail('REMOTE_URL_INVALID', 'credentials', 'The service address must not contain a user name or password.');
  if (url.search || url.hash) return fail('REMOTE_URL_INVALID', 'query', 'The service address must not contain a query or a fragment.');
  if (url.protocol === 'http:') {
    if (!LOOPBACK_HOSTS.includes(url.hostname)) {
      return fail('REMOTE_URL_INSECURE', 'insecure', `http:// is allowed only for ${LOOPBACK_HOSTS.join(' and ')} (got ${url.hostname}).`);
    }
  } else if (url.protocol !== 'https:') {
    return fail('REMOTE_URL_INVALID', 'scheme', `Only https:// addresses are accepted (got ${url.protocol}).`);
  }
  const baseUrl = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  return {
    ok: true,
    value: {
      baseUrl,
      origin: url.origin,
      originPattern: `${url.protocol}//${url.hostname}/*`,
      calculateUrl: `${baseUrl}/api/v2/calculate`,
      usageUrl: `${baseUrl}/api/v2/usage`,
    },
  };
}
