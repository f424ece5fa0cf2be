export { HttpClient, DEFAULT_TIMEOUT_MS } from './client.js';
export type { HttpClientOptions, HttpMethod, HttpResponse, RequestOptions } from './client.js';
export { listAll, DEFAULT_PER_PAGE } from './pagination.js';
export type { PageOptions } from './pagination.js';
export { DEFAULT_RETRY_POLICY, retryPolicy, decideRetry, backoffDelay, parseRetryAfter } from './retry-policy.js';
export type { RetryPolicy } from './retry-policy.js';
export { checkBaseUrl, isLoopbackHost } from './base-url.js';
export type { Credentials } from './auth.js';
export { JWT_MAX_LIFETIME_SECONDS } from './auth.js';
