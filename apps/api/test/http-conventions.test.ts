import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eventually, seedFixtureCorpus, serve, type Served } from '@dp/testing';
import { createHarness, type Harness } from './harness';

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request over a real socket, body bytes as sent (no client-side decompression). */
function raw(served: Served, method: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${served.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const DOC = '/v1/legal/documents/sb%2F2091%2F1';

let h: Harness;
let served: Served;
beforeAll(async () => {
  h = await createHarness();
  await seedFixtureCorpus(h.db);
  served = await serve(h.api.app);
});
afterAll(async () => {
  await served.close();
  await h.close();
});

async function unitsUsed(key: string): Promise<{ units: number; requests: number }> {
  const res = await h.get('/v1/usage', key);
  expect(res.status).toBe(200);
  return { units: res.body.data.units.used, requests: res.body.data.requests };
}

describe('ETag, If-None-Match and Cache-Control on document reads', () => {
  it('answers a matching If-None-Match with 304 (no body, same ETag) on the document and its sub-resources', async () => {
    const { key } = await h.newKey();
    const auth = { Authorization: `Bearer ${key}` };
    for (const path of [`${DOC}?include=text,versions`, `${DOC}/effectivity?at=2024-01-01`, `${DOC}/relations`]) {
      expect((await h.get(path, key)).status).toBe(200); // checked against the OpenAPI document
      const first = await raw(served, 'GET', path, auth);
      expect(first.status).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      // Strong: the same representation (another request id) has the same tag.
      expect((await raw(served, 'GET', path, auth)).headers.etag).toBe(etag);

      const again = await raw(served, 'GET', path, { ...auth, 'If-None-Match': etag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('private, no-cache');
      expect(again.headers['x-ratelimit-limit']).toBeDefined();

      // A list of tags, a weak form of the tag, and `*` match; another tag does not.
      expect((await raw(served, 'GET', path, { ...auth, 'If-None-Match': `"other", W/${etag}` })).status).toBe(304);
      expect((await raw(served, 'GET', path, { ...auth, 'If-None-Match': '*' })).status).toBe(304);
      const stale = await raw(served, 'GET', path, { ...auth, 'If-None-Match': '"not-this-one"' });
      expect(stale.status).toBe(200);
      expect(JSON.parse(stale.body.toString()).success).toBe(true);
    }
  });

  it('gives another representation (another query) another tag', async () => {
    const { key } = await h.newKey();
    const a = await raw(served, 'GET', `${DOC}?at=2024-01-01`, { Authorization: `Bearer ${key}` });
    const b = await raw(served, 'GET', `${DOC}?include=text`, { Authorization: `Bearer ${key}` });
    expect(a.headers.etag).not.toBe(b.headers.etag);
  });

  it('charges 0 units for a 304 and counts the request', async () => {
    const { key } = await h.newKey();
    const first = await raw(served, 'GET', DOC, { Authorization: `Bearer ${key}` });
    for (let i = 0; i < 3; i++) {
      const res = await raw(served, 'GET', DOC, { Authorization: `Bearer ${key}`, 'If-None-Match': first.headers.etag as string });
      expect(res.status).toBe(304);
    }
    const used = await unitsUsed(key);
    expect(used.units).toBe(1);
    expect(used.requests).toBe(4);
  });
});

describe('HEAD', () => {
  it('costs 0 units, answers the GET headers without a body, and is still rate limited', async () => {
    const { key } = await h.newKey({ requestsPerMinute: 4 });
    const auth = { Authorization: `Bearer ${key}` };
    const head = await raw(served, 'HEAD', `${DOC}?include=text`, auth);
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers.etag).toMatch(/^"/);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect((await raw(served, 'HEAD', `${DOC}/relations`, auth)).status).toBe(200);
    // Two HEADs and this usage read (0 units) leave one request in the window of 4.
    const used = await unitsUsed(key);
    expect(used.units).toBe(0);
    expect((await raw(served, 'HEAD', DOC, auth)).status).toBe(200);
    const limited = await raw(served, 'HEAD', DOC, auth);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('is answered when the monthly quota is used up (it costs nothing)', async () => {
    const { key } = await h.newKey({ monthlyUnits: 1 });
    const auth = { Authorization: `Bearer ${key}` };
    expect((await raw(served, 'GET', DOC, auth)).status).toBe(200);
    await h.api.context.meter.flush();
    h.api.context.quota.invalidate((await h.get('/v1/usage', key)).body.data.organization.id);
    expect((await raw(served, 'GET', DOC, auth)).status).toBe(429);
    expect((await raw(served, 'HEAD', DOC, auth)).status).toBe(200);
  });
});

describe('compression', () => {
  it('sends gzip or br for a body of 1 KB and more when asked, with Vary: Accept-Encoding and a coded ETag', async () => {
    const { key } = await h.newKey();
    const auth = { Authorization: `Bearer ${key}` };
    const path = `${DOC}?include=text,versions`;
    const plain = await raw(served, 'GET', path, auth);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const plainData = JSON.parse(plain.body.toString()).data;

    const gz = await raw(served, 'GET', path, { ...auth, 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gz.body.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(gunzipSync(gz.body).toString()).data).toEqual(plainData);
    expect(gz.headers.etag).toBe(`${(plain.headers.etag as string).slice(0, -1)}-gzip"`);

    const br = await raw(served, 'GET', path, { ...auth, 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.body).toString()).data).toEqual(plainData);

    // The coded tag revalidates as well as the plain one.
    const revalidated = await raw(served, 'GET', path, { ...auth, 'Accept-Encoding': 'br', 'If-None-Match': br.headers.etag as string });
    expect(revalidated.status).toBe(304);
  });

  it('leaves bodies under 1 KB and clients that do not ask alone', async () => {
    const { key } = await h.newKey();
    const small = await raw(served, 'GET', '/v1/legal/documents/sb%2F1900%2F999', {
      Authorization: `Bearer ${key}`,
      'Accept-Encoding': 'gzip, br',
    });
    expect(small.status).toBe(404);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    const identity = await raw(served, 'GET', `${DOC}?include=text`, { Authorization: `Bearer ${key}`, 'Accept-Encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('compresses the OpenAPI document (no key needed)', async () => {
    const res = await raw(served, 'GET', '/v1/openapi.json', { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.body).toString()).openapi).toBe('3.1.0');
  });
});

describe('CORS', () => {
  it('allows every method the API has and the conventions request headers in a preflight', async () => {
    const res = await raw(served, 'OPTIONS', '/v1/webhooks/wh_x', {
      Origin: 'https://app.example',
      'Access-Control-Request-Method': 'PATCH',
      'Access-Control-Request-Headers': 'authorization, content-type, idempotency-key, if-none-match',
    });
    expect(res.status).toBe(204);
    const methods = String(res.headers['access-control-allow-methods']).split(/,\s*/);
    expect(methods).toEqual(expect.arrayContaining(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'OPTIONS']));
    const allowed = String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'idempotency-key', 'if-none-match']));
  });

  it('exposes the rate-limit, request-id and conventions headers to scripts', async () => {
    const { key } = await h.newKey();
    const res = await raw(served, 'GET', DOC, { Origin: 'https://app.example', Authorization: `Bearer ${key}` });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const exposed = String(res.headers['access-control-expose-headers']).toLowerCase().split(/,\s*/);
    expect(exposed).toEqual(
      expect.arrayContaining([
        'x-request-id',
        'x-ratelimit-limit',
        'x-ratelimit-remaining',
        'x-ratelimit-reset',
        'ratelimit',
        'ratelimit-policy',
        'retry-after',
        'etag',
        'idempotent-replayed',
        'location',
      ]),
    );
  });
});

describe('IETF RateLimit fields', () => {
  it('sends RateLimit-Policy and RateLimit in the current draft syntax, agreeing with X-RateLimit-*', async () => {
    const { key } = await h.newKey({ requestsPerMinute: 7 });
    const res = await raw(served, 'GET', DOC, { Authorization: `Bearer ${key}` });
    expect(res.headers['ratelimit-policy']).toBe('"default";q=7;w=60');
    const m = /^"default";r=(\d+);t=(\d+)$/.exec(String(res.headers.ratelimit));
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBe(Number(res.headers['x-ratelimit-remaining']));
    expect(Number(m![1])).toBe(6);
    const t = Number(m![2]);
    expect(t).toBeGreaterThanOrEqual(1);
    expect(t).toBeLessThanOrEqual(60);
    expect(Math.abs(Number(res.headers['x-ratelimit-reset']) - Date.now() / 1000 - t)).toBeLessThanOrEqual(2);
  });

  it('sends them on errors and anonymous requests too', async () => {
    const res = await raw(served, 'GET', DOC);
    expect(res.status).toBe(401);
    expect(res.headers['ratelimit-policy']).toMatch(/^"default";q=\d+;w=60$/);
    expect(res.headers.ratelimit).toMatch(/^"default";r=\d+;t=\d+$/);
  });
});

describe('has_more beside next_cursor', () => {
  it('says whether a page follows in relations, search and changes', async () => {
    const { key } = await h.newKey();
    const rel = await h.get(`${DOC}/relations?limit=1`, key);
    expect(rel.status).toBe(200);
    expect(rel.body.data.has_more).toBe(rel.body.data.next_cursor !== null);

    const search = await h.get('/v1/legal/search?q=z%C3%A1kon&limit=1', key);
    expect(search.status).toBe(200);
    expect(search.body.data.has_more).toBe(true);
    expect(search.body.data.next_cursor).not.toBeNull();
    const all = await h.get('/v1/legal/search?q=z%C3%A1kon&limit=100', key);
    expect(all.body.data.has_more).toBe(all.body.data.next_cursor !== null);

    // The feed shows rows below the server's oldest open transaction (docs/webhooks.md): another
    // test file's transaction on the same server may hold them back for a while.
    const page = await eventually(
      async () => {
        const p = await h.get('/v1/legal/changes?since=1970-01-01T00:00:00Z&limit=1', key);
        return p.status === 200 && p.body.data.changes.length === 1 ? p : undefined;
      },
      { what: 'the changes feed to show the fixture corpus', timeoutMs: 60_000, intervalMs: 200 },
    );
    expect(page.body.data.changes).toHaveLength(1);
    expect(page.body.data.has_more).toBe(true);
    let cursor = page.body.data.next_cursor as string;
    let last = page;
    for (let i = 0; i < 50 && last.body.data.has_more; i++) {
      last = await h.get(`/v1/legal/changes?since=${encodeURIComponent(cursor)}&limit=500`, key);
      cursor = last.body.data.next_cursor;
    }
    expect(last.body.data.has_more).toBe(false);
    const after = await h.get(`/v1/legal/changes?since=${encodeURIComponent(cursor)}&limit=500`, key);
    expect(after.body.data.changes).toEqual([]);
    expect(after.body.data.has_more).toBe(false);
  });
});
