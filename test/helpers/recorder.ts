/**
 * A recording proxy on 127.0.0.1 in front of a sandbox: every request the importer sends passes through
 * unchanged, and its method, path and JSON body are kept, so a test checks what the service received.
 */
import { createServer, request, type Server } from 'node:http';
import { closer, listenOnLoopback } from './listen.js';
import type { RunningSandbox } from '../../src/sandbox/index.js';

export interface Received {
  method: string;
  path: string;
  body: unknown;
}

export interface Held {
  request: Received;
  /** Lets a held request go on as if it was never held (a held answer is gone for good). */
  release(): void;
}

export interface Recorder {
  /** Point the importer here (`--base-url`), with the sandbox's credentials. */
  baseUrl: string;
  received: Received[];
  /** Writes (POST, PATCH, PUT, DELETE) received since the last clear. */
  writes(): Received[];
  /**
   * From now on, the first request `matches` accepts is held, so a test can stop the importer at exactly
   * that point: never passed on (`request`), or passed on and its answer never handed back (`answer`: the
   * service did it, the importer never hears so). Resolves once held, with `release` to let it go on.
   */
  holdNext(matches: (request: Received) => boolean, what?: 'request' | 'answer'): Promise<Held>;
  /** Holds nothing more (a `holdNext` whose request never came is given up). */
  stopHolding(): void;
  clear(): void;
  close(): Promise<void>;
}

/**
 * `rewrite`: the service's answers as another service might give them (a malformed field, say): given each
 * request and the answer's body, it returns the body to hand on instead, or undefined to hand it on as it is.
 */
export async function recordRequests(
  sandbox: RunningSandbox,
  options: { rewrite?: (request: Received, body: string) => string | undefined } = {},
): Promise<Recorder> {
  const target = new URL(sandbox.baseUrl);
  const received: Received[] = [];
  let hold: { matches: (request: Received) => boolean; what: 'request' | 'answer'; held: (held: Held) => void } | null = null;
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const raw = Buffer.concat(chunks);
      let body: unknown;
      try {
        body = raw.length > 0 ? JSON.parse(raw.toString('utf8')) : undefined;
      } catch {
        body = raw.toString('utf8');
      }
      const seen: Received = { method: incoming.method ?? 'GET', path: incoming.url ?? '', body };
      const holding = hold?.matches(seen) ? hold : null;
      if (holding) hold = null;
      /** Passes the request on; the answer goes back unless it is the one held. */
      const pass = () => {
        received.push(seen);
        const forward = request(
          {
            host: target.hostname,
            port: target.port,
            method: incoming.method,
            path: incoming.url,
            headers: { ...incoming.headers, host: target.host },
          },
          (answer) => {
            if (holding?.what === 'answer') {
              answer.resume();
              holding.held({ request: seen, release: () => {} });
              return;
            }
            if (!options.rewrite) {
              outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(outgoing);
              return;
            }
            const parts: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => parts.push(chunk));
            answer.on('end', () => {
              const text = Buffer.concat(parts).toString('utf8');
              const sent = Buffer.from(options.rewrite!(seen, text) ?? text, 'utf8');
              const { 'transfer-encoding': _chunked, ...headers } = answer.headers;
              outgoing.writeHead(answer.statusCode ?? 502, { ...headers, 'content-length': String(sent.length) });
              outgoing.end(sent);
            });
          },
        );
        forward.on('error', () => outgoing.destroy());
        forward.end(raw);
      };
      if (holding?.what === 'request') holding.held({ request: seen, release: pass });
      else pass();
    });
  });
  const close = closer(server);
  const port = await listenOnLoopback(server);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    writes: () => received.filter((r) => r.method !== 'GET'),
    clear: () => void received.splice(0, received.length),
    holdNext: (matches, what = 'request') => new Promise<Held>((held) => (hold = { matches, what, held })),
    stopHolding: () => void (hold = null),
    close,
  };
}

/** The flags that point the command at the sandbox through the recorder. */
export function recordedServiceArgs(sandbox: RunningSandbox, recorder: Recorder, api: 'v3' | 'v2' = 'v3'): string[] {
  return ['--base-url', recorder.baseUrl, '--company-id', String(sandbox.companyId), '--access-token', sandbox.accessToken, '--api', api];
}
