import { UsageError } from '../../errors.js';
import { serviceWords } from '../../words/service.js';

/** Loopback hosts may be reached over plain http (the sandbox, a local tunnel); nothing else may. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export interface CheckedBaseUrl {
  /** scheme://host[:port], what the connection pool is opened on. */
  origin: string;
  /** Path prefix every request path is appended to ('' or '/something', never a trailing slash). */
  prefix: string;
  /** True when the caller allowed plain http to a non-loopback host and should warn the user. */
  insecure: boolean;
}

/**
 * The base URL must be https, except on loopback; `insecure` lets plain http through (the caller warns).
 * Credentials embedded in the URL are refused, so they can never end up in a message.
 */
export function checkBaseUrl(baseUrl: string, insecure = false): CheckedBaseUrl {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError(serviceWords().notUrl(withoutUserInfo(baseUrl).slice(0, 200)));
  }
  if (url.username !== '' || url.password !== '') {
    throw new UsageError(serviceWords().urlWithUserInfo);
  }
  if (url.search !== '' || url.hash !== '') {
    throw new UsageError(serviceWords().urlWithQuery(`${url.origin}${url.pathname}`));
  }
  const where = `${url.origin}${url.pathname}`;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(serviceWords().notHttps(url.protocol));
  }
  const plainHttp = url.protocol === 'http:' && !isLoopbackHost(url.hostname);
  if (plainHttp && !insecure) {
    throw new UsageError(serviceWords().plainHttp(where));
  }
  return { origin: url.origin, prefix: url.pathname.replace(/\/+$/, ''), insecure: plainHttp };
}

/** What stands between `//` and the last `@` before the path may be a user name and password: never shown. */
function withoutUserInfo(text: string): string {
  return text.replace(/\/\/[^/?#]*@/, '//…@').replace(/^[^/:]*:[^/@]*@/, '…@');
}
