import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { Config } from '@dp/core';
import { createOrganization, createWebhook, recordChanges, type Database } from '@dp/db';
import { createTestDatabase, testConfig, TEST_INTERNAL_SECRET, TEST_SESSION_SECRET, type TestDatabase } from '@dp/testing';

export interface Hit {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface Receiver {
  port: number;
  url(path: string): string;
  hits: Hit[];
  /** Decides the answer to each request (default 200). */
  respond: (hit: Hit) => { status: number; headers?: Record<string, string>; body?: string | Buffer };
  /** Stops listening (connections are refused) until reopen(). */
  down(): Promise<void>;
  reopen(): Promise<void>;
  close(): Promise<void>;
}

/** A webhook receiver on loopback, on an ephemeral port that stays the same across down/reopen. */
export async function startReceiver(): Promise<Receiver> {
  let server: http.Server | undefined;
  const r: Receiver = {
    port: 0,
    hits: [],
    respond: () => ({ status: 200 }),
    url: (path) => `http://127.0.0.1:${r.port}${path}`,
    async down() {
      const s = server;
      server = undefined;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    async reopen() {
      server = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const hit: Hit = {
            path: req.url ?? '',
            headers: req.headers as Record<string, string>,
            body: Buffer.concat(chunks).toString('utf8'),
          };
          r.hits.push(hit);
          const answer = r.respond(hit);
          res.writeHead(answer.status, { connection: 'close', ...answer.headers });
          res.end(answer.body);
        });
      });
      await new Promise<void>((resolve) => server!.listen(r.port, '127.0.0.1', () => resolve()));
      r.port = (server.address() as AddressInfo).port;
    },
    close: () => r.down(),
  };
  await r.reopen();
  return r;
}

export interface WorkerFixture {
  db: TestDatabase;
  receiver: Receiver;
}

/**
 * One database and one receiver for a test file (set in its beforeAll); each test starts with no
 * webhooks (changes fan out to every subscribed one) and a receiver with no hits, answering 200.
 */
export function useWorkerFixture(): WorkerFixture {
  const fx = {} as WorkerFixture;
  beforeAll(async () => {
    fx.db = await createTestDatabase();
    fx.receiver = await startReceiver();
  });
  afterAll(async () => {
    await fx.receiver.close();
    await fx.db.destroy();
  });
  beforeEach(async () => {
    await fx.db.exec('DELETE FROM "webhook"');
    fx.receiver.hits.length = 0;
    fx.receiver.respond = () => ({ status: 200 });
    if (!fx.receiver.port) await fx.receiver.reopen();
  });
  return fx;
}

/** Verifies a hit with the standardwebhooks package, as any receiver would. */
export function verifyHit(secret: string, hit: Hit): { type: string; timestamp: string; data: { id: string; kind: string } } {
  return new Webhook(secret).verify(hit.body, hit.headers) as never;
}

let docSeq = 0;

/** Writes `n` changes (and their outbox rows) the way the importer does: in one transaction. */
export async function emit(db: Database, n: number, kind: 'document.created' | 'document.version_added' = 'document.created') {
  const changes = Array.from({ length: n }, () => {
    docSeq += 1;
    return {
      kind,
      document: {
        id: `SB-2099-${docSeq}`,
        naturalKey: `sb/2099/${docSeq}`,
        docNumber: `${docSeq}/2099 Sb.`,
        docType: 'act',
        status: 'in_force',
      },
    };
  });
  return db.prisma.$transaction((tx) => recordChanges(tx, changes));
}

/** The receivers of these tests listen on loopback: WEBHOOK_ALLOW_PRIVATE_TARGETS=true, set explicitly. */
export const LOCAL_RECEIVERS = { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } as const;

/** An organization with one webhook, created as with LOCAL_RECEIVERS (loopback http accepted). */
export async function newWebhook(db: Database, url: string, events: string[] = ['document.created']) {
  const org = await createOrganization(db.prisma, { name: 'Hooks org' });
  const created = await createWebhook(db.prisma, { orgId: org.id, url, events }, { allowPrivateTargets: true });
  return { orgId: org.id, id: created.webhook.id, secret: created.secret };
}

/**
 * @dp/testing's test config with `env` on top. Without WEBHOOK_ALLOW_PRIVATE_TARGETS it has the
 * delivery policy of every mode (public https only); tests that deliver to the loopback receiver
 * pass LOCAL_RECEIVERS.
 */
export function workerConfig(env: Record<string, string> = {}): Config {
  return testConfig({ INTERNAL_API_SECRET: TEST_INTERNAL_SECRET, SESSION_SECRET: TEST_SESSION_SECRET, ...env });
}

/** A clock the test moves by hand. */
export function manualClock() {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms: number) => void (offset += ms) };
}

export async function deliveryRows(db: Database, webhookId: string) {
  return db.query<{ id: string; status: string; attempts: number; seq: string; next_attempt_at: Date; locked_by: string | null }>(
    `SELECT d.id, d.status, d.attempts, d.change_seq::text AS seq, d.next_attempt_at, d.locked_by
     FROM "webhook_delivery" d WHERE d.webhook_id = $1 ORDER BY d.change_seq`,
    [webhookId],
  );
}
