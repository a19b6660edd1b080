import { DOCS_DIR, declaredPaths, searchDocumentsRoute, type V1GetOk } from '@dp/core';
import { importCorpusFile, sharedCorpusPath } from '@dp/db';
import { testRecord, type TestRecordOptions } from '@dp/testing';
import { createSeededHarness, type Harness } from './harness';

/**
 * Fictional documents (sb/2091/...) of our own, written to a temp JSONL and imported through the
 * real importer, so the search columns come from the same trigger as in production.
 */
const record = (n: number, o: Pick<TestRecordOptions, 'docType' | 'status' | 'published' | 'amending'> & { title: string; text: string }) =>
  testRecord(`sb/2091/${n}`, { ...o, citation: `${o.title.split(' ')[0]} č. ${n}/2091 Sb., ${o.title}` });

const FILLER = 'Tento předpis upravuje obecná pravidla a postupy orgánů veřejné správy. '.repeat(30);
export const SEARCH_FIXTURES = [
  record(1, {
    title: 'Zákon o ochraně spotřebitelů na Měsíci',
    text: `# Zákon o ochraně spotřebitelů na Měsíci\n\n${FILLER}\n§ 12\nProdávající na Měsíci odpovídá spotřebiteli za vady zboží dodaného raketou.`,
  }),
  record(2, {
    title: 'Zákon, kterým se mění zákon o ochraně spotřebitelů na Měsíci',
    amending: true,
    published: '2091-06-01',
    text: `Zákon č. 1/2091 Sb. se mění takto: ${FILLER} spotřebitelům se přiznává právo na kyslík.`,
  }),
  record(3, {
    title: 'Vyhláška o vesmírných drahách',
    docType: 'decree',
    status: 'no_longer_in_force',
    published: '2091-03-15',
    text: `# Vyhláška o vesmírných drahách\n\n${FILLER}\n§ 3\nProvozovatel vesmírné dráhy zajistí bezpečnost cestujících na oběžné dráze.`,
  }),
  record(4, {
    title: 'Zákon o meziplanetárním občanském zákoníku',
    published: '2091-09-09',
    text: `${FILLER} Občanský zákoník se použije i na Marsu.`,
  }),
];

let h: Harness;
let key: string;
beforeAll(async () => ({ h, key } = await createSeededHarness(SEARCH_FIXTURES)));
afterAll(() => h.close());

const search = (params: Record<string, string>, k = key) => h.get(`/v1/legal/search?${new URLSearchParams(params)}`, k);
/** The answer's body as the OpenAPI document types it (generated): a field the contract lacks fails to compile. */
type SearchBody = V1GetOk<'/v1/legal/search'>;
const keys = (res: { body: SearchBody }) => res.body.data.results.map((r) => ('natural_key' in r ? r.natural_key : r.act.natural_key));

