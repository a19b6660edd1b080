import type { Server } from 'node:http';
import { createServer as createTcpServer } from 'node:net';

/** A port the service cannot listen on; `message` names the setting to change. */
export class ListenError extends Error {
  override name = 'ListenError';
}

function explain(err: NodeJS.ErrnoException, port: number, setting: string): ListenError {
  if (err.code === 'EADDRINUSE') return new ListenError(`port ${port} is in use: set ${setting} to a free port`);
  if (err.code === 'EACCES') return new ListenError(`port ${port} needs privileges: set ${setting} to a port above 1023`);
  return new ListenError(`cannot listen on port ${port} (${err.code ?? err.message}): set ${setting} to a free port`);
}

/**
 * Listens and resolves once the port is bound, or rejects with a ListenError. `app.listen`'s
 * callback also runs on failure, so a service that logged "listening" there kept running
 * without a port.
 */
export function listen(server: Server, port: number, setting: string, host?: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => reject(explain(err, port, setting)));
    server.listen(port, host, () => {
      server.removeAllListeners('error');
      resolve(server);
    });
  });
}

/** A TCP port free on 127.0.0.1 right now (for servers that cannot be told to pick one: port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createTcpServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Rejects with a ListenError when the port cannot be bound right now (checked before starting anything). */
export function assertPortFree(port: number, setting: string, host?: string): Promise<void> {
  const probe = createTcpServer();
  return new Promise((resolve, reject) => {
    probe.once('error', (err: NodeJS.ErrnoException) => reject(explain(err, port, setting)));
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}
