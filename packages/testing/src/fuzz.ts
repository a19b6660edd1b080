import { Agent, request as httpRequest } from 'node:http';
import { ERROR_STATUS } from '@dp/core';
import { parseRawResponse, rawExchange } from './raw-http';

/** mulberry32: a small seeded PRNG, so every run sends exactly the same requests. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Rng {
  next(): number;
  int(max: number): number;
  pick<T>(list: readonly T[]): T;
  chance(p: number): boolean;
}

export function rng(seed: number): Rng {
  const next = seededRandom(seed);
  return {
    next,
    int: (max) => Math.floor(next() * max),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
  };
}

/** One route of an app: `{x}` placeholders in the path are filled with fuzzed segments. */
/** A fuzz test's time limit: generous, as the run is short on an idle machine but CI machines are shared. */
export const FUZZ_TIMEOUT_MS = 240_000;

export interface FuzzRoute {
  method: string;
  path: string;
  /** Query parameter names the route knows (fuzzed values are sent for them and for others). */
  query?: string[];
  /** Body fields the route knows, and how it takes them. */
  body?: { type: 'json' | 'form'; fields: string[] };
}

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Path segments: bad encodings, NUL and control bytes, huge and odd values, plausible ids. */
export const HOSTILE_SEGMENTS: readonly string[] = [
  '%',
  '%z',
  '%zz',
  '%C3%28',
  '%C3',
  '%FF',
  '%ED%A0%80',
  '%F4%90%80%80',
  '%E0%80%80',
  '%c0%af',
  '%25',
  '%2',
  '%00',
  'sb%002012',
  '%01',
  '%1B',
  '%7F',
  '%0A',
  '%0D%0A',
  '%09',
  'a%00b',
  '..',
  '.',
  '%2e%2e',
  '%2F',
  'sb%2F2091%2F1',
  'sb/2091/1',
  'SB-2091-1',
  'SB-0000-0',
  '',
  '-',
  '0',
  '-1',
  '%E2%80%AE',
  '%F0%9F%98%80',
  'z%C3%A1kon',
  "'",
  '%22',
  '%3Cscript%3E',
  '+',
  ';',
  '%3F',
  '%23',
  '~',
  '*',
  'wh_0000',
  'key_0000',
  'null',
  'undefined',
  '[]',
  '%7B%7D',
  '1e309',
  'NaN',
  '9'.repeat(40),
];

/** Query and form values: the same hostility plus wrong types, JSON fragments and odd numbers. */
export const HOSTILE_VALUES: readonly string[] = [
  ...HOSTILE_SEGMENTS,
  'hybrid',
  'fulltext',
  'both',
  'outgoing',
  'text,versions',
  'text,sections,relations,effectivity',
  '2012-01-01',
  '2012-13-45',
  '0000-00-00',
  '9999-12-31',
  '2026-01-01T00:00:00Z',
  'not-a-date',
  '2',
  '100',
  '101',
  '-5',
  '0x10',
  '%7B%22doc_type%22%3A%5B%22act%22%5D%7D',
  '%7B',
  '%5B1%2C2%5D',
  '%7B%22doc_type%22%3A%22act%22%7D',
  '%7B%22published_from%22%3A5%7D',
  'true',
  'false',
  'a%26b%3Dc',
  'x'.repeat(600),
  'z%C3%A1kon%20o%20dani',
  '89%2F2012%20Sb.',
];

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'TRACE', 'PROPFIND', 'PURGE'] as const;

function base64(value: string): string {
  return Buffer.from(value, 'utf8').toString('base64');
}

