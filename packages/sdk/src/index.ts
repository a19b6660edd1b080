/**
 * The typed client of the Legal Documents Data API. Paths, parameters and bodies are typed from
 * the OpenAPI document (core's generated `V1Paths`) through openapi-fetch, so a call the contract
 * does not allow does not compile. On top: the key, retries of 429/503 that honour `Retry-After`,
 * a time bound per call, errors as `ApiError` with the envelope's code, and cursor iteration.
 */
import createFetchClient, { type Client, type ClientOptions, type Middleware } from 'openapi-fetch';
import type { V1Paths, V1Schemas } from '@dp/core';
import { parseRetryAfter } from '@dp/core/http/retry-after';

/** openapi-fetch's hook into each request and answer, for a caller's own logging or headers. */
export type { Middleware };

export type ErrorCode = V1Schemas['ErrorEnvelope']['error']['code'];

/** An error answer of the API: its HTTP status and the envelope's code, message and details. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'unexpected_response',
    message: string,
    readonly details: Record<string, unknown>,
    readonly requestId: string | null,
    /** Seconds, from `Retry-After`, when the answer gave one. */
    readonly retryAfter: number | null,
  ) {
    super(message);
  }
}

export interface SdkOptions {
  /** Where the API is (e.g. `https://api.example.cz`); a trailing `/v1` is dropped (`apiBaseUrl`). */
  baseUrl: string;
  /** `dp_live_…`; sent as `Authorization: Bearer`. */
  apiKey?: string;
  /** Attempts after the first for 429 and 503 (and network errors of GET/HEAD). 0 turns retries off. */
  retries?: number;
  /** The longest wait between attempts, whatever `Retry-After` says. */
  maxRetryDelayMs?: number;
  /** Injected for tests or other runtimes; the global fetch otherwise. */
  fetch?: typeof fetch;
  userAgent?: string;
  /**
   * Bounds each call in milliseconds, its retries, their waits and the reading of the answer
   * included; a call out of time rejects with the DOMException named `TimeoutError`. None by default.
   */
  timeoutMs?: number;
}

const RETRIED_STATUSES = new Set([429, 503]);

/** `Retry-After` as whole seconds (delta-seconds or an HTTP date, read by core's one parser), or null. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  const ms = parseRetryAfter(value, now);
  return ms === null ? null : Math.ceil(ms / 1000);
}

function backoffMs(attempt: number): number {
  // Full jitter on an exponential base when the answer did not say how long to wait.
  return Math.random() * Math.min(8_000, 250 * 2 ** attempt);
}

/**
 * fetch with the retry policy: a request is sent again only when repeating it cannot do harm — a
 * GET or HEAD, or any request that carries an `Idempotency-Key` (the API answers a repeat with the
 * stored answer). With `timeoutMs`, the request's own signal and the time bound both abort it;
 * the answer's body stays bound to them, so a body that stalls after the headers is cut too.
 */
