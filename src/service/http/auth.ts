/**
 * Credentials, turned into request headers. Three ways, in this order of preference when several are
 * given: a ready JWT, a secret to mint short-lived JWTs with, the legacy company_id + access_token headers.
 */
import { SignJWT } from 'jose';
import { UsageError } from '../../errors.js';
import { serviceWords } from '../../words/service.js';

export interface Credentials {
  companyId?: string | number;
  accessToken?: string;
  jwt?: string;
  jwtSecret?: string;
}

/** The service allows at most 15 s between nbf and exp. */
export const JWT_MAX_LIFETIME_SECONDS = 15;
/** nbf lies this far in the past so a service clock a little behind ours still accepts the token. */
const JWT_NOT_BEFORE_SKEW_SECONDS = 5;
const JWT_LIFETIME_SECONDS = JWT_MAX_LIFETIME_SECONDS - JWT_NOT_BEFORE_SKEW_SECONDS;
/** A minted token is reused only while at least this much of its life remains. */
const JWT_MIN_REMAINING_SECONDS = 7;

export interface AuthHeaders {
  headers(): Promise<Record<string, string>>;
  /** Every secret value, so messages can be scrubbed of them. */
  readonly secrets: readonly string[];
}

export function authHeaders(credentials: Credentials, clock: () => number = Date.now): AuthHeaders {
  const { jwt, jwtSecret, accessToken } = credentials;
  const secrets = [jwt, jwtSecret, accessToken].filter((s): s is string => typeof s === 'string' && s !== '');
  if (jwt) return { secrets, headers: async () => ({ JWT: jwt }) };
  if (jwtSecret) {
    const minter = jwtMinter(numericCompanyId(credentials.companyId), jwtSecret, clock);
    return { secrets, headers: async () => ({ JWT: await minter() }) };
  }
  if (accessToken) {
    const companyId = credentials.companyId;
    if (companyId === undefined || String(companyId).trim() === '') {
      throw new UsageError(serviceWords().tokenNeedsCompanyId);
    }
    const fixed = { company_id: String(companyId), access_token: accessToken };
    return { secrets, headers: async () => fixed };
  }
  throw new UsageError(serviceWords().noCredentials);
}

function numericCompanyId(companyId: string | number | undefined): number {
  const text = companyId === undefined ? '' : String(companyId).trim();
  if (!/^\d+$/.test(text)) {
    throw new UsageError(text === '' ? serviceWords().jwtNeedsCompanyId : serviceWords().companyIdNotNumber(text.slice(0, 40)));
  }
  return Number(text);
}

/** Mints HS256 tokens {company_id, nbf, exp}, reusing one for a few seconds, never close to its expiry. */
export function jwtMinter(companyId: number, secret: string, clock: () => number = Date.now): () => Promise<string> {
  const key = new TextEncoder().encode(secret);
  let cached: { token: string; exp: number } | null = null;
  let pending: Promise<string> | null = null;
  return async () => {
    const now = Math.floor(clock() / 1000);
    if (cached && cached.exp - now >= JWT_MIN_REMAINING_SECONDS) return cached.token;
    if (pending) return pending;
    const nbf = now - JWT_NOT_BEFORE_SKEW_SECONDS;
    const exp = now + JWT_LIFETIME_SECONDS;
    pending = new SignJWT({ company_id: companyId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setNotBefore(nbf)
      .setExpirationTime(exp)
      .sign(key)
      .then((token) => {
        cached = { token, exp };
        return token;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };
}
