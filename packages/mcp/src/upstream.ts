import { createLegalClient, type Call, type CallResult, type LegalClient, type Middleware } from '@dp/sdk';
import { describeApiError, type ApiFailure } from './errors';
import { silentLogger, type Logger } from './log';
import type { ServerSetup } from './setup';

export type ApiOutcome<T> = { ok: true; data: T; requestId: string | null } | { ok: false; failure: ApiFailure };

export interface UpstreamOptions {
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

/** What a tool hands to the SDK call besides its own parameters: the cancellation and the log line. */
export interface CallInit {
  signal: AbortSignal | undefined;
  middleware: Middleware[];
}

/**
 * How the tools reach /v1: @dp/sdk's typed client (paths and parameters checked against the
 * contract), with the caller's key. Each tool call is exactly one request — retries off, no
 * prefetching — so every tool call is metered exactly like the REST request it mirrors (spec 4.3).
 * What the SDK settles or throws becomes an ApiFailure whose message tells a model what to do.
 */
export class Upstream {
  private readonly sdk: LegalClient | null;
  private readonly logger: Logger;

  constructor(private readonly options: UpstreamOptions) {
    this.logger = options.logger ?? silentLogger;
    this.sdk = options.apiKey
      ? createLegalClient({
          baseUrl: options.baseUrl,
          apiKey: options.apiKey,
          retries: 0,
          timeoutMs: options.timeoutMs,
          fetch: options.fetch,
          userAgent: options.userAgent ?? 'dp-legal-mcp',
        })
      : null;
  }

  private get upstream(): string {
    return this.options.setup.upstream(this.options.baseUrl);
  }

  /**
   * One SDK call, bounded by the timeout and the caller's cancellation signal (MCP
   * notifications/cancelled): `send` makes the call with `init` spread into its options. Never
   * throws; without a key no request is made.
   */
  async call<D>(signal: AbortSignal | undefined, send: (sdk: LegalClient, init: CallInit) => Call<D>): Promise<ApiOutcome<D>> {
    if (!this.sdk) return { ok: false, failure: { kind: 'config', message: this.options.setup.missingKey } };
    const started = Date.now();
    const logged: Middleware = {
      onResponse: ({ request, response }) => {
        const path = new URL(request.url).pathname;
        this.logger.debug('upstream', {
          path,
          status: response.status,
          ms: Date.now() - started,
          request_id: response.headers.get('x-request-id'),
        });
      },
    };
    let result: CallResult<D>;
    try {
      result = await this.sdk.result(send(this.sdk, { signal, middleware: [logged] }));
    } catch (err) {
      return { ok: false, failure: this.transportFailure(err, signal) };
    }
    if (result.ok) return { ok: true, data: result.data, requestId: result.requestId };
    const { error } = result;
    if (error.code === 'unexpected_response' && error.status < 400)
      return { ok: false, failure: this.notTheApi(error.status, error.requestId) };
    return { ok: false, failure: describeApiError(error, this.options.setup) };
  }

  /** A success answer that is not the API's envelope: the address likely points elsewhere. */
  private notTheApi(status: number | undefined, requestId: string | null): ApiFailure {
    return {
      kind: 'upstream',
      status,
      requestId,
      message: `The service answered${status === undefined ? '' : ` ${status}`} without the expected JSON envelope (is ${this.upstream} the Legal Documents API?).`,
    };
  }

  private transportFailure(err: unknown, signal: AbortSignal | undefined): ApiFailure {
    if (signal?.aborted) return { kind: 'cancelled', message: 'The request was cancelled by the client.' };
    // The SDK's timeoutMs aborts with AbortSignal.timeout's reason.
    if (err instanceof Error && err.name === 'TimeoutError') {
      const setting = this.options.setup.timeoutSetting ? ` (${this.options.setup.timeoutSetting})` : '';
      return {
        kind: 'timeout',
        message: `The service did not answer within ${this.options.timeoutMs} ms${setting}. Retry once later; if it keeps timing out, tell the user ${this.upstream} is slow or unreachable.`,
      };
    }
    // A JSON content type over a body that is not JSON.
    if (err instanceof SyntaxError) return this.notTheApi(undefined, null);
    const cause = err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
    this.logger.warn('upstream unreachable', { base_url: this.options.baseUrl, cause });
    return {
      kind: 'network',
      message: `Could not reach ${this.upstream}${this.options.setup.showsUpstreamCause ? ` (${cause})` : ''}. Retry later; if it persists, ${this.options.setup.upstreamFix}.`,
    };
  }
}