export function retryingFetch(options: Pick<SdkOptions, 'retries' | 'maxRetryDelayMs' | 'fetch' | 'timeoutMs'>): typeof fetch {
  const inner = options.fetch ?? fetch;
  const retries = options.retries ?? 2;
  const maxDelay = options.maxRetryDelayMs ?? 30_000;
  return async (input, init) => {
    const request = new Request(input, init);
    const signal =
      options.timeoutMs === undefined ? request.signal : AbortSignal.any([request.signal, AbortSignal.timeout(options.timeoutMs)]);
    const repeatable = request.method === 'GET' || request.method === 'HEAD' || request.headers.has('idempotency-key');
    // The body is read once, so every attempt can send it again.
    const body = request.body === null ? undefined : await request.arrayBuffer();
    for (let attempt = 0; ; attempt++) {
      const last = !repeatable || attempt >= retries;
      let res: Response;
      try {
        res = await inner(new Request(request, body === undefined ? { signal } : { body, signal }));
      } catch (err) {
        if (last || signal.aborted) throw err;
        await sleep(backoffMs(attempt), signal);
        continue;
      }
      if (last || !RETRIED_STATUSES.has(res.status)) return res;
      const said = retryAfterSeconds(res.headers.get('retry-after'));
      const wait = said === null ? backoffMs(attempt) : said * 1000;
      if (wait > maxDelay) return res;
      await res.body?.cancel();
      await sleep(wait, signal);
    }
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** The request id of an answer: its `X-Request-Id` header, else the envelope's `meta.request_id`. */
function requestIdOf(res: Response, body: unknown): string | null {
  const id = (body as { meta?: { request_id?: unknown } } | null)?.meta?.request_id;
  return res.headers.get('x-request-id') ?? (typeof id === 'string' ? id : null);
}

/** The error an answer that is not a success stands for. */
export async function apiErrorOf(res: Response, body?: unknown): Promise<ApiError> {
  const parsed = body === undefined ? await res.json().catch(() => null) : body;
  const envelope = parsed as { error?: { code?: string; message?: string; details?: Record<string, unknown> } } | null;
  const requestId = requestIdOf(res, parsed);
  const retryAfter = retryAfterSeconds(res.headers.get('retry-after'));
  if (!envelope?.error?.code)
    return new ApiError(
      res.status,
      'unexpected_response',
      `HTTP ${res.status} without the API's error envelope`,
      {},
      requestId,
      retryAfter,
    );
  return new ApiError(
    res.status,
    envelope.error.code as ErrorCode,
    envelope.error.message ?? '',
    envelope.error.details ?? {},
    requestId,
    retryAfter,
  );
}

function isSuccessEnvelope(body: unknown): body is { success: true; data: unknown } {
  return typeof body === 'object' && body !== null && (body as { success?: unknown }).success === true && 'data' in body;
}

const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i;

/**
 * A success whose body is not JSON (a web page where the API was expected, a proxy's sign-in
 * page) is an ApiError `unexpected_response` with its status, not a SyntaxError from deep inside
 * the JSON parser.
 */
const expectJson: Middleware = {
  onResponse({ request, response, options }) {
    if (!response.ok || response.status === 204 || request.method === 'HEAD' || options.parseAs !== 'json') return undefined;
    if (response.headers.get('content-length') === '0' || JSON_TYPE.test(response.headers.get('content-type') ?? '')) return undefined;
    void response.body?.cancel();
    throw new ApiError(
      response.status,
      'unexpected_response',
      `HTTP ${response.status} answered ${response.headers.get('content-type') ?? 'without a content type'}, not the API's JSON`,
      {},
      response.headers.get('x-request-id'),
      null,
    );
  },
};

/** A call's answer, settled: the envelope's data, or the ApiError it stands for. */
export type CallResult<D> =
  { ok: true; data: D; status: number; requestId: string | null; response: Response } | { ok: false; error: ApiError };

/** An openapi-fetch call; its data is a string for answers in text (the diff's unified format), which carry no envelope. */
export type Call<D> = Promise<{ data?: { data: D } | string; error?: unknown; response: Response }>;

export type LegalClient = Client<V1Paths> & {
  /**
   * The `data` of a call's success envelope, or throws its ApiError:
   * `const doc = await sdk.data(sdk.GET('/v1/legal/documents/{id}', { params: { path: { id } } }))`.
   */
  data<D>(call: Call<D>): Promise<D>;
  /**
   * As `data`, but an answer of the API, success or error, resolves (with the status and the
   * request id beside the data, or the ApiError); only a failure to get an answer rejects: the
   * network, the call's signal, `timeoutMs`.
   */
  result<D>(call: Call<D>): Promise<CallResult<D>>;
};

/**
 * The API's base URL as the client joins its `/v1/…` paths to it: without trailing slashes, and
 * without a trailing `/v1` segment, the form people copy from the reference's URLs (kept, it would
 * make every call `/v1/v1/…`, a 404 read as "no such document").
 */
export function apiBaseUrl(baseUrl: string): string {
  return baseUrl.trim().replace(/\/+$/, '').replace(/\/v1$/i, '');
}

export function createLegalClient(options: SdkOptions): LegalClient {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.apiKey) headers.Authorization = `Bearer ${options.apiKey}`;
  if (options.userAgent) headers['User-Agent'] = options.userAgent;
  const clientOptions: ClientOptions = {
    baseUrl: apiBaseUrl(options.baseUrl),
    headers,
    fetch: retryingFetch(options),
    // The API answers /v1 without redirects; following one would send the key to wherever it points.
    redirect: 'error',
  };
  const client = createFetchClient<V1Paths>(clientOptions) as LegalClient;
  client.use(expectJson);
  client.result = async <D>(call: Call<D>): Promise<CallResult<D>> => {
    let settled: Awaited<Call<D>>;
    try {
      settled = await call;
    } catch (err) {
      if (err instanceof ApiError) return { ok: false, error: err };
      throw err;
    }
    const { data, error, response } = settled;
    if (response.ok && isSuccessEnvelope(data)) {
      return { ok: true, data: data.data as D, status: response.status, requestId: requestIdOf(response, data), response };
    }
    if (response.ok) {
      return {
        ok: false,
        error: new ApiError(
          response.status,
          'unexpected_response',
          `HTTP ${response.status} without the API's success envelope`,
          {},
          requestIdOf(response, data),
          null,
        ),
      };
    }
    return { ok: false, error: await apiErrorOf(response, error ?? null) };
  };
  client.data = async (call) => {
    const result = await client.result(call);
    if (result.ok) return result.data;
    throw result.error;
  };
  return client;
}
/**
 * Every item of a paged list, page after page, following `next_cursor` until it is null:
 * `for await (const hit of pages((cursor) => sdk.data(sdk.GET('/v1/legal/search', { params: { query: { q, cursor } } })), (p) => p.results))`.
 */
export async function* pages<P extends { next_cursor: string | null }, I>(
  page: (cursor: string | undefined) => Promise<P>,
  items: (page: P) => readonly I[],
): AsyncGenerator<I, void, undefined> {
  let cursor: string | undefined;
  for (;;) {
    const current = await page(cursor);
    yield* items(current);
    if (current.next_cursor === null) return;
    cursor = current.next_cursor;
  }
}
