import { hashApiKey } from '@dp/core';
import type { Database } from '@dp/db';
import type { TestDatabase } from '@dp/testing';
import { captureIo, createCliTestEnv, type CliTestEnv } from './capture-io';
import { main } from '../src/index';

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

    // A second key for the same organization name reuses the organization; default scope is read.
    const again = captureIo(env);
    expect(await main(['key:create', '--org', 'Acme'], again)).toBe(0);
    const second = JSON.parse(again.out());
    expect(second.organization.id).toBe(created.organization.id);
    expect(second.scopes).toEqual(['read']);
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

  it('refuses bad arguments with a usage message (exit 2)', async () => {
    for (const args of [['key:create'], ['key:create', '--org', 'x', '--scopes', 'read,admin'], ['key:create', '--org', 'x', '--plan', 'gold'], ['key:revoke']]) {
      const io = captureIo(env);
      expect(await main(args, io)).toBe(2);
      expect(io.err()).toMatch(/usage:/);
    }
  });
});
