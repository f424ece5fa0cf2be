/**
 * Misbehaving networks on 127.0.0.1: a proxy in front of the sandbox that can start refusing the
 * credentials, stop answering or answer "503, come back in 30 s" after a number of requests, and servers that never answer or answer
 * HTML. Every one records the headers it was sent.
 */
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { closer, listenOnLoopback as listen } from '../helpers/listen.js';

/** What the proxy does with the n-th request (1-based). */
export type Behaviour = (n: number, method: string) => 'pass' | 'unauthorized' | 'silent' | 'busy';

export interface LocalServer {
  url: string;
  /** Requests received so far. */
  readonly requests: number;
  /** Every request's headers, in order, with the time it arrived. */
  readonly received: { headers: IncomingHttpHeaders; at: number }[];
  close(): Promise<void>;
}

export interface FaultProxy extends LocalServer {
  behave(next: Behaviour): void;
}

export async function startProxy(target: string, initial: Behaviour = () => 'pass'): Promise<FaultProxy> {
  const upstream = new URL(target);
  let behaviour = initial;
  let count = 0;
  const received: LocalServer['received'] = [];
  const server = createServer((req, res) => {
    count += 1;
    received.push({ headers: req.headers, at: Date.now() });
    const action = behaviour(count, req.method ?? 'GET');
    if (action === 'silent') return; // accepted, never answered
    if (action === 'unauthorized' || action === 'busy') {
      req.resume();
      const [status, message, wait] = action === 'busy' ? [503, 'maintenance', { 'retry-after': '30' }] : [401, 'token expired', {}];
      res.writeHead(status, { 'content-type': 'application/json', ...wait });
      res.end(JSON.stringify({ message }));
      return;
    }
    const forward = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  const close = closer(server);
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return count;
    },
    received,
    behave: (next) => {
      behaviour = next;
    },
    close,
  };
}

/** Accepts connections and never says a word. */
export async function startSilentServer(): Promise<LocalServer> {
  let count = 0;
  const server = createTcpServer((socket) => {
    count += 1;
    socket.on('error', () => {});
  });
  const close = closer(server);
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return count;
    },
    received: [],
    close,
  };
}

/** Answers every request with a web page, as a login portal or a wrong base URL does. */
export async function startHtmlServer(): Promise<LocalServer> {
  const received: LocalServer['received'] = [];
  const server = createServer((req, res) => {
    received.push({ headers: req.headers, at: Date.now() });
    req.resume();
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><html><body><h1>Sign in</h1></body></html>');
  });
  const close = closer(server);
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return received.length;
    },
    received,
    close,
  };
}
