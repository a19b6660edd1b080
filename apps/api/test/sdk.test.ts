import { ApiError, createLegalClient, pages } from '@dp/sdk';
import { startRunningApi, type RunningApi } from '@dp/testing';
import { createApi } from '../src/app';

/** The workspace's SDK against a real api on a loopback port: typed calls, typed errors, paging. */
describe('@dp/sdk against the api', () => {
  let api: RunningApi;
  let key: string;
  beforeAll(async () => {
    api = await startRunningApi(createApi);
    key = (await api.newKey()).key;
  });
  afterAll(() => api.close());

  it('reads a document through the typed path and returns the envelope data', async () => {
    const sdk = createLegalClient({ baseUrl: api.url, apiKey: key });
    const hits = await sdk.data(sdk.GET('/v1/legal/search', { params: { query: { q: 'zákon', limit: 1 } } }));
    expect(hits.results.length).toBe(1);
    // Without granularity=provision the results are documents (the contract's union says either).
    const first = hits.results[0];
    const id = 'natural_key' in first ? first.id : first.act.id;
    const doc = await sdk.data(sdk.GET('/v1/legal/documents/{id}', { params: { path: { id } } }));
    expect(doc.document.id).toBe(id);
  });

  it('turns an error envelope into an ApiError with its code, status and request id', async () => {
    const sdk = createLegalClient({ baseUrl: api.url, apiKey: key });
    const failure = await sdk.data(sdk.GET('/v1/legal/documents/{id}', { params: { path: { id: 'sb/1800/9' } } })).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, code: 'not_found', requestId: expect.stringMatching(/^req_/) });
    const anonymous = createLegalClient({ baseUrl: api.url });
    await expect(anonymous.data(anonymous.GET('/v1/usage'))).rejects.toMatchObject({ status: 401, code: 'missing_key' });
  });

  it('pages through every search result once, following next_cursor', async () => {
    const sdk = createLegalClient({ baseUrl: api.url, apiKey: key });
    const all = await sdk.data(sdk.GET('/v1/legal/search', { params: { query: { q: 'zákon', limit: 50 } } }));
    const seen: string[] = [];
    for await (const hit of pages(
      (cursor) => sdk.data(sdk.GET('/v1/legal/search', { params: { query: { q: 'zákon', limit: 2, cursor } } })),
      (page) => page.results,
    ))
      seen.push('natural_key' in hit ? hit.id : hit.act.id);
    expect(all.next_cursor).toBeNull();
    expect(seen).toEqual(all.results.map((r) => ('natural_key' in r ? r.id : r.act.id)));
    expect(seen.length).toBeGreaterThan(2);
  });
});
