/**
 * The typed client of the Legal Documents Data API. Paths, parameters and bodies are typed from
 * the OpenAPI document (core's generated `V1Paths`) through openapi-fetch, so a call the contract
 * does not allow does not compile. On top: the key, retries of 429/503 that honour `Retry-After`,
 * errors as `ApiError` with the envelope's code, and cursor iteration.
 */
import createFetchClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { V1Paths, V1Schemas } from '@dp/core';

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
  /** Where the API is, without `/v1` (e.g. `https://api.example.cz`). */
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
}

const RETRIED_STATUSES = new Set([429, 503]);

/** `Retry-After` as seconds (delta-seconds or an HTTP date), or null. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

function backoffMs(attempt: number): number {
  // Full jitter on an exponential base when the answer did not say how long to wait.
  return Math.random() * Math.min(8_000, 250 * 2 ** attempt);
}

/**
 * fetch with the retry policy: a request is sent again only when repeating it cannot do harm — a
 * GET or HEAD, or any request that carries an `Idempotency-Key` (the API answers a repeat with the
 * stored answer).
 */
export function retryingFetch(options: Pick<SdkOptions, 'retries' | 'maxRetryDelayMs' | 'fetch'>): typeof fetch {
  const inner = options.fetch ?? fetch;
  const retries = options.retries ?? 2;
  const maxDelay = options.maxRetryDelayMs ?? 30_000;
  return async (input, init) => {
    const request = new Request(input, init);
    const repeatable = request.method === 'GET' || request.method === 'HEAD' || request.headers.has('idempotency-key');
    // The body is read once, so every attempt can send it again.
    const body = request.body === null ? undefined : await request.arrayBuffer();
    for (let attempt = 0; ; attempt++) {
      const last = !repeatable || attempt >= retries;
      let res: Response;
      try {
        res = await inner(new Request(request, body === undefined ? {} : { body }));
      } catch (err) {
        if (last || request.signal.aborted) throw err;
        await sleep(backoffMs(attempt), request.signal);
        continue;
      }
      if (last || !RETRIED_STATUSES.has(res.status)) return res;
      const said = retryAfterSeconds(res.headers.get('retry-after'));
      const wait = said === null ? backoffMs(attempt) : said * 1000;
      if (wait > maxDelay) return res;
      await res.body?.cancel();
      await sleep(wait, request.signal);
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

/** The error an answer that is not a success stands for. */
export async function apiErrorOf(res: Response, body?: unknown): Promise<ApiError> {
  const parsed = body === undefined ? await res.json().catch(() => null) : body;
  const envelope = parsed as {
    error?: { code?: string; message?: string; details?: Record<string, unknown> };
    meta?: { request_id?: string };
  } | null;
  const requestId = res.headers.get('x-request-id') ?? envelope?.meta?.request_id ?? null;
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

export type LegalClient = Client<V1Paths> & {
  /**
   * The `data` of a call's success envelope, or throws its ApiError:
   * `const doc = await sdk.data(sdk.GET('/v1/legal/documents/{id}', { params: { path: { id } } }))`.
   */
  data<D>(call: Promise<{ data?: { data: D }; error?: unknown; response: Response }>): Promise<D>;
};

export function createLegalClient(options: SdkOptions): LegalClient {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.apiKey) headers.Authorization = `Bearer ${options.apiKey}`;
  if (options.userAgent) headers['User-Agent'] = options.userAgent;
  const clientOptions: ClientOptions = { baseUrl: options.baseUrl.replace(/\/+$/, ''), headers, fetch: retryingFetch(options) };
  const client = createFetchClient<V1Paths>(clientOptions) as LegalClient;
  client.data = async (call) => {
    const { data, error, response } = await call;
    if (response.ok && data !== undefined) return data.data;
    throw await apiErrorOf(response, error ?? null);
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
