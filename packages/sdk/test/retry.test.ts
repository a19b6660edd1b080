import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { retryAfterSeconds, retryingFetch } from '../src';

/** A server that answers each request with the next of the given statuses (then 200). */
async function scripted(
  statuses: Array<{ status: number; retryAfter?: string }>,
): Promise<{ url: string; seen: IncomingMessage[]; bodies: string[]; close(): Promise<void> }> {
  const seen: IncomingMessage[] = [];
  const bodies: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push(req);
      bodies.push(body);
      const next = statuses.shift() ?? { status: 200 };
      if (next.retryAfter !== undefined) res.setHeader('Retry-After', next.retryAfter);
      res.statusCode = next.status;
      res.end(JSON.stringify({ status: next.status }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    bodies,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

describe('the SDK retries what is safe to repeat, as Retry-After says', () => {
  it('a GET answered 429 then 503 is sent again after the Retry-After seconds, then succeeds', async () => {
    const s = await scripted([
      { status: 429, retryAfter: '1' },
      { status: 503, retryAfter: '0' },
    ]);
    try {
      const started = Date.now();
      const res = await retryingFetch({ retries: 2 })(`${s.url}/v1/usage`);
      expect(res.status).toBe(200);
      expect(s.seen).toHaveLength(3);
      expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    } finally {
      await s.close();
    }
  });

  it('gives up after its retries and returns the last answer', async () => {
    const s = await scripted([
      { status: 503, retryAfter: '0' },
      { status: 503, retryAfter: '0' },
      { status: 503, retryAfter: '0' },
    ]);
    try {
      const res = await retryingFetch({ retries: 1 })(`${s.url}/x`);
      expect(res.status).toBe(503);
      expect(s.seen).toHaveLength(2);
    } finally {
      await s.close();
    }
  });

  it('does not wait longer than maxRetryDelayMs: a long Retry-After is returned to the caller at once', async () => {
    const s = await scripted([{ status: 429, retryAfter: '3600' }]);
    try {
      const res = await retryingFetch({ retries: 3, maxRetryDelayMs: 5_000 })(`${s.url}/x`);
      expect(res.status).toBe(429);
      expect(s.seen).toHaveLength(1);
    } finally {
      await s.close();
    }
  });

  it('never repeats a POST without an Idempotency-Key; repeats one with it, body and all', async () => {
    const s = await scripted([
      { status: 503, retryAfter: '0' },
      { status: 503, retryAfter: '0' },
    ]);
    try {
      const plain = await retryingFetch({ retries: 2 })(`${s.url}/v1/webhooks`, { method: 'POST', body: '{"a":1}' });
      expect(plain.status).toBe(503);
      expect(s.seen).toHaveLength(1);
      const keyed = await retryingFetch({ retries: 2 })(`${s.url}/v1/webhooks`, {
        method: 'POST',
        body: '{"a":2}',
        headers: { 'Idempotency-Key': 'k1' },
      });
      expect(keyed.status).toBe(200);
      expect(s.bodies.slice(1)).toEqual(['{"a":2}', '{"a":2}']);
    } finally {
      await s.close();
    }
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-26T00:00:00Z');
    expect(retryAfterSeconds('7', now)).toBe(7);
    expect(retryAfterSeconds('Thu, 26 Nov 2026 00:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('soon', now)).toBeNull();
    expect(retryAfterSeconds(null, now)).toBeNull();
  });
});
