/** Test servers on 127.0.0.1: listening on a free port, and a close that does not wait for idle clients. */
import type { Server } from 'node:http';
import type { AddressInfo, Server as TcpServer, Socket } from 'node:net';

export async function listenOnLoopback(server: Server | TcpServer): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A close that also ends the connections still open (a silent client would otherwise hold it). */
export function closer(server: Server | TcpServer): () => Promise<void> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
