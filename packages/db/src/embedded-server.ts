import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { PGLITE_EXTENSIONS } from './client';

export interface EmbeddedServer {
  /** postgres:// URL every process connects to with @prisma/adapter-pg. */
  url: string;
  port: number;
  pglite: PGlite;
  stop(): Promise<void>;
}

/**
 * Serves one PGlite data directory over the Postgres wire protocol. A data directory belongs to
 * one process; the socket server's multiplexer lets the apps and the CLI share it as if it were a
 * PostgreSQL server.
 */
export async function startEmbeddedServer(options: {
  dataDir?: string;
  port?: number;
  host?: string;
  pglite?: PGlite;
  maxConnections?: number;
}): Promise<EmbeddedServer> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = options.pglite ?? (await PGlite.create({ dataDir: options.dataDir, extensions: PGLITE_EXTENSIONS }));
  const host = options.host ?? '127.0.0.1';
  const server = new PGLiteSocketServer({
    db: pglite,
    host,
    port: options.port ?? 0,
    maxConnections: options.maxConnections ?? 100,
  });
  await server.start();
  const address = (server as unknown as { server?: { address(): AddressInfo } }).server?.address();
  const port = address?.port ?? options.port ?? 0;
  return {
    url: `postgresql://postgres:postgres@${host}:${port}/postgres`,
    port,
    pglite,
    stop: async () => {
      await server.stop();
      if (!options.pglite && !pglite.closed) await pglite.close();
    },
  };
}