/** Malformed X-PAYMENT values: not base64, not JSON, wrong shapes and types, huge. */
export function hostilePaymentHeaders(): string[] {
  const auth = {
    from: '0x1111111111111111111111111111111111111111',
    to: '0x2222222222222222222222222222222222222222',
    value: '2000',
    validAfter: '0',
    validBefore: '99999999999',
    nonce: `0x${'ab'.repeat(32)}`,
  };
  const payload = (over: Record<string, unknown>) =>
    base64(JSON.stringify({ x402Version: 1, scheme: 'exact', network: 'base-sepolia', ...over }));
  return [
    'x',
    '!!!!',
    '====',
    'e30=',
    base64('null'),
    base64('[]'),
    base64('"str"'),
    base64('{'),
    base64('{}'),
    payload({ payload: { signature: '0x00', authorization: auth } }),
    payload({ payload: { signature: `0x${'11'.repeat(65)}`, authorization: auth } }),
    payload({ payload: { signature: `0x${'11'.repeat(65)}`, authorization: { ...auth, value: '-1' } } }),
    payload({ payload: { signature: `0x${'11'.repeat(65)}`, authorization: { ...auth, value: '1'.repeat(100) } } }),
    payload({ payload: { signature: 5, authorization: auth } }),
    payload({ payload: { signature: '0x', authorization: { ...auth, nonce: 'nonce' } } }),
    payload({ x402Version: 'one', payload: {} }),
    payload({ scheme: 'upto', payload: { signature: '0x', authorization: auth } }),
    payload({ network: 'base', payload: { signature: '0x', authorization: auth } }),
    payload({ payload: { signature: '0x', authorization: { ...auth, from: 'not-an-address' } } }),
    base64('x'.repeat(7_000)),
    'A'.repeat(9_000),
    `${base64('{}')}%00`,
  ];
}

function fillPath(template: string, r: Rng, plausible: readonly string[]): string {
  return template.replace(/\{[^}]+\}/g, () =>
    r.chance(0.3) ? r.pick(plausible) : r.chance(0.05) ? 'a'.repeat(1_000 + r.int(4_000)) : r.pick(HOSTILE_SEGMENTS),
  );
}

