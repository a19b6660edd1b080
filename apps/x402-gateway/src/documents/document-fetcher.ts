import { Cache, INTERNAL_TOKEN_HEADER, signInternalToken, type Config, type InvalidationFeed, type Unsubscribe } from '@dp/core';

export type FetchedDocument = { found: true; body: Record<string, unknown> } | { found: false };

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
    let res: Response;
    try {
      res = await fetch(`${base}/internal/legal/documents/${encodeURIComponent(ref)}`, {
        headers: {
          [INTERNAL_TOKEN_HEADER]: await token(),
          'x-request-id': requestId,
          accept: 'application/json',
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      throw new DocumentSourceUnavailableError('internal api unreachable', { cause });
    }
    if (res.status === 404) return { found: false };
    if (res.status !== 200) throw new DocumentSourceUnavailableError(`internal api answered ${res.status}`);
    return { found: true, body: (await res.json()) as Record<string, unknown> };
  };
}

/**
 * Keeps fetched document bodies for at most `ttlMs` (by default the same staleness bound as the
 * api's own document cache) and drops them all on `clear()` or when an import announces changed
 * documents (`listen`). Without it every paid call pays a full internal HTTP round trip plus
 * the api's text query, which is most of the paid/unpaid gap. Unknown documents and failures are
 * never cached (a newly imported document is served at once, an outage is not remembered), and
 * large bodies are not kept so the memory bound stays small (maxEntries × maxBodyBytes).
 */
export function cachedDocumentFetcher(
  inner: DocumentFetcher,
  options: { ttlMs?: number; maxEntries?: number; maxBodyBytes?: number } = {},
): DocumentFetcher & { clear(): void; listen(feed: InvalidationFeed): Promise<Unsubscribe> } {
  const maxBodyBytes = options.maxBodyBytes ?? 256 * 1024;
  const cache = new Cache<FetchedDocument>({
    name: 'x402_documents',
    freshMs: options.ttlMs ?? 30_000,
    maxEntries: options.maxEntries ?? 500,
    keep: (fetched) => fetched.found && JSON.stringify(fetched.body).length <= maxBodyBytes,
  });
  const fetcher = (ref: string, ctx: { requestId: string }): Promise<FetchedDocument> =>
    cache.fetch(ref.toLowerCase(), () => inner(ref, ctx));
  return Object.assign(fetcher, {
    clear: () => cache.clear(),
    listen: (feed: InvalidationFeed) => cache.invalidateOn(feed),
  });
}
