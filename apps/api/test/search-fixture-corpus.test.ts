import { seedFixtureCorpus } from '@dp/testing';
import { createSeededHarness, type Harness } from './harness';

// The shared fictional fixture corpus (packages/db/fixtures/corpus.jsonl), as other suites use it.
let h: Harness;
let key: string;
beforeAll(async () => ({ h, key } = await createSeededHarness(seedFixtureCorpus)));
afterAll(() => h.close());

const search = (params: Record<string, string>) => h.get(`/v1/legal/search?${new URLSearchParams(params)}`, key);
const keys = (res: { body: { data: { results: { natural_key: string }[] } } }) => res.body.data.results.map((r) => r.natural_key);

describe('search over the fixture corpus', () => {
  it.each(['fulltext', 'hybrid'])('%s: the act itself before the acts amending it', async (mode) => {
    for (const q of ['ochrana spotřebitele', 'ochrane spotrebitele', 'zákon o ochraně spotřebitele']) {
      const res = await search({ q, mode });
      expect(res.status).toBe(200);
      expect(keys(res)[0]).toBe('sb/2091/1');
      expect(keys(res)).toContain('sb/2092/5');
    }
  });

  it('citations win', async () => {
    expect(keys(await search({ q: 'zákon č. 2/2091 Sb.' }))[0]).toBe('sb/2091/2');
    expect(keys(await search({ q: '30/2099', mode: 'hybrid' }))[0]).toBe('sb/2099/30');
  });

  it('filters by type and status', async () => {
    expect(keys(await search({ q: 'spotřebitelům', filters: '{"doc_type":["decree"]}' }))).toEqual(['sb/2095/7']);
    expect(keys(await search({ q: 'dražby', filters: '{"eff_status":["never_in_force"]}' }))).toEqual(['sb/2097/15']);
  });

  it('hybrid tolerates typos', async () => {
    const res = await search({ q: 'spotrebitelskem uvreu', mode: 'hybrid' });
    expect(keys(res)[0]).toBe('sb/2094/20');
    expect(res.body.meta.signals).toEqual(['lexical', 'trigram']);
  });
});
