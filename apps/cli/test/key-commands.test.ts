import { hashApiKey } from '@dp/core';
import type { Database } from '@dp/db';
import type { TestDatabase } from '@dp/testing';
import { captureIo, createCliTestEnv, type CliTestEnv } from './capture-io';
import { main } from '../src/cli';

describe('cli key:create / key:revoke', () => {
  let env: NodeJS.ProcessEnv;
  let pg: TestDatabase;

  let cli: CliTestEnv;

  beforeAll(async () => {
    cli = await createCliTestEnv('dp-cli-keys-');
    ({ env, pg } = cli);
  });
  afterAll(() => cli.destroy());

  async function inspect<T>(fn: (db: Database) => Promise<T>): Promise<T> {
    return fn(pg);
  }

  it('prints the full key once as one JSON object and stores only its hash', async () => {
    const io = captureIo(env);
    expect(await main(['key:create', '--org', 'Acme', '--scopes', 'read,manage', '--plan', 'pro'], io)).toBe(0);
    const created = JSON.parse(io.out());
    expect(created.key).toMatch(/^dp_live_[0-9A-Za-z]{32}$/);
    expect(created.id).toMatch(/^key_/);
    expect(created.scopes).toEqual(['read', 'manage']);
    expect(created.organization).toMatchObject({ name: 'Acme', plan: 'pro' });
    const row = await inspect((db) => db.prisma.apiKey.findUniqueOrThrow({ where: { id: created.id } }));
    expect(row.hash).toBe(hashApiKey(created.key));
    expect(row.prefix).toBe(created.key.slice(0, 12));
    expect(JSON.stringify(row)).not.toContain(created.key);

    // --org-id adds a key to that organization (plan unchanged); default scope is read.
    const again = captureIo(env);
    expect(await main(['key:create', '--org-id', created.organization.id], again)).toBe(0);
    const second = JSON.parse(again.out());
    expect(second.organization).toEqual(created.organization);
    expect(second.scopes).toEqual(['read']);
  });

  it('--org NAME always creates a new organization with the given plan, never joining one of that name', async () => {
    // A portal customer's organization called "Acme Corp" on the free plan.
    const customer = await inspect((db) =>
      db.prisma.organization.create({
        data: { id: 'org_portalcustomer', name: 'Acme Corp', plan: 'free', requestsPerMinute: 60, monthlyUnits: 10_000 },
      }),
    );
    const io = captureIo(env);
    expect(await main(['key:create', '--org', 'Acme Corp', '--plan', 'pro'], io)).toBe(0);
    const created = JSON.parse(io.out());
    expect(created.organization.id).not.toBe(customer.id);
    expect(created.organization).toMatchObject({ name: 'Acme Corp', plan: 'pro' });
    const org = await inspect((db) => db.prisma.organization.findUniqueOrThrow({ where: { id: created.organization.id } }));
    expect(org.requestsPerMinute).toBe(600);
    expect(await inspect((db) => db.prisma.apiKey.count({ where: { orgId: customer.id } }))).toBe(0);
  });

  it('--org-id of an unknown organization fails without creating anything', async () => {
    const io = captureIo(env);
    expect(await main(['key:create', '--org-id', 'org_doesnotexist'], io)).toBe(1);
    expect(io.err()).toMatch(/No organization with id org_doesnotexist/);
  });

  it('revokes a key by id', async () => {
    const io = captureIo(env);
    await main(['key:create', '--org', 'Revokers'], io);
    const { id } = JSON.parse(io.out());
    const rev = captureIo(env);
    expect(await main(['key:revoke', id], rev)).toBe(0);
    expect(JSON.parse(rev.out())).toMatchObject({ id, status: 'revoked', already_revoked: false });
    const row = await inspect((db) => db.prisma.apiKey.findUniqueOrThrow({ where: { id } }));
    expect(row.status).toBe('revoked');
    expect(row.revokedAt).not.toBeNull();
    const unknown = captureIo(env);
    expect(await main(['key:revoke', 'key_doesnotexist'], unknown)).toBe(1);
    expect(unknown.err()).toMatch(/No API key/);
  });

  it('revokes while Redis is unreachable, and says the announcement failed instead of swallowing it', async () => {
    const io = captureIo(env);
    await main(['key:create', '--org', 'Revokers without Redis'], io);
    const { id } = JSON.parse(io.out());
    const rev = captureIo({ ...env, REDIS_URL: 'redis://127.0.0.1:1' });
    expect(await main(['key:revoke', id], rev)).toBe(0);
    expect(JSON.parse(rev.out())).toMatchObject({ id, status: 'revoked' });
    expect(rev.err()).toMatch(/Warning: the revocation was not announced over Redis/);
  });

  it('refuses bad arguments with a usage message (exit 2)', async () => {
    for (const args of [
      ['key:create'],
      ['key:create', '--org', 'x', '--scopes', 'read,admin'],
      ['key:create', '--org', 'x', '--plan', 'gold'],
      ['key:create', '--org', 'x', '--org-id', 'org_1'],
      ['key:create', '--org-id', 'org_1', '--plan', 'pro'],
      ['key:revoke'],
    ]) {
      const io = captureIo(env);
      expect(await main(args, io)).toBe(2);
      expect(io.err()).toMatch(/usage:/);
    }
  });
});
