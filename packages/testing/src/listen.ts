import type { RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpServer, createLogger, type Logger } from '@dp/core';

/** Listens on an ephemeral loopback port; resolves with the server's base URL. */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Closes a server (open keep-alive connections too); nothing to do for one not listening. */
export function closeServer(server?: Server): Promise<void> {
  if (!server?.listening) return Promise.resolve();
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
}

export interface Served {
  server: Server;
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Listens on an ephemeral loopback port through core's hardened server, as the apps' entry points do. */
export async function serve(app: RequestListener, logger: Logger = createLogger({ level: 'silent' })): Promise<Served> {
  const server = createHttpServer(app, logger);
  const url = await listenOnLoopback(server);
  return { server, url, port: (server.address() as AddressInfo).port, close: () => closeServer(server) };
}
