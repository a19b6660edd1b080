import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { createDatabase } from '@dp/db';
import { createTestDatabase, type TestDatabase } from './corpus-helpers';

/*
 * The liveness guard tells a frozen server from a slow one (#38 item 6). A loaded machine's server
 * that still answers statements but is slow to accept a new connection (the guard's probe) is slow,
 * not frozen: the statements waiting on it must not be cut. A test pass at load 30–47 had every
 * suite's connections cut so.
 */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

/** A TCP proxy whose new connections, once `slowAccept` is set, reach the server only after a delay. */
function slowAcceptProxy(target: URL): { server: Server; slowAccept: (ms: number) => void; url: () => string } {
  let delayMs = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    const timer = setTimeout(() => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      sockets.add(upstream);
      client.pipe(upstream).pipe(client);
      const drop = () => (client.destroy(), upstream.destroy());
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
    }, delayMs);
    client.on('close', () => clearTimeout(timer));
  });
  server.on('close', () => sockets.forEach((s) => s.destroy()));
  return {
    server,
    slowAccept: (ms) => (delayMs = ms),
    url: () => {
      const u = new URL(target.toString());
      u.hostname = '127.0.0.1';
      u.port = String((server.address() as AddressInfo).port);
      return u.toString();
    },
  };
}

it('does not cut the statements of a server that answers but is slow to accept a connection', async () => {
  const proxy = slowAcceptProxy(new URL(t.url));
  await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
  const db = await createDatabase({ url: proxy.url(), poolSize: 3, queryTimeoutMs: 10_000 });
  try {
    // Three connections open, then new ones wait longer than the probe's bound.
    await Promise.all([1, 2, 3].map(() => db.query('SELECT pg_sleep(0.05)')));
    proxy.slowAccept(2_500);
    const long = db.query<{ done: boolean }>('SELECT pg_sleep(3) IS NOT NULL AS done');
    const started = Date.now();
    let quick = 0;
    while (Date.now() - started < 3_200) {
      await db.query('SELECT 1');
      quick += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await expect(long).resolves.toEqual([{ done: true }]);
    expect(quick).toBeGreaterThan(5);
  } finally {
    await db.close();
    await new Promise<void>((resolve) => proxy.server.close(() => resolve()));
  }
}, 30_000);