describe('GET /v1/legal/search (fulltext)', () => {
  it('answers the documented shape with a snippet cut where the match is', async () => {
    const res = await search({ q: 'vesmírné dráhy' });
    expect(res.status).toBe(200);
    const body = res.body as SearchBody;
    expect(body.meta.mode).toBe('fulltext');
    expect(body.meta.signals).toEqual(['lexical']);
    const [first] = body.data.results;
    expect(first).toMatchObject({ natural_key: 'sb/2091/3', doc_number: '3/2091 Sb.', doc_type: 'decree', status: 'no_longer_in_force' });
    expect(typeof first.score).toBe('number');
    // Not the heading: the body's "§ 3 Provozovatel vesmírné dráhy ...", marked with « ».
    expect(first.snippet).toContain('«vesmírné» «dráhy»');
    expect(first.snippet).toContain('Provozovatel');
    expect(first.snippet.startsWith('…')).toBe(true);
  });

  it('matches without diacritics and in other inflected forms', async () => {
    for (const q of ['ochrana spotrebitele', 'ochraně spotřebitelů', 'OCHRANOU SPOTŘEBITELŮM', 'spotrebitelum']) {
      const res = await search({ q });
      expect(res.status).toBe(200);
      expect(keys(res)[0]).toBe('sb/2091/1');
      expect(keys(res)).toContain('sb/2091/2');
    }
    expect(keys(await search({ q: 'vesmirnych drah' }))).toEqual(['sb/2091/3']);
  });

  it('puts the cited document first, for every way of citing it', async () => {
    for (const q of ['4/2091', '4/2091 Sb.', 'zákon č. 4/2091 Sb.', 'ochrana spotřebitelů 4/2091']) {
      const res = await search({ q });
      expect(keys(res)[0]).toBe('sb/2091/4');
      expect(res.body.meta.signals).toContain('citation');
    }
  });

  it('needs all terms while any document has them all, the cited one included; else any term', async () => {
    // Only the cited 1/2091 has both "spotřebiteli" and "raketou": 2/2091 (which has the first) stays out.
    expect(keys(await search({ q: 'spotřebiteli raketou 1/2091' }))).toEqual(['sb/2091/1']);
    // No document has both "kyslík" and "raketou": any term, the cited 2/2091 first.
    expect(keys(await search({ q: 'kyslík raketou 2/2091' }))).toEqual(['sb/2091/2', 'sb/2091/1']);
  });

  it('applies filters', async () => {
    const f = (filters: object) => search({ q: 'zákon spotřebitelů', filters: JSON.stringify(filters) });
    expect(keys(await f({ is_amending_act: true }))).toEqual(['sb/2091/2']);
    expect(keys(await f({ published_from: '2091-05-01' }))).toEqual(['sb/2091/2']);
    expect(keys(await f({ published_to: '2091-05-01' }))).toEqual(['sb/2091/1']);
    expect(keys(await f({ doc_type: ['decree'] }))).toEqual([]);
    expect(
      keys(await search({ q: 'dráhy', filters: JSON.stringify({ eff_status: ['no_longer_in_force'], doc_type: ['decree'] }) })),
    ).toEqual(['sb/2091/3']);
  });

  it('pages with an opaque cursor, each result once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await search({ q: 'předpis', limit: '1', ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      seen.push(...keys(res));
      cursor = res.body.data.next_cursor;
    } while (cursor);
    expect(seen.length).toBe(4);
    expect(new Set(seen).size).toBe(4);
  });

  it('rejects bad input with 400 invalid_request naming the field, never 500', async () => {
    const cursor = (await search({ q: 'předpis', limit: '1' })).body.data.next_cursor;
    const cases: [Record<string, string>, string][] = [
      [{}, 'q'],
      [{ q: '   ' }, 'q'],
      [{ q: 'x'.repeat(501) }, 'q'],
      [{ q: 'a', mode: 'semantic' }, 'mode'],
      [{ q: 'a', filters: '{bad' }, 'filters'],
      [{ q: 'a', filters: '[1]' }, 'filters'],
      [{ q: 'a', filters: '{"colour":"red"}' }, 'filters.colour'],
      [{ q: 'a', filters: '{"doc_type":["novel"]}' }, 'filters.doc_type'],
      [{ q: 'a', filters: '{"published_from":"2091-13-01"}' }, 'filters.published_from'],
      [{ q: 'a', filters: '{"is_amending_act":"yes"}' }, 'filters.is_amending_act'],
      [{ q: 'a', limit: '0' }, 'limit'],
      [{ q: 'a', limit: '101' }, 'limit'],
      [{ q: 'a', limit: 'ten' }, 'limit'],
      [{ q: 'a', cursor: 'garbage!' }, 'cursor'],
      [{ q: 'another search', cursor }, 'cursor'],
    ];
    for (const [params, field] of cases) {
      const res = await search(params);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
      expect(res.body.error.details.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });

  it("names every bad field of the declaration's query in one 400", async () => {
    const res = await search({ q: ' ', mode: 'semantic', limit: '0', at: '2024-02-30' });
    expect(res.status).toBe(400);
    expect(res.body.error.details.errors).toEqual([
      { field: 'q', problem: 'must contain a search term' },
      { field: 'mode', problem: 'must be one of: fulltext, hybrid' },
      { field: 'limit', problem: 'must be an integer from 1 to 100' },
      { field: 'at', problem: 'must be a calendar date YYYY-MM-DD' },
    ]);
  });

  it('handles queries of punctuation or stopwords only', async () => {
    for (const q of ['§', 'a o v', '&|!:*()', "'; DROP TABLE document; --"]) {
      const res = await search({ q });
      expect(res.status).toBe(200);
    }
  });
});

