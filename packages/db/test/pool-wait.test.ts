import { createServer, connect, type AddressInfo } from 'node:net';
import { createDatabase } from '@dp/db';
import { createTestDatabase, type TestDatabase } from './corpus-helpers';

// A busy pool is not a dead server: a call that waits for a free connection longer than the
// old short bound (while the one connection runs a slow statement on a live server) gets it and succeeds.
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

it('waits for a busy pool slot as long as a statement may run, not 2 s', async () => {
  const db = await createDatabase({ url: t.url, poolSize: 1, queryTimeoutMs: 10_000 });
  try {
    const slow = db.query('SELECT pg_sleep(3)');
    const queued = db.query<{ n: number }>('SELECT 1 AS n');
    await expect(queued).resolves.toEqual([{ n: 1 }]);
    await slow;
  } finally {
    await db.close();
  }
}, 30_000);

// A loaded machine's server can take seconds to accept a connection (a sync failed a document
// on "connection timeout" so): a bulk job (no statement limit) waits for it.
it('a bulk job waits for a server slow to accept a connection, longer than 5 s', async () => {
  const target = new URL(t.url);
  const server = createServer((client) => {
    const delay = setTimeout(() => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      client.pipe(upstream).pipe(client);
      const drop = () => (client.destroy(), upstream.destroy());
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
    }, 6_000);
    client.on('close', () => clearTimeout(delay));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const slow = new URL(t.url);
  slow.hostname = '127.0.0.1';
  slow.port = String((server.address() as AddressInfo).port);
  const db = await createDatabase({ url: slow.toString(), queryTimeoutMs: 0 });
  try {
    await expect(db.query<{ n: number }>('SELECT 1 AS n')).resolves.toEqual([{ n: 1 }]);
  } finally {
    await db.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}, 30_000);
