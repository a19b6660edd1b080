import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  createOrganization,
  deleteExpiredIdempotencyKeys,
  releaseIdempotencyKey,
  type ClaimOptions,
} from '@dp/db';
import { createTestDatabase, type TestDatabase } from '@dp/testing';

// The store's statements (issue 27; typed from the schema by #39 item 4), each outcome of a claim
// against the database itself: the take-overs are decided by the one statement's conflict clause.
describe('idempotency store', () => {
  let db: TestDatabase;
  let orgId: string;
  beforeAll(async () => {
    db = await createTestDatabase();
    orgId = (await createOrganization(db.prisma, { name: 'idempotency' })).id;
  });
  afterAll(() => db.destroy());

  const claim = (key: string, fingerprint = 'f1', more: Partial<ClaimOptions> = {}) =>
    claimIdempotencyKey(db, { orgId, key, fingerprint, ttlMs: 60_000, lockMs: 60_000, ...more });
  const expire = (key: string, column: 'expires_at' | 'locked_until') =>
    db.query(`UPDATE idempotency_key SET ${column} = now() - interval '1 second' WHERE org_id = $1 AND key = $2`, [orgId, key]);

  it('claims a new key, then refuses it while its request runs, and to another request', async () => {
    expect(await claim('a')).toEqual({ outcome: 'claimed' });
    expect(await claim('a')).toEqual({ outcome: 'in_progress' });
    expect(await claim('a', 'f2')).toEqual({ outcome: 'mismatch' });
  });

  it('replays the stored answer, its headers as they were given', async () => {
    expect(await claim('b')).toEqual({ outcome: 'claimed' });
    await completeIdempotencyKey(db, orgId, 'b', {
      status: 201,
      headers: { 'content-type': 'application/json', etag: '"x"' },
      body: '{"ok":1}',
    });
    expect(await claim('b')).toEqual({
      outcome: 'replay',
      answer: { status: 201, headers: { 'content-type': 'application/json', etag: '"x"' }, body: '{"ok":1}' },
    });
    // A second answer does not replace the first.
    await completeIdempotencyKey(db, orgId, 'b', { status: 500, headers: {}, body: '' });
    expect(await claim('b')).toMatchObject({ answer: { status: 201 } });
  });

  it('lets the same request take over a running key whose lock ran out, not another request', async () => {
    expect(await claim('c')).toEqual({ outcome: 'claimed' });
    await expire('c', 'locked_until');
    expect(await claim('c', 'f2')).toEqual({ outcome: 'mismatch' });
    expect(await claim('c')).toEqual({ outcome: 'claimed' });
    expect(await claim('c')).toEqual({ outcome: 'in_progress' });
  });

  it('takes over an expired key whatever it held, with a fresh answer slot', async () => {
    expect(await claim('d')).toEqual({ outcome: 'claimed' });
    await completeIdempotencyKey(db, orgId, 'd', { status: 200, headers: {}, body: 'old' });
    await expire('d', 'expires_at');
    expect(await claim('d', 'f2')).toEqual({ outcome: 'claimed' });
    const [row] = await db.query<{ fingerprint: string; status: number | null; body: string | null }>(
      'SELECT fingerprint, status, body FROM idempotency_key WHERE org_id = $1 AND key = $2',
      [orgId, 'd'],
    );
    expect(row).toEqual({ fingerprint: 'f2', status: null, body: null });
  });

  it('gives a running key back, keeps a finished one, and sweeps the expired ones by count', async () => {
    expect(await claim('e')).toEqual({ outcome: 'claimed' });
    await releaseIdempotencyKey(db, orgId, 'e');
    expect(await claim('e', 'f2')).toEqual({ outcome: 'claimed' });
    await releaseIdempotencyKey(db, orgId, 'b');
    expect(await claim('b')).toMatchObject({ outcome: 'replay' });
    await expire('a', 'expires_at');
    await expire('b', 'expires_at');
    expect(await deleteExpiredIdempotencyKeys(db)).toBe(2);
    expect(await deleteExpiredIdempotencyKeys(db)).toBe(0);
  });
});