describe('GET /v1/legal/search (hybrid)', () => {
  it('fuses lexical and trigram rankings and tolerates typos', async () => {
    const res = await search({ q: 'vesmirnyhc drahach', mode: 'hybrid' });
    expect(res.status).toBe(200);
    expect(res.body.meta.mode).toBe('hybrid');
    expect(res.body.meta.signals).toEqual(['lexical', 'trigram']);
    expect(keys(res)[0]).toBe('sb/2091/3');
    expect(keys(await search({ q: 'ochrana spotrebitelu na mesici', mode: 'hybrid' }))[0]).toBe('sb/2091/1');
    expect(keys(await search({ q: '3/2091', mode: 'hybrid' }))[0]).toBe('sb/2091/3');
  });
});

describe('units', () => {
  it('charges 1 unit for fulltext, 2 for hybrid, nothing for a 400', async () => {
    const { key: k } = await h.newKey();
    expect((await search({ q: 'dráhy' }, k)).status).toBe(200);
    expect((await search({ q: 'dráhy', mode: 'hybrid' }, k)).status).toBe(200);
    expect((await search({ q: 'dráhy', mode: 'nope' }, k)).status).toBe(400);
    const usage = (await h.get('/v1/usage', k)).body.data;
    const byOp = Object.fromEntries(usage.by_operation.map((o: { operation: string; units: number }) => [o.operation, o.units]));
    expect(byOp['search.fulltext']).toBe(1);
    expect(byOp['search.hybrid']).toBe(2);
    expect(usage.units.used).toBe(3);
  });

  it('a hybrid search needs 2 units of the quota, a fulltext one 1', async () => {
    const { key: k } = await h.newKey({ monthlyUnits: 1 });
    const hybrid = await search({ q: 'dráhy', mode: 'hybrid' }, k);
    expect(hybrid.status).toBe(429);
    expect(hybrid.body.error.code).toBe('quota_exceeded');
    expect((await search({ q: 'dráhy' }, k)).status).toBe(200);
  });
});

describe('the contract', () => {
  it("the served operation is the one generated from the declaration (core's searchDocumentsRoute)", async () => {
    const served = (await h.get('/v1/openapi.json')).body.paths['/v1/legal/search'].get;
    const declared = declaredPaths([searchDocumentsRoute], DOCS_DIR)['/v1/legal/search'].get;
    expect(served.parameters).toEqual(declared.parameters);
    expect(served.responses['200'].content).toEqual((declared.responses as Record<string, { content: unknown }>)['200'].content);
    expect(served.responses['200'].content['application/json'].schema.allOf[1].properties.meta.allOf[0]).toEqual({
      $ref: '#/components/schemas/Meta',
    });
  });
});

const corpus = sharedCorpusPath();
(corpus ? describe : describe.skip)('Czech quality on the shared corpus', () => {
  beforeAll(async () => {
    const wanted = new Set(['sb/2012/89', 'sb/1964/40', 'sb/2006/262', 'sb/1992/634', 'sb/1990/87']);
    await importCorpusFile(h.db, corpus!, { filter: (k) => wanted.has(k) });
  }, 240_000);

  it.each([
    ['obcansky zakonik', ['sb/2012/89', 'sb/1964/40']],
    ['občanského zákoníku', ['sb/2012/89', 'sb/1964/40']],
    ['89/2012', ['sb/2012/89']],
    ['zákon č. 89/2012 Sb.', ['sb/2012/89']],
    ['zákoníku práce', ['sb/2006/262']],
    ['ochrana spotřebitelů', ['sb/1992/634']],
  ])('%s finds %j at the top (both modes)', async (q, expected) => {
    for (const mode of ['fulltext', 'hybrid']) {
      // published_to leaves the fictional 2091 fixtures out of the comparison.
      const top = keys(await search({ q, mode, filters: '{"published_to":"2090-12-31"}' })).slice(0, expected.length);
      expect(top.sort()).toEqual([...expected].sort());
    }
  });
});
