import { Agent, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  createHttpServer,
  createLogger,
  createMemoryState,
  DEFAULT_CLIENT_REQUESTS_PER_MINUTE,
  errorEnvelope,
  newId,
  rateLimitHeaders,
  successEnvelope,
  type Logger,
  type SharedState,
} from '@dp/core';

export interface Route {
  prefix: string;
  /** One upstream, or several taken in turn (a GET/HEAD that cannot connect tries the next). */
  target: string | string[];
  /** Only the path itself (with or without a query), not what lies below it: for `/`. */
  exact?: boolean;
}

/** An app whose `/readyz` the public `/readyz` asks (every app `start` runs, routed or not). */
export interface ReadinessTarget {
  name: string;
  /** Its readiness URL on its own port. */
  url: string;
}

const READY_TIMEOUT_MS = 3_000;

/** Headers of one connection, never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** What the proxy sets itself on each forwarded request (any such field the client sent is replaced). */
const FORWARDED = new Set(['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port']);

/**
 * A message's end-to-end fields as a raw name/value list (`rawHeaders`' form, which Node's request
 * and `writeHead` take as they are): every answer passes through here, and the list spares
 * building the lower-cased header object of each message.
 */
function endToEnd(raw: string[], drop?: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (!HOP_BY_HOP.has(name) && !drop?.has(name)) out.push(raw[i], raw[i + 1]);
  }
  return out;
}

function sendError(
  res: ServerResponse,
  status: number,
  code: 'unavailable' | 'not_found' | 'rate_limited',
  message: string,
  details: Record<string, unknown> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const requestId = newId('req');
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'X-Request-Id': requestId, 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(errorEnvelope(code, message, details, requestId)));
}

function sendOk(res: ServerResponse, data: unknown): void {
  const requestId = newId('req');
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'X-Request-Id': requestId, 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(successEnvelope(data, requestId)));
}

/**
 * The proxy's own answers (its health paths, a path no app serves, an app out of reach) carry the
 * rate-limit fields of the client address's window, as every answer of the origin does (spec 8);
 * the health paths are never refused, a probe read as "down" would do harm.
 */
async function limitOwnAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  state: SharedState,
  perMinute: number,
  health: boolean,
): Promise<boolean> {
  const decision = await state.rateLimiter.consume(`client:${req.socket.remoteAddress ?? 'unknown'}`, perMinute, 60);
  for (const [name, value] of Object.entries(rateLimitHeaders(decision))) res.setHeader(name, value);
  if (decision.allowed || health) return true;
  res.setHeader('Retry-After', String(decision.retryAfterSeconds));
  sendError(res, 429, 'rate_limited', `Rate limit of ${decision.limit} requests per minute from this address exceeded.`, {
    limit: decision.limit,
    window_seconds: 60,
    retry_after_seconds: decision.retryAfterSeconds,
  });
  return false;
}

