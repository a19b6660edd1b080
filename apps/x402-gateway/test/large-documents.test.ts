import http from 'node:http';
import request from 'supertest';
import {
  closeServer,
  expectMatchesOpenApi,
  generateCzechText,
  importTestRecords,
  listenOnLoopback,
  testRecord,
  TEST_INTERNAL_SECRET,
} from '@dp/testing';
import {
  cachedDocumentFetcher,
  createInternalDocumentFetcher,
  DocumentSourceUnavailableError,
  type DocumentFetcher,
  type FetchedDocument,
} from '../src/documents/document-fetcher';
import { createGatewayHarness, encode, newPayer, requirementsFor, stubDocumentBody, type GatewayHarness } from './harness';

/** An internal api that answers 200 with a JSON body it never finishes: headers, half the bytes, then the socket is cut. */
async function cuttingApi(): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer((_req, res) => {
    const body = JSON.stringify({ data: { document: { id: 'SB-2012-89', title: 'x'.repeat(200_000) } } });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
    res.write(body.slice(0, body.length / 2), () => res.socket?.destroy());
  });
  return { url: await listenOnLoopback(server), server };
}

describe('the internal document fetch: a body that fails is the source failing', () => {
  it('rejects with DocumentSourceUnavailableError when the answer is cut off after its headers', async () => {
    const api = await cuttingApi();
    try {
      const fetcher = createInternalDocumentFetcher({ INTERNAL_API_URL: api.url, INTERNAL_API_SECRET: TEST_INTERNAL_SECRET });
      await expect(fetcher('sb/2012/89', { requestId: 'req_cut' })).rejects.toBeInstanceOf(DocumentSourceUnavailableError);
    } finally {
      await closeServer(api.server);
    }
  });

  it('rejects an answer that is not the declared document (no data.document.id) as the source failing', async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { documents: [] }, meta: {} }));
    });
    const url = await listenOnLoopback(server);
    try {
      const fetcher = createInternalDocumentFetcher({ INTERNAL_API_URL: url, INTERNAL_API_SECRET: TEST_INTERNAL_SECRET });
      await expect(fetcher('sb/2012/89', { requestId: 'req_shape' })).rejects.toThrow(/without data\.document\.id/);
    } finally {
      await closeServer(server);
    }
  });

  it('answers a paid read 503 with Retry-After (nothing charged), never 500', async () => {
    const api = await cuttingApi();
    const h = await createGatewayHarness({ config: { INTERNAL_API_URL: api.url } });
    try {
      const path = '/x402/legal/documents/sb%2F2091%2F1';
      const res = await request(h.url)
        .get(path)
        .set('X-PAYMENT', encode(await newPayer().sign(requirementsFor(`${h.url}${path}`))));
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('unavailable');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expectMatchesOpenApi(res, 'get', path);
      expect(await h.paymentCount()).toBe(0);
    } finally {
      await h.close();
      await closeServer(api.server);
    }
  });
});

describe('cachedDocumentFetcher: large bodies within a byte budget', () => {
  const body = (id: string) => stubDocumentBody(id);

  it('keeps a body of megabytes (the old rule dropped anything over 256 KB)', async () => {
    let calls = 0;
    const fetcher = cachedDocumentFetcher(async () => {
      calls++;
      const text = 'ž'.repeat(1_500_000);
      return { found: true, body: stubDocumentBody('big', { text }), bytes: Buffer.byteLength(text) };
    });
    await fetcher('sb/2012/89', { requestId: 'a' });
    await fetcher('sb/2012/89', { requestId: 'b' });
    expect(calls).toBe(1);
  });

  it('evicts the least recently used bodies to stay within maxBytes, and stores none heavier than it', async () => {
    const calls: string[] = [];
    const sizes: Record<string, number> = { a: 400, b: 400, c: 400, huge: 2_000 };
    const fetcher = cachedDocumentFetcher(
      async (ref): Promise<FetchedDocument> => {
        calls.push(ref);
        return { found: true, body: body(ref), bytes: sizes[ref] };
      },
      { maxBytes: 1_000 },
    );
    for (const ref of ['a', 'b', 'c', 'b', 'a', 'huge', 'huge']) await fetcher(ref, { requestId: ref });
    // a and b fit (800), c evicts a (the oldest), a then evicts c; huge is never kept.
    expect(calls).toEqual(['a', 'b', 'c', 'a', 'huge', 'huge']);
  });

  it('shares one fetch between concurrent reads of one document', async () => {
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetcher = cachedDocumentFetcher(async () => {
      calls++;
      await gate;
      return { found: true, body: body('x'), bytes: 10 };
    });
    const reads = Array.from({ length: 50 }, (_, i) => fetcher('sb/2012/89', { requestId: `r${i}` }));
    release();
    expect((await Promise.all(reads)).every((r) => r.found)).toBe(true);
    expect(calls).toBe(1);
  });
});

/*
 * Fault test (issue 38 item 2): many payers read one large act at the same moment. Every answer
 * is the document or the documented 503, never a 500, and the api is asked once. The figures of
 * a run (time, statuses) are printed for docs/BENCHMARKS.md.
 */
describe('concurrent paid reads of one large act', () => {
  const LARGE = 'sb/2012/89';
  const PATH = '/x402/legal/documents/sb%2F2012%2F89';
  const READERS = 100;
  let h: GatewayHarness;
  let internalFetches = 0;
  let inner: DocumentFetcher | undefined;

  beforeAll(async () => {
    const counting: DocumentFetcher = (ref, ctx) => {
      internalFetches++;
      return inner!(ref, ctx);
    };
    // The gateway's own composition (app.ts), with the internal reads counted.
    h = await createGatewayHarness({ deps: { fetchDocument: cachedDocumentFetcher(counting) } });
    inner = createInternalDocumentFetcher(h.config);
    await importTestRecords(h.db, [
      testRecord(LARGE, { title: 'Občanský zákoník', text: `# Občanský zákoník\n\n${generateCzechText(1_200_000)}` }),
    ]);
  });
  afterAll(() => h.close());

  it(`${READERS} payers at once: all 200 (or 503 with Retry-After), never 500; one internal fetch`, async () => {
    const requirements = requirementsFor(`${h.url}${PATH}`);
    const headers = await Promise.all(Array.from({ length: READERS }, async () => encode(await newPayer().sign(requirements))));
    const started = performance.now();
    const results = await Promise.all(headers.map((header) => request(h.url).get(PATH).set('X-PAYMENT', header)));
    const elapsedMs = performance.now() - started;
    const statuses = results.map((r) => r.status);
    const counts = statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

    console.log(
      `large paid reads: ${READERS} at once in ${Math.round(elapsedMs)} ms, statuses ${JSON.stringify(counts)}, internal fetches ${internalFetches}`,
    );
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    for (const r of results.filter((x) => x.status === 503)) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    for (const r of ok) expect(r.body.data.document.natural_key).toBe(LARGE);
    expect(internalFetches).toBe(1);
    expect(await h.paymentCount()).toBe(ok.length);
  });
});
