/**
 * Authentication as documented: a `JWT` header (HS256, signed with the company's access token, claims
 * company_id, nbf and exp at most 15 seconds apart) or the legacy `company_id` + `access_token` pair.
 * A wrong credential is 401; no credential at all is the service's 500. Messages never echo a credential.
 */
import { timingSafeEqual } from 'node:crypto';
import { errors as joseErrors, type JWTPayload, jwtVerify } from 'jose';
import { ApiError } from '../errors.js';

export const MAX_TOKEN_SPAN_SECONDS = 15;

export interface Credentials {
  companyId: number;
  accessToken: string;
  now: () => Date;
}

type Headers = Record<string, string | string[] | undefined>;

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function unauthorized(reason: string): ApiError {
  return new ApiError(401, `Unauthorized: ${reason}`);
}

function sameCompany(claim: unknown, companyId: number): boolean {
  if (typeof claim === 'number') return claim === companyId;
  if (typeof claim === 'string') return /^\d+$/.test(claim) && Number(claim) === companyId;
  return false;
}

async function verifyJwt(token: string, credentials: Credentials): Promise<ApiError | null> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(credentials.accessToken), {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'nbf'],
      currentDate: credentials.now(),
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return unauthorized('the JWT has expired');
    if (error instanceof joseErrors.JWTClaimValidationFailed)
      return unauthorized(`the JWT claim ${error.claim} is missing or not valid now`);
    if (error instanceof joseErrors.JWSSignatureVerificationFailed)
      return unauthorized('the JWT signature does not match the access token');
    return unauthorized('the JWT cannot be read as an HS256 token');
  }
  const { exp, nbf } = payload;
  if (typeof exp !== 'number' || typeof nbf !== 'number') return unauthorized('the JWT needs numeric exp and nbf');
  if (exp - nbf > MAX_TOKEN_SPAN_SECONDS) {
    return unauthorized(`exp and nbf of the JWT are more than ${MAX_TOKEN_SPAN_SECONDS} seconds apart`);
  }
  if (!sameCompany(payload.company_id, credentials.companyId)) return unauthorized('the JWT company_id is not this company');
  return null;
}

/** null when the request may go on; otherwise the error to answer with. */
export async function authenticate(headers: Headers, credentials: Credentials): Promise<ApiError | null> {
  const jwt = single(headers.jwt);
  if (jwt !== undefined && jwt !== '') return verifyJwt(jwt, credentials);
  const companyId = single(headers.company_id);
  const accessToken = single(headers.access_token);
  if (companyId === undefined || accessToken === undefined || companyId === '' || accessToken === '') {
    return new ApiError(500, 'Internal Server Error (no credentials: send a JWT header, or both company_id and access_token)');
  }
  if (!sameCompany(companyId.trim(), credentials.companyId)) return unauthorized('company_id and access_token do not match');
  if (!sameSecret(accessToken, credentials.accessToken)) return unauthorized('company_id and access_token do not match');
  return null;
}
