/** A tiny scripted HTTP server on 127.0.0.1 for client tests: records every request it receives. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closer, listenOnLoopback } from '../helpers/listen.js';

export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export type Handler = (request: Received, response: ServerResponse, index: number) => void | Promise<void>;

export interface LocalServer {
  baseUrl: string;
  port: number;
  received: Received[];
  close(): Promise<void>;
}

export async function startLocalServer(handler: Handler): Promise<LocalServer> {
  const received: Received[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const request: Received = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: text === '' ? undefined : JSON.parse(text),
    };
    received.push(request);
    await handler(request, res, received.length - 1);
  });
  const close = closer(server);
  const port = await listenOnLoopback(server);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    received,
    close,
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body === undefined ? '' : JSON.stringify(body));
}

/** Drops the connection without any answer: the client sees a network error after sending. */
export function hangUp(res: ServerResponse): void {
  res.socket?.destroy();
}
