/**
 * The page's server (`orgsync-import ui`) started in the test process, and a client that talks to it as
 * the page does: over real HTTP on loopback, with the cookie the printed address gives, the page's Origin
 * and its CSRF token. Every answer's body is kept, so a test can search them all (for a secret, say).
 */
import { request } from 'undici';
import type { ImportOptions } from '../../src/app/options.js';
import { startUiServer, type RunningUi, type UiServerOptions } from '../../src/ui/server.js';

export function uiOptions(stateDir: string, extra: Partial<ImportOptions> = {}): ImportOptions {
  return {
    command: 'ui',
    files: [],
    api: 'v3',
    insecure: false,
    sandbox: true,
    concurrency: 4,
    yes: false,
    prune: false,
    force: false,
    resendAbsences: false,
    stateDir,
    ...extra,
  };
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export class PageClient {
  cookies = new Map<string, string>();
  /** Every answer's body, in order. */
  readonly bodies: string[] = [];
  readonly origin: string;

  constructor(readonly ui: RunningUi) {
    this.origin = `http://127.0.0.1:${ui.port}`;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async send(
    method: 'GET' | 'POST',
    path: string,
    options: { headers?: Record<string, string>; body?: string | Buffer; cookies?: boolean } = {},
  ): Promise<Answer> {
    const answer = await request(`${this.origin}${path}`, {
      method,
      headers: { ...(options.cookies === false ? {} : { cookie: this.cookieHeader() }), ...options.headers },
      ...(options.body !== undefined ? { body: options.body } : {}),
    });
    const body = await answer.body.text();
    this.bodies.push(body);
    for (const line of [answer.headers['set-cookie'] ?? []].flat()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return { status: answer.statusCode, headers: answer.headers, body };
  }

  /** Opens the printed address: the token becomes the cookie. */
  async login(): Promise<Answer> {
    return this.send('GET', new URL(this.ui.url).pathname + new URL(this.ui.url).search);
  }

  /** The CSRF token of the page at `path` (its forms carry it). */
  async csrf(path = '/'): Promise<string> {
    const page = await this.send('GET', path);
    const token = /<meta name="csrf-token" content="([^"]+)"/.exec(page.body)?.[1];
    if (!token) throw new Error(`no CSRF token on ${path}: ${page.status} ${page.body.slice(0, 200)}`);
    return token;
  }

  /** A form posted as the page's script posts it. */
  async post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Answer> {
    return this.send('POST', path, {
      headers: { origin: this.origin, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Files uploaded as the page's script uploads them (multipart, the token in a header). */
  async upload(files: { field?: string; name: string; content: Buffer | string }[], csrf: string, fields: Record<string, string> = {}) {
    const boundary = `----orgsync${Math.random().toString(16).slice(2)}`;
    const parts: Buffer[] = [];
    for (const [name, value] of Object.entries(fields)) {
      parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    }
    for (const file of files) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="${file.field ?? 'files'}"; filename="${file.name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
        ),
        Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
        Buffer.from('\r\n'),
      );
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return this.send('POST', '/upload', {
      headers: {
        origin: this.origin,
        accept: 'application/json',
        'x-csrf-token': csrf,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body: Buffer.concat(parts),
    });
  }
}

export async function startUi(
  options: ImportOptions,
  extra: Partial<UiServerOptions> = {},
): Promise<{ ui: RunningUi; client: PageClient }> {
  const ui = await startUiServer({ options, lang: 'en', ...extra });
  return { ui, client: new PageClient(ui) };
}
