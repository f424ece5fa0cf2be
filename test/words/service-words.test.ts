/**
 * The service client speaks the run's language: Danish frames around what the service itself wrote, the
 * English words unchanged when English is chosen. Real requests to a scripted server on loopback.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { ServiceError } from '../../src/service/errors.js';
import { HttpClient } from '../../src/service/http/client.js';
import { checkBaseUrl } from '../../src/service/http/base-url.js';
import { V2Writer } from '../../src/service/v2/writes.js';
import { Mirror } from '../../src/service/v2/mirror.js';
import { operation, type Operation } from '../../src/model/operations.js';
import { chooseLanguage } from '../../src/words/language.js';
import { serviceWords } from '../../src/words/service.js';
import { sendJson, startLocalServer, type Handler, type LocalServer } from '../service/local-server.js';

let server: LocalServer | null = null;
let client: HttpClient | null = null;
afterEach(async () => {
  chooseLanguage('en');
  await client?.close();
  await server?.close();
  client = null;
  server = null;
});

async function failureOf(handler: Handler, request: (client: HttpClient) => Promise<unknown>): Promise<ServiceError> {
  server = await startLocalServer(handler);
  client = new HttpClient({
    baseUrl: server.baseUrl,
    credentials: { companyId: '42', accessToken: 'token-4711' },
    concurrency: 1,
    sleep: async () => {},
    random: () => 0.5,
  });
  const error = await request(client).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

/** Words only the English sentences of the client use: none may be left in a Danish one. */
const ENGLISH = /\b(the service|was rejected|refused the credentials|check the|attempts|is unavailable|base URL)\b/;

describe('in Danish', () => {
  it('refused credentials (401) are said in Danish, and the run stops as before (exit 3)', async () => {
    chooseLanguage('da');
    const error = await failureOf(
      (_req, res) => sendJson(res, 401, { message: 'Invalid token' }),
      (c) => c.get('/v3/core/users'),
    );
    expect(error.message).toBe(
      "GET /v3/core/users: tjenesten afviste legitimationen (401) — kontrollér virksomheds-id'et og adgangstokenet eller JWT'en",
    );
    expect(error.kind).toBe('auth');
    expect(error.exitCode).toBe(3);
  });

  it("a rejection keeps the service's own complaint as it wrote it, in a Danish frame", async () => {
    chooseLanguage('da');
    const complaint = { message: 'Validation failed', errors: [{ resource: 'user', field: 'username', error: 'has already been taken' }] };
    const error = await failureOf(
      (_req, res) => sendJson(res, 422, complaint),
      (c) => c.request('POST', '/v3/core/users', { body: {} }),
    );
    expect(error.message).toBe('POST /v3/core/users blev afvist (422): Validation failed — username: has already been taken');
    expect(error.serviceMessage).toBe('Validation failed — username: has already been taken');
  });

  it('a service still unavailable after every retry says so in Danish, with its own words quoted', async () => {
    chooseLanguage('da');
    const error = await failureOf(
      (_req, res) => sendJson(res, 503, { message: 'Down for maintenance' }),
      (c) => c.get('/v3/core/users'),
    );
    expect(error.message).toMatch(/^GET \/v3\/core\/users: tjenesten er utilgængelig \(503\) efter \d+ forsøg — Down for maintenance$/);
    expect(error.message.replace('Down for maintenance', '')).not.toMatch(ENGLISH);
  });

  it('a service that cannot be reached is "forbindelsen blev afvist"', async () => {
    chooseLanguage('da');
    server = await startLocalServer(() => {});
    const port = server.port;
    await server.close();
    server = null;
    client = new HttpClient({
      baseUrl: `http://127.0.0.1:${port}`,
      credentials: { companyId: '1', accessToken: 'token-4711' },
      concurrency: 1,
      sleep: async () => {},
    });
    const error = await client.get('/v3/core/users').then(
      () => null,
      (e: unknown) => e as ServiceError,
    );
    expect(error?.message).toMatch(/^GET \/v3\/core\/users efter \d+ forsøg: forbindelsen blev afvist$/);
  });

  it('base URL and credential problems are usage errors in Danish', () => {
    chooseLanguage('da');
    expect(() => checkBaseUrl('http://hr.example.com')).toThrow(
      new UsageError(
        "basis-URL'en http://hr.example.com/ bruger almindelig http: https:// er påkrævet undtagen for loopback-adresser (127.0.0.1, ::1, localhost)",
      ),
    );
    expect(() => new HttpClient({ baseUrl: 'https://hr.example.com', credentials: {}, concurrency: 1 })).toThrow(
      /^ingen legitimation: angiv --access-token/,
    );
  });

  it('what v2 cannot do is said in Danish', async () => {
    chooseLanguage('da');
    const writer = new V2Writer({} as HttpClient, new Mirror());
    const delegation = operation({
      type: 'createDelegation',
      unitKind: 'department',
      unitId: 'A',
      employeeId: 'E1',
      responsibility: 'manager',
    } as never) as Operation;
    const error = await writer.execute(delegation).then(
      () => null,
      (e: unknown) => e as ServiceError,
    );
    expect(error?.message).toBe('v2 har ingen delegeringer: rækker med delegeringer kan kun importeres med --api v3');
  });
});

describe("the notes of v2's read (what the workbook cannot refer to)", () => {
  it('count in Danish, with the word for one and for more', () => {
    chooseLanguage('da');
    expect(serviceWords().unmatched(2, 0, 1)).toBe(
      'Tjenesten har 2 medarbejdere og 1 team uden ext_id (oprettet på sitet): projektmappen kan ikke henvise til dem, og importen lader dem være, som de er.',
    );
    expect(serviceWords().sickWithoutExtId(1)).toBe('1 syg medarbejder uden ext_id er udeladt af sammenligningen af fravær.');
    expect(serviceWords().withoutParent(['A', 'B', 'C', 'D', 'E'], 6)).toMatch(
      /^6 afdelinger står uden overordnet afdeling, .* \(A, B, C, D, E, …\)/,
    );
  });

  it('in English as before', () => {
    expect(serviceWords().unmatched(2, 0, 1)).toBe(
      'The service has 2 employee(s), 1 team(s) without ext_id (made on the site): the workbook cannot refer to them, and the import leaves them as they are.',
    );
  });
});

describe('in English, word for word as before', () => {
  it('refused credentials', async () => {
    const error = await failureOf(
      (_req, res) => sendJson(res, 401, {}),
      (c) => c.get('/v3/core/users'),
    );
    expect(error.message).toBe(
      'GET /v3/core/users: the service refused the credentials (401) — check the company id and the access token or JWT',
    );
  });

  it('unavailable after retries, with the complaint', async () => {
    const error = await failureOf(
      (_req, res) => sendJson(res, 503, { message: 'Down' }),
      (c) => c.get('/v3/core/users'),
    );
    expect(error.message).toMatch(/^GET \/v3\/core\/users: the service is unavailable \(503\) after \d+ attempts — Down$/);
  });
});
