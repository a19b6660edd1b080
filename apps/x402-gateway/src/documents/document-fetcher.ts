import {
  Cache,
  INTERNAL_TOKEN_HEADER,
  signInternalToken,
  type Config,
  type internalGetDocumentRoute,
  type InvalidationFeed,
  type ResponseData,
  type Unsubscribe,
} from '@dp/core';

/** The internal read's answer as its route declares it: the /v1 envelope round the document's data. */
export interface InternalDocumentBody {
  data: ResponseData<typeof internalGetDocumentRoute>;
  meta?: Record<string, unknown>;
}

/** `bytes`: the size of the body as received, which the cache weighs. */
export type FetchedDocument = { found: true; body: InternalDocumentBody; bytes: number } | { found: false };

/**
 * The declared shape, as far as the gateway relies on it: the document's id (what a payment is
 * recorded against). The body is the api's own answer, passed on whole, so it is not parsed field
 * by field (a large act's body is megabytes).
 */
function isDocumentBody(body: unknown): body is InternalDocumentBody {
  const id = (body as { data?: { document?: { id?: unknown } } } | null)?.data?.document?.id;
  return typeof id === 'string' && id !== '';
}

/** Fetches the /v1 document body for a ref; rejects when the api cannot answer. */
export type DocumentFetcher = (ref: string, ctx: { requestId: string }) => Promise<FetchedDocument>;

export class DocumentSourceUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DocumentSourceUnavailableError';
  }
}

/**
 * Reads the document from the api's internal endpoint, which answers exactly the /v1 body and
 * writes no usage record (gateway traffic must never show up in GET /v1/usage).
 */
export function createInternalDocumentFetcher(
  config: Pick<Config, 'INTERNAL_API_URL' | 'INTERNAL_API_SECRET'>,
  timeoutMs = 5_000,
): DocumentFetcher {
  const base = config.INTERNAL_API_URL.replace(/\/+$/, '');
  // Tokens live 60 s; reusing one for 30 s spares a signature per call and never sends a stale one.
  let cached: { token: string; until: number } | undefined;
  const token = async () => {
    if (!cached || Date.now() >= cached.until) {
      cached = { token: await signInternalToken(config.INTERNAL_API_SECRET, 'x402-gateway'), until: Date.now() + 30_000 };
    }
    return cached.token;
  };
  return async (ref, { requestId }) => {
    // The answer's body is read inside the same guard as the request: a body cut off, timed out
    // or not JSON is the source failing (503, nothing charged), never an unexpected error (500).
    try {
      const res = await fetch(`${base}/internal/legal/documents/${encodeURIComponent(ref)}`, {
        headers: {
          [INTERNAL_TOKEN_HEADER]: await token(),
          'x-request-id': requestId,
          accept: 'application/json',
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (res.status !== 200) {
        await res.body?.cancel();
        if (res.status === 404) return { found: false };
        throw new DocumentSourceUnavailableError(`internal api answered ${res.status}`);
      }
      const text = await res.text();
      const body = JSON.parse(text) as unknown;
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        throw new DocumentSourceUnavailableError('internal api answered a body that is not a JSON object');
      }
      if (!isDocumentBody(body)) throw new DocumentSourceUnavailableError('internal api answered a body without data.document.id');
      return { found: true, body, bytes: Buffer.byteLength(text) };
    } catch (cause) {
      if (cause instanceof DocumentSourceUnavailableError) throw cause;
      throw new DocumentSourceUnavailableError(`internal api answer unreadable: ${(cause as Error)?.message}`, { cause });
    }
  };
}

/**
 * Keeps fetched document bodies for at most `ttlMs` (by default the same staleness bound as the
 * api's own document cache) and drops them all on `clear()` or when an import announces changed
 * documents (`listen`). Without it every paid call pays a full internal HTTP round trip plus
 * the api's text query, which is most of the paid/unpaid gap. Concurrent reads of one document
 * share one fetch (core's Cache loads a key once at a time), and bodies are kept within a byte
 * budget (least recently used go first) whatever their size: a large act read by many payers at
 * once is fetched once, not once per payer. Unknown documents and failures are never cached (a
 * newly imported document is served at once, an outage is not remembered).
 */
export function cachedDocumentFetcher(
  inner: DocumentFetcher,
  options: { ttlMs?: number; maxEntries?: number; maxBytes?: number } = {},
): DocumentFetcher & { clear(): void; listen(feed: InvalidationFeed): Promise<Unsubscribe> } {
  const cache = new Cache<FetchedDocument>({
    name: 'x402_documents',
    freshMs: options.ttlMs ?? 30_000,
    maxEntries: options.maxEntries ?? 500,
    maxWeight: options.maxBytes ?? DOCUMENT_CACHE_BYTES,
    weigh: (fetched) => (fetched.found ? fetched.bytes : 0),
    keep: (fetched) => fetched.found,
  });
  const fetcher = (ref: string, ctx: { requestId: string }): Promise<FetchedDocument> =>
    cache.fetch(ref.toLowerCase(), () => inner(ref, ctx));
  return Object.assign(fetcher, {
    clear: () => cache.clear(),
    listen: (feed: InvalidationFeed) => cache.invalidateOn(feed),
  });
}

/** The gateway's document cache budget: the largest acts' bodies several times over. */
export const DOCUMENT_CACHE_BYTES = 64 * 1024 * 1024;
