import { connect, type AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { startPublicProxy } from '../src/start/public-proxy';
import { send } from '@dp/testing';

/** Writes raw bytes to the proxy and reads its whole answer. */
function raw(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (d) => (answer += d.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.setTimeout(5_000, () => socket.destroy(new Error('no answer')));
  });
}

const body = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe("start's one-port proxy answers as the apps do", () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    // Nothing listens at the target: only the proxy's own answers are under test.
    server = await startPublicProxy(0, [{ prefix: '/v1', target: 'http://127.0.0.1:9' }]);
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('a malformed request: the error envelope with a request id, not a bare body', async () => {
    const answer = await raw(port, 'GARBAGE / HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/\r\nX-Request-Id: req_/i);
    expect(body(answer)).toMatchObject({ error: { code: 'invalid_request' }, meta: { request_id: expect.stringMatching(/^req_/) } });
  });

  it('no route, and an unreachable app: envelopes with an X-Request-Id header', async () => {
    for (const [path, status] of [
      ['/nowhere', 404],
      ['/v1/usage', 502],
    ] as const) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`);
      expect(res.status).toBe(status);
      const id = res.headers.get('x-request-id');
      expect(id).toMatch(/^req_/);
      // The proxy's own answers carry the rate-limit fields like every answer of the origin.
      expect(res.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
      expect(res.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
      expect(((await res.json()) as { meta: { request_id: string } }).meta.request_id).toBe(id);
    }
  });
});

describe("start's one-port proxy routes an exact path only to itself", () => {
  it('/ reaches the api (its landing page), while another path below / stays a 404', async () => {
    const { createServer } = await import('node:http');
    const upstream = createServer((req, res) => res.end(`upstream saw ${req.url}`));
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const target = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const proxy = await startPublicProxy(0, [
      { prefix: '/docs', target },
      { prefix: '/', target, exact: true },
    ]);
    const base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    try {
      expect(await (await fetch(`${base}/`)).text()).toBe('upstream saw /');
      expect(await (await fetch(`${base}/?utm=1`)).text()).toBe('upstream saw /?utm=1');
      expect(await (await fetch(`${base}/docs/redoc.standalone.js`)).text()).toBe('upstream saw /docs/redoc.standalone.js');
      expect((await fetch(`${base}/elsewhere`)).status).toBe(404);
    } finally {
      await new Promise((r) => proxy.close(r));
      await new Promise((r) => upstream.close(r));
    }
  });
});

describe("the product proxy in front of several instances (cli cluster's fallback)", () => {
  it('takes the instances in turn, and a GET that cannot reach one goes to the next', async () => {
    const { createServer } = await import('node:http');
    const names = ['a', 'b'];
    const upstreams = await Promise.all(
      names.map(async (name) => {
        const s = createServer((_req, res) => res.end(name));
        await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
        return s;
      }),
    );
    const urls = upstreams.map((s) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`);
    const proxy = await startPublicProxy(0, [
      { prefix: '/v1', target: urls },
      { prefix: '/down', target: ['http://127.0.0.1:9', urls[0]] },
    ]);
    const base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    try {
      const seen = [];
      for (let i = 0; i < 4; i++) seen.push(await (await fetch(`${base}/v1/x`)).text());
      expect(seen).toEqual(['a', 'b', 'a', 'b']);
      for (let i = 0; i < 2; i++) expect(await (await fetch(`${base}/down`)).text()).toBe('a');
    } finally {
      await new Promise((r) => proxy.close(r));
      await Promise.all(upstreams.map((s) => new Promise((r) => s.close(r))));
    }
  });
});

describe("the public port's health paths", () => {
  const apps: Server[] = [];
  let server: Server;
  let base: string;
  let readyStatus = 200;
  beforeAll(async () => {
    const { createServer } = await import('node:http');
    const app = (answer: () => [number, unknown]) =>
      new Promise<string>((resolve) => {
        const s = createServer((req, res) => {
          const [status, body] = req.url === '/readyz' ? answer() : [200, { data: { status: 'ok' } }];
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        });
        apps.push(s);
        s.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`));
      });
    const api = await app(() => [200, { data: { status: 'ready', checks: { database: { status: 'ok' } } } }]);
    const worker = await app(() =>
      readyStatus === 200
        ? [200, { data: { status: 'degraded', checks: { redis: { status: 'degraded' } } } }]
        : [503, { error: { code: 'unavailable', details: { checks: { database: { status: 'down' } } } } }],
    );
    server = await startPublicProxy(0, [{ prefix: '/v1', target: api }], undefined, [
      { name: 'api', url: `${api}/readyz` },
      { name: 'webhooks', url: `${worker}/readyz` },
      { name: 'gone', url: 'http://127.0.0.1:9/readyz' },
    ]);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    for (const s of apps) await new Promise((r) => s.close(r));
  });

  it('/livez is the proxy itself; /readyz asks every app and names the ones not ready; /metrics is not public', async () => {
    const live = await fetch(`${base}/livez`);
    expect(live.status).toBe(200);
    expect(live.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
    expect(((await live.json()) as { data: unknown }).data).toEqual({ status: 'ok' });

    const notReady = await fetch(`${base}/readyz`);
    expect(notReady.status).toBe(503);
    const body = (await notReady.json()) as { error: { message: string; details: { apps: Record<string, { status: string }> } } };
    expect(body.error.message).toBe('Not ready: gone.');
    expect(body.error.details.apps).toMatchObject({ api: { status: 'ready' }, webhooks: { status: 'degraded' }, gone: { status: 'down' } });

    readyStatus = 503;
    const worse = (await (await fetch(`${base}/readyz`)).json()) as { error: { message: string } };
    expect(worse.error.message).toBe('Not ready: webhooks, gone.');

    expect((await fetch(`${base}/metrics`)).status).toBe(404);
  });
});

describe('a GET or HEAD that carries a body', () => {
  it('reaches the app with its body and is answered, instead of leaving the app waiting for it', async () => {
    const { createServer } = await import('node:http');
    // The app answers once it has read the whole body, as the api's body parser does.
    const upstream = createServer((req, res) => {
      let received = '';
      req.on('data', (c: Buffer) => (received += c.toString('utf8')));
      req.on('end', () => res.end(JSON.stringify({ method: req.method, received, length: req.headers['content-length'] ?? null })));
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const target = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const proxy = await startPublicProxy(0, [{ prefix: '/v1', target }]);
    const port = (proxy.address() as AddressInfo).port;
    try {
      const json = '{"a":1}';
      const headers = { 'content-type': 'application/json', 'content-length': String(json.length) };
      // Without the body the app would wait for it until the proxy gave up (502).
      const get = await send(port, { method: 'GET', path: '/v1/legal/search?q=prace', headers, body: json });
      expect(get.status).toBe(200);
      expect(get.body).toEqual({ method: 'GET', received: json, length: String(json.length) });
      const head = await send(port, { method: 'HEAD', path: '/v1/legal/search?q=prace', headers, body: json });
      expect(head.status).toBe(200);
      // A bodyless GET still ends at once (and stays retriable).
      const plain = await send(port, { method: 'GET', path: '/v1/x' });
      expect(plain.body).toEqual({ method: 'GET', received: '', length: null });
    } finally {
      await new Promise((r) => proxy.close(r));
      await new Promise((r) => upstream.close(r));
    }
  });
});