/** One app's `/readyz` status and checks, or why it gave none. */
async function askReady(target: ReadinessTarget): Promise<{ status: string; [detail: string]: unknown }> {
  try {
    const res = await fetch(target.url, { signal: AbortSignal.timeout(READY_TIMEOUT_MS) });
    const body = (await res.json().catch(() => ({}))) as {
      data?: { status?: string; checks?: unknown };
      error?: { details?: { checks?: unknown } };
    };
    if (res.ok) return { status: body.data?.status ?? 'ready', checks: body.data?.checks };
    return { status: 'down', http_status: res.status, checks: body.error?.details?.checks };
  } catch (err) {
    return { status: 'down', reason: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * The public port's own health paths, with the same meaning as each app's (docs/operations.md):
 * `/livez` answers while the proxy serves; `/readyz` is ready when every app is (each one's
 * answer in `apps`). `/metrics` is deliberately not here: it stays on the apps' own ports.
 */
async function answerHealth(path: string, res: ServerResponse, targets: ReadinessTarget[]): Promise<void> {
  if (path === '/livez') return sendOk(res, { status: 'ok' });
  const answers = await Promise.all(targets.map(async (t) => [t.name, await askReady(t)] as const));
  const apps = Object.fromEntries(answers);
  const down = answers.filter(([, a]) => a.status === 'down').map(([n]) => n);
  if (down.length) return sendError(res, 503, 'unavailable', `Not ready: ${down.join(', ')}.`, { apps });
  sendOk(res, { status: answers.some(([, a]) => a.status === 'degraded') ? 'degraded' : 'ready', apps });
}

/**
 * Forwards one request over a kept-alive upstream connection. The app may close an idle one just
 * as it is reused: a GET or HEAD that fails that way before any answer is sent again once.
 */
function forward(
  req: IncomingMessage,
  res: ServerResponse,
  upstreams: Upstreams,
  agent: Agent,
  state: SharedState,
  perMinute: number,
  retried = false,
): void {
  const target = upstreams.next();
  const headers = endToEnd(req.rawHeaders, FORWARDED);
  const client = req.socket.remoteAddress ?? '';
  const before = req.headers['x-forwarded-for'];
  headers.push(
    'X-Forwarded-For',
    before ? `${[before].flat().join(', ')}, ${client}` : client,
    'X-Forwarded-Proto',
    'http',
    'X-Forwarded-Host',
    req.headers.host ?? '',
    'X-Forwarded-Port',
    String(req.socket.localPort ?? ''),
  );
  const upstream = request(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent, timeout: 30_000 },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.rawHeaders));
      answer.pipe(res);
    },
  );
  // Whether a body follows is the message's framing, whatever the method: a GET or HEAD may carry
  // one too, and ending the upstream request without it while its Content-Length is forwarded
  // would leave the app waiting for bytes that never come.
  const withoutBody = !hasBody(req);
  const retriable = withoutBody && (req.method === 'GET' || req.method === 'HEAD');
  upstream.on('timeout', () => upstream.destroy(new Error('upstream timeout')));
  upstream.on('error', () => {
    // A reused connection the app closed, or (with several upstreams) one that is down: once more.
    if (retriable && (upstream.reusedSocket || upstreams.count > 1) && !retried && !res.headersSent)
      return forward(req, res, upstreams, agent, state, perMinute, true);
    if (res.headersSent) return sendError(res, 502, 'unavailable', 'The upstream service is not reachable.');
    void limitOwnAnswer(req, res, state, perMinute, true).then(() =>
      sendError(res, 502, 'unavailable', 'The upstream service is not reachable.'),
    );
  });
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  if (withoutBody) upstream.end();
  else req.pipe(upstream);
}

/** Whether the request's framing announces a body (RFC 9112 §6.3): a transfer coding, or a non-zero length. */
function hasBody(req: IncomingMessage): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && length !== '0';
}

/** A route's upstreams, taken in turn. */
class Upstreams {
  private turn = 0;
  private readonly urls: URL[];
  constructor(target: string | string[]) {
    this.urls = [target].flat().map((t) => new URL(t));
  }
  get count(): number {
    return this.urls.length;
  }
  next(): URL {
    const url = this.urls[this.turn % this.urls.length];
    this.turn = (this.turn + 1) % this.urls.length;
    return url;
  }
}

/**
 * One port for the whole product in development: /v1, /docs and / → api, /x402 → gateway,
 * /portal → portal, /mcp → mcp-http.
 * Production routing lives in infra/; /internal is deliberately never routed. Served by core's
 * hardened server, so malformed requests, slow clients and CONNECT get the error envelope with a
 * request id, as on the apps' own ports; those client errors are not the operator's to act on,
 * so the default logger keeps them off the terminal.
 */
export function startPublicProxy(
  port: number,
  routes: Route[],
  logger: Logger = createLogger({ name: 'public-proxy', level: 'error' }),
  readiness: ReadinessTarget[] = [],
  host?: string,
  clientRequestsPerMinute = DEFAULT_CLIENT_REQUESTS_PER_MINUTE,
): Promise<Server> {
  // Kept-alive upstream connections: a new TCP connection per request made the one port many
  // times slower than the apps' own ports (docs/BENCHMARKS.md).
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const targets = routes.map((r) => ({ prefix: r.prefix, exact: r.exact === true, upstreams: new Upstreams(r.target) }));
  // This process's own window (the apps keep theirs, shared through Redis when configured).
  const state = createMemoryState();
  const server = createHttpServer((req, res) => {
    const path = req.url ?? '/';
    const bare = path.split('?')[0];
    if ((bare === '/livez' || bare === '/readyz') && (req.method === 'GET' || req.method === 'HEAD')) {
      void limitOwnAnswer(req, res, state, clientRequestsPerMinute, true).then(() => answerHealth(bare, res, readiness));
      return;
    }
    const route = targets.find(
      (r) => path === r.prefix || path.startsWith(`${r.prefix}?`) || (!r.exact && path.startsWith(`${r.prefix}/`)),
    );
    if (!route) {
      void limitOwnAnswer(req, res, state, clientRequestsPerMinute, false).then((go) => {
        if (go) sendError(res, 404, 'not_found', `No route for ${req.method} ${bare}.`);
      });
      return;
    }
    forward(req, res, route.upstreams, agent, state, clientRequestsPerMinute);
  }, logger);
  server.on('close', () => {
    agent.destroy();
    void state.close();
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