function fuzzQuery(route: FuzzRoute, r: Rng): string {
  const names = [
    ...(route.query ?? []),
    'q',
    'x',
    'filters',
    'limit',
    'cursor',
    'token',
    'next',
    '%00',
    'a%5Bb%5D',
    '__proto__',
    'constructor',
  ];
  const parts: string[] = [];
  const n = r.int(4);
  for (let i = 0; i < n; i++) {
    const name = r.pick(names);
    parts.push(r.chance(0.1) ? name : `${name}=${r.pick(HOSTILE_VALUES)}`);
    if (r.chance(0.1)) parts.push(`${name}=${r.pick(HOSTILE_VALUES)}`); // repeated: an array
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

function fuzzJsonValue(r: Rng, depth = 0): unknown {
  const kind = r.int(depth > 3 ? 6 : 9);
  switch (kind) {
    case 0:
      return decodeOr(r.pick(HOSTILE_VALUES));
    case 1:
      return r.pick([0, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER + 2]);
    case 2:
      return r.pick([true, false, null]);
    case 3:
      return 'https://example.com/hook';
    case 4:
      return r.pick(['document.created', 'document.version_added', 'relation.created', '*', '']);
    case 5:
      return 'a\u0000b\u0001c';
    case 6:
      return Array.from({ length: r.int(4) }, () => fuzzJsonValue(r, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: r.int(4) }, () => [
          r.pick(['url', 'events', 'description', 'x', '__proto__', 'a\u0000']),
          fuzzJsonValue(r, depth + 1),
        ]),
      );
  }
}

function decodeOr(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function fuzzBody(route: FuzzRoute, r: Rng): { body?: string; contentType?: string } {
  const roll = r.int(10);
  if (roll === 0) return {};
  if (roll === 1)
    return {
      body: r.pick(['{', '{"url":', '[1,2', 'null', '"x"', '{"a":1}}', '\u0000', 'x'.repeat(70_000)]),
      contentType: 'application/json',
    };
  if (roll === 2)
    return {
      body: 'url=x&events=y',
      contentType: r.pick([
        'text/plain',
        'application/xml',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin-9',
        'application/x-www-form-urlencoded; charset=utf-7',
      ]),
    };
  const fields = route.body?.fields ?? ['x'];
  if ((route.body?.type ?? 'json') === 'form' && roll < 8) {
    const pairs = fields.filter(() => r.chance(0.8)).map((f) => `${f}=${r.pick(HOSTILE_VALUES)}`);
    if (r.chance(0.2)) pairs.push(`${r.pick(fields)}=${r.pick(HOSTILE_VALUES)}`);
    return { body: pairs.join('&'), contentType: 'application/x-www-form-urlencoded' };
  }
  const obj: Record<string, unknown> = {};
  for (const f of fields) if (r.chance(0.8)) obj[f] = fuzzJsonValue(r);
  const body = r.chance(0.15) ? JSON.stringify(fuzzJsonValue(r)) : JSON.stringify(obj);
  return { body, contentType: 'application/json' };
}

export interface FuzzOptions {
  routes: FuzzRoute[];
  count: number;
  seed: number;
  /** Header sets to choose from per request (e.g. none, a valid key, a session cookie). */
  credentials: Array<Record<string, string>>;
  /** Plausible values for path placeholders (real ids), mixed in with the hostile ones. */
  plausible?: string[];
}

/** Deterministic hostile requests over `routes`: odd paths, queries, headers, methods and bodies. */
export function fuzzRequests(options: FuzzOptions): FuzzRequest[] {
  const r = rng(options.seed);
  const payments = hostilePaymentHeaders();
  const plausible = options.plausible ?? ['SB-2091-1', 'sb%2F2091%2F1'];
  const out: FuzzRequest[] = [];
  for (let i = 0; i < options.count; i++) {
    const route = r.pick(options.routes);
    const method = r.chance(0.75) ? route.method : r.pick(METHODS);
    const headers: Record<string, string> = { ...r.pick(options.credentials) };
    if (r.chance(0.1))
      headers.authorization = r.pick([
        'Bearer',
        'Bearer ',
        'Bearer dp_live_x',
        `Bearer dp_live_${'A'.repeat(32)}`,
        'Basic Zm9vOmJhcg==',
        `Bearer ${'x'.repeat(4_000)}`,
        'bearer  dp_live_',
        'Bearer \u00ff\u00fe',
      ]);
    if (r.chance(0.25)) headers['x-payment'] = r.pick(payments);
    if (r.chance(0.1)) headers['x-request-id'] = r.pick(['', 'a'.repeat(500), '../../etc', 'id with space', '\u00e9']);
    if (r.chance(0.1))
      headers.accept = r.pick(['*/*', 'text/html', 'application/json', 'image/png', 'text/html;q=0, application/json;q=0', '']);
    if (r.chance(0.05)) headers['x-forwarded-host'] = r.pick(['evil.example', 'a'.repeat(300), '[::1', 'x:99999']);
    if (r.chance(0.05)) headers['x-forwarded-for'] = r.pick(['1.2.3.4', 'not-an-ip', '::ffff:1.2.3.4, 10.0.0.1', '']);
    if (r.chance(0.05)) headers['x-big'] = 'b'.repeat(2_000 + r.int(6_000));
    if (r.chance(0.05)) headers.origin = 'https://evil.example';
    if (r.chance(0.05)) headers['access-control-request-method'] = r.pick(['GET', 'POST', 'DELETE', 'BREW']);
    if (r.chance(0.05)) headers.range = r.pick(['bytes=0-1', 'bytes=-1', 'bytes=abc', 'bytes=99999999-']);
    if (r.chance(0.05)) headers['if-none-match'] = r.pick(['*', '"x"', 'W/"', '']);
    if (r.chance(0.03)) headers['content-encoding'] = r.pick(['gzip', 'br', 'identity', 'bogus']);
    let body: string | undefined;
    if (method !== 'GET' && method !== 'HEAD' && (route.body || r.chance(0.3))) {
      const b = fuzzBody(route, r);
      body = b.body;
      if (b.contentType) headers['content-type'] = b.contentType;
    }
    out.push({ method, path: fillPath(route.path, r, plausible) + fuzzQuery(route, r), headers, body });
  }
  return out;
}

/** Raw bytes only a hand-written client sends: parser-level errors (request line, headers, Expect, CONNECT). */
export function parserLevelCases(): Array<{ label: string; bytes: string }> {
  const host = 'Host: 127.0.0.1\r\n';
  return [
    { label: 'bad request line', bytes: 'GET\r\n\r\n' },
    { label: 'three tokens and more', bytes: `GET / HTTP/1.1 extra\r\n${host}\r\n` },
    { label: 'unknown method', bytes: `BREW /v1 HTTP/1.1\r\n${host}\r\n` },
    { label: 'lowercase method', bytes: `get / HTTP/1.1\r\n${host}\r\n` },
    { label: 'HTTP/9.9', bytes: `GET / HTTP/9.9\r\n${host}\r\n` },
    { label: 'space in target', bytes: `GET /v1/legal documents HTTP/1.1\r\n${host}\r\n` },
    { label: 'NUL in target', bytes: `GET /v1/\u0000 HTTP/1.1\r\n${host}\r\n` },
    { label: 'control byte in a header value', bytes: `GET / HTTP/1.1\r\n${host}X-A: a\u0001b\r\n\r\n` },
    { label: 'NUL in a header value', bytes: `GET / HTTP/1.1\r\n${host}X-Payment: a\u0000b\r\n\r\n` },
    { label: 'header without colon', bytes: `GET / HTTP/1.1\r\n${host}NoColon\r\n\r\n` },
    { label: 'space before colon', bytes: `GET / HTTP/1.1\r\n${host}X-A : b\r\n\r\n` },
    { label: 'header too large', bytes: `GET / HTTP/1.1\r\n${host}X-Big: ${'a'.repeat(20_000)}\r\n\r\n` },
    {
      label: 'too many headers',
      bytes: `GET / HTTP/1.1\r\n${host}${Array.from({ length: 3_000 }, (_, i) => `X-H${i}: v\r\n`).join('')}\r\n`,
    },
    { label: 'URL too long', bytes: `GET /${'a'.repeat(20_000)} HTTP/1.1\r\n${host}\r\n` },
    { label: 'two Content-Length', bytes: `POST /v1/webhooks HTTP/1.1\r\n${host}Content-Length: 1\r\nContent-Length: 2\r\n\r\nab` },
    { label: 'Content-Length not a number', bytes: `POST /v1/webhooks HTTP/1.1\r\n${host}Content-Length: abc\r\n\r\n` },
    {
      label: 'chunked and Content-Length',
      bytes: `POST /v1/webhooks HTTP/1.1\r\n${host}Transfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n`,
    },
    {
      label: 'bad chunk size',
      bytes: `POST /v1/webhooks HTTP/1.1\r\n${host}Transfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    },
    { label: 'unknown transfer coding', bytes: `POST /v1/webhooks HTTP/1.1\r\n${host}Transfer-Encoding: gzip\r\n\r\n` },
    { label: 'bare LF line endings', bytes: `GET / HTTP/1.1\n${host.trim()}\n\n` },
    { label: 'obsolete line folding', bytes: `GET / HTTP/1.1\r\n${host}X-A: a\r\n b\r\n\r\n` },
    {
      label: 'Expect: 100-continue with a body',
      bytes: `POST /v1/webhooks HTTP/1.1\r\n${host}Expect: 100-continue\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
    },
    { label: 'Expect: odd value', bytes: `GET /v1/usage HTTP/1.1\r\n${host}Expect: 200-ok\r\nConnection: close\r\n\r\n` },
    { label: 'Expect: empty', bytes: `GET /v1/usage HTTP/1.1\r\n${host}Expect:\r\nConnection: close\r\n\r\n` },
    { label: 'Expect: huge', bytes: `GET /v1/usage HTTP/1.1\r\n${host}Expect: ${'x'.repeat(4_000)}\r\nConnection: close\r\n\r\n` },
    {
      label: 'Expect: 100-continue, other',
      bytes: `GET /x402/legal/documents/x HTTP/1.1\r\n${host}Expect: 100-continue, foo\r\nConnection: close\r\n\r\n`,
    },
    { label: 'CONNECT', bytes: 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n' },
    { label: 'CONNECT with a path', bytes: `CONNECT /v1 HTTP/1.1\r\n${host}\r\n` },
    {
      label: 'absolute-form target',
      bytes: 'GET http://evil.example/v1/usage HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n',
    },
    { label: 'asterisk-form OPTIONS', bytes: `OPTIONS * HTTP/1.1\r\n${host}Connection: close\r\n\r\n` },
    { label: 'HTTP/1.0 without Host', bytes: 'GET /v1/usage HTTP/1.0\r\n\r\n' },
    { label: 'HTTP/1.1 without Host', bytes: 'GET /v1/usage HTTP/1.1\r\nConnection: close\r\n\r\n' },
    { label: 'upgrade to websocket', bytes: `GET /v1/usage HTTP/1.1\r\n${host}Connection: Upgrade\r\nUpgrade: websocket\r\n\r\n` },
    { label: 'binary garbage', bytes: '\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u01fc\u0003\u0003' },
  ];
}

export interface FuzzResult {
  sent: number;
  statuses: Record<number, number>;
  /** Human-readable problems: any 5xx, a 4xx without a fitting envelope, an improper page. */
  problems: string[];
  /** The slowest requests (label and milliseconds), to keep the run short. */
  slowest: Array<[string, number]>;
}

export interface CheckOptions {
  /** The portal answers browsers with HTML pages: accept a proper page instead of the envelope. */
  htmlPagesAllowed?: boolean;
}

/** The problem with one answer, or undefined when it is fine. */
export function checkAnswer(
  label: string,
  method: string,
  res: { status: number; headers: Record<string, string | string[] | undefined>; text: string; body: unknown },
  options: CheckOptions = {},
): string | undefined {
  if (res.status >= 500) return `${label}: ${res.status} ${res.text.slice(0, 200)}`;
  if (res.status < 400 || method === 'HEAD') return undefined;
  const type = String(res.headers['content-type'] ?? '');
  if (type.startsWith('text/html')) {
    if (!options.htmlPagesAllowed) return `${label}: ${res.status} answered with HTML`;
    return /<\/html>\s*$/i.test(res.text) && /<title>/i.test(res.text) ? undefined : `${label}: ${res.status} improper page`;
  }
  const body = res.body as { error?: { code?: string; message?: unknown; details?: unknown }; meta?: { request_id?: unknown } } | undefined;
  const code = body?.error?.code;
  if (!code || !(code in ERROR_STATUS)) return `${label}: ${res.status} without the error envelope: ${res.text.slice(0, 200)}`;
  if (ERROR_STATUS[code as keyof typeof ERROR_STATUS] !== res.status) return `${label}: ${res.status} with code ${code}`;
  if (typeof body?.error?.message !== 'string' || typeof body.error.details !== 'object' || body.error.details === null)
    return `${label}: envelope incomplete`;
  if (body.meta?.request_id !== res.headers['x-request-id']) return `${label}: meta.request_id differs from X-Request-Id`;
  return undefined;
}

/** Sends the requests (a few at a time, kept alive) and checks every answer. */
export async function runFuzz(
  port: number,
  requests: FuzzRequest[],
  options: CheckOptions & { concurrency?: number } = {},
): Promise<FuzzResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency ?? 8 });
  const result: FuzzResult = { sent: 0, statuses: {}, problems: [], slowest: [] };
  let index = 0;
  const worker = async () => {
    while (index < requests.length) {
      const req = requests[index++];
      const label = `${req.method} ${req.path.slice(0, 120)} ${JSON.stringify(req.headers).slice(0, 160)}`;
      try {
        const started = performance.now();
        const res = await sendOne(agent, port, req);
        result.slowest.push([label, Math.round(performance.now() - started)]);
        if (result.slowest.length > 40) result.slowest = result.slowest.sort((a, b) => b[1] - a[1]).slice(0, 10);
        result.sent++;
        result.statuses[res.status] = (result.statuses[res.status] ?? 0) + 1;
        const problem = checkAnswer(label, req.method, res, options);
        if (problem) result.problems.push(problem);
      } catch (err) {
        result.problems.push(`${label}: no answer (${(err as Error).message})`);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  agent.destroy();
  result.slowest = result.slowest.sort((a, b) => b[1] - a[1]).slice(0, 10);
  return result;
}

function sendOne(
  agent: Agent,
  port: number,
  req: FuzzRequest,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string; body: unknown }> {
  return new Promise((resolve, reject) => {
    const r = httpRequest({ host: '127.0.0.1', port, method: req.method, path: req.path, headers: req.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
      });
      res.on('error', reject);
    });
    r.setTimeout(10_000, () => r.destroy(new Error('timeout')));
    r.on('error', reject);
    if (req.body !== undefined) r.write(req.body);
    r.end();
  });
}

/** Sends each parser-level case on its own connection; an answer must be a fitting envelope. */
export async function runParserCases(port: number, options: CheckOptions = {}): Promise<FuzzResult> {
  const result: FuzzResult = { sent: 0, statuses: {}, problems: [], slowest: [] };
  for (const c of parserLevelCases()) {
    const raw = await rawExchange(port, Buffer.from(c.bytes, 'latin1'), 1_000);
    result.sent++;
    const parsed = parseRawResponse(raw);
    if (!parsed) {
      result.problems.push(`${c.label}: no HTTP answer (${JSON.stringify(raw.slice(0, 80))})`);
      continue;
    }
    result.statuses[parsed.status] = (result.statuses[parsed.status] ?? 0) + 1;
    const problem = checkAnswer(c.label, c.bytes.split(' ')[0], parsed, options);
    if (problem) result.problems.push(problem);
  }
  return result;
}
