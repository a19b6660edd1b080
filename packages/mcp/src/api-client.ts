import { describeHttpError, type ApiFailure } from './errors';
import { silentLogger, type Logger } from './log';
import type { ServerSetup } from './setup';

export type Query = Record<string, string | number | undefined>;

export type ApiOutcome<T> = { ok: true; data: T; requestId: string | null } | { ok: false; failure: ApiFailure };

export interface ApiClientOptions {
  apiKey: string | undefined;
  baseUrl: string;
  timeoutMs: number;
  /** Where the user configures the key and the API address (named in error messages). */
  setup: ServerSetup;
  logger?: Logger;
  /** Injected in unit tests; the global fetch (undici) otherwise. */
  fetch?: typeof fetch;
  userAgent?: string;
}

/**
 * The one place that talks HTTP to /v1. Each tool call is exactly one request here (a GET, or the
 * citation check's POST), so every tool call is metered exactly like the REST request it mirrors
 * (spec 4.3) — no retries, no prefetching.
 */
export class ApiClient {
  private readonly fetchImpl: typeof fetch;
  private readonly logger: Logger;

  constructor(private readonly options: ApiClientOptions) {
    this.fetchImpl = options.fetch ?? fetch;
    this.logger = options.logger ?? silentLogger;
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  private get upstream(): string {
    return this.options.setup.upstream(this.options.baseUrl);
  }

  /** `/v1/...` path (already encoded) plus query; undefined values are left out. */
  buildUrl(path: string, query: Query = {}): URL {
    const url = new URL(this.options.baseUrl + path);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
    return url;
  }

  /**
   * GET with the key, a timeout and the caller's cancellation signal (MCP notifications/cancelled).
   * Never throws: every failure becomes an ApiFailure whose message tells a model what to do.
   */
  get<T>(path: string, query: Query = {}, signal?: AbortSignal): Promise<ApiOutcome<T>> {
    return this.send<T>('GET', path, query, undefined, signal);
  }

  /** POST of a JSON body, otherwise as `get` (the citation check reads a text too long for a URL). */
  post<T>(path: string, body: unknown, signal?: AbortSignal): Promise<ApiOutcome<T>> {
    return this.send<T>('POST', path, {}, body, signal);
  }

  private async send<T>(method: 'GET' | 'POST', path: string, query: Query, body: unknown, signal?: AbortSignal): Promise<ApiOutcome<T>> {
    if (!this.options.apiKey) {
      return {
        ok: false,
        failure: { kind: 'config', message: this.options.setup.missingKey },
      };
    }
    const url = this.buildUrl(path, query);
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const combined = signal ? AbortSignal.any([timeout, signal]) : timeout;
    const started = Date.now();
    let res: Response;
    try {
      res = await this.fetchImpl(url, {
        method,
        headers: {
          Authorization: `Bearer ${this.options.apiKey}`,
          Accept: 'application/json',
          'User-Agent': this.options.userAgent ?? 'dp-legal-mcp',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: combined,
        redirect: 'error', // never send the key on to wherever a redirect points
      });
    } catch (err) {
      return { ok: false, failure: this.transportFailure(err, timeout, signal) };
    }

    let answer: unknown;
    const raw = await readBody(res, combined).catch((err: unknown) => err);
    if (raw instanceof Error) return { ok: false, failure: this.transportFailure(raw, timeout, signal) };
    try {
      answer = raw === '' ? null : JSON.parse(raw as string);
    } catch {
      answer = null;
    }
    const requestId = res.headers.get('x-request-id') ?? requestIdOf(answer);
    this.logger.debug('upstream', { path: url.pathname, status: res.status, ms: Date.now() - started, request_id: requestId });

    if (res.ok && isSuccessEnvelope(answer)) return { ok: true, data: answer.data as T, requestId };
    if (res.ok) {
      return {
        ok: false,
        failure: {
          kind: 'upstream',
          status: res.status,
          requestId,
          message: `The service answered ${res.status} without the expected JSON envelope (is ${this.upstream} the Legal Documents API?).`,
        },
      };
    }
    return { ok: false, failure: describeHttpError(res.status, res.headers, answer, requestId, this.options.setup) };
  }

  private transportFailure(err: unknown, timeout: AbortSignal, signal: AbortSignal | undefined): ApiFailure {
    if (signal?.aborted) return { kind: 'cancelled', message: 'The request was cancelled by the client.' };
    if (timeout.aborted) {
      const setting = this.options.setup.timeoutSetting ? ` (${this.options.setup.timeoutSetting})` : '';
      return {
        kind: 'timeout',
        message: `The service did not answer within ${this.options.timeoutMs} ms${setting}. Retry once later; if it keeps timing out, tell the user ${this.upstream} is slow or unreachable.`,
      };
    }
    const cause = err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
    this.logger.warn('upstream unreachable', { base_url: this.options.baseUrl, cause });
    return {
      kind: 'network',
      message: `Could not reach ${this.upstream}${this.options.setup.showsUpstreamCause ? ` (${cause})` : ''}. Retry later; if it persists, ${this.options.setup.upstreamFix}.`,
    };
  }
}

/** Reads the body as text; the abort signal also covers a body that stalls after the headers. */
async function readBody(res: Response, signal: AbortSignal): Promise<string> {
  signal.throwIfAborted();
  return res.text();
}

function isSuccessEnvelope(body: unknown): body is { success: true; data: unknown } {
  return typeof body === 'object' && body !== null && (body as { success?: unknown }).success === true && 'data' in body;
}

function requestIdOf(body: unknown): string | null {
  const id = (body as { meta?: { request_id?: unknown } } | null)?.meta?.request_id;
  return typeof id === 'string' ? id : null;
}
