import type { SearchMode } from '@dp/core';
import { createTestDatabase, keyParts, testRecord, type TestDatabase } from '@dp/testing';
import { DocumentCache } from '../../src/legal/documents/document-cache';
import { searchDocuments, type SearchHit } from '../../src/legal/search/search';

/**
 * #24 item 4: a search hit points at the provision the query cites, the § whose heading the query
 * is, or the provision its match lies in, and its snippet comes from that provision.
 */
const record = (key: string, title: string, text: string) => {
  const { year, number } = keyParts(key);
  return testRecord(key, {
    title,
    text,
    citation: `${title} č. ${number}/${year} Sb.`,
    from: `${year}-02-01`,
    version: { text_is_current: true },
  });
};

const LABOUR_CODE = [
  '# Zákon zákoník práce',
  '',
  '##### § 1',
  '',
  '#### Předmět úpravy',
  '',
  'Tento zákon upravuje pracovněprávní vztahy mezi zaměstnanci a zaměstnavateli.',
  '',
  '##### § 52',
  '',
  '#### Výpovědní důvody',
  '',
  'Zaměstnavatel může dát zaměstnanci výpověď jen z těchto důvodů:',
  '',
  'a) ruší-li se zaměstnavatel nebo jeho část,',
  '',
  'g) jsou-li u zaměstnance dány důvody, pro které by s ním zaměstnavatel mohl okamžitě zrušit pracovní poměr.',
  '',
  '##### § 53',
  '',
  '#### Zákaz výpovědi',
  '',
  '(1) Zaměstnavatel nesmí dát zaměstnanci výpověď v ochranné době.',
  '',
  '(2) Ochranná doba se prodlužuje o dobu těhotenství zaměstnankyně a o dobu pečovatelské dovolené.',
  '',
  '##### § 54',
  '',
  'Ustanovení o ochranné době se nepoužije na výpověď danou pro přemístění zaměstnavatele.',
  '',
].join('\n');

const RECORDS = [
  record('sb/2006/262', 'Zákon zákoník práce', LABOUR_CODE),
  record(
    'sb/2095/40',
    'Zákon trestní zákoník',
    '# Zákon trestní zákoník\n\n##### § 204\n\n#### Zpronevěra\n\nKdo si přisvojí cizí věc, která mu byla svěřena, bude potrestán.\n\n##### § 205\n\n#### Krádež\n\n(1) Kdo si přisvojí cizí věc tím, že se jí zmocní, bude potrestán.\n',
  ),
  record('sb/2095/41', 'Zákon o evidenci krádeží kol', '# Zákon o evidenci krádeží kol\n\nTento předpis nemá paragrafy.\n'),
];

let db: TestDatabase;
let trees: DocumentCache;
beforeAll(async () => {
  db = await createTestDatabase({ records: RECORDS });
  trees = new DocumentCache(db);
});
afterAll(() => db.destroy());

async function hits(q: string, mode: SearchMode, withTrees = true): Promise<SearchHit[]> {
  return (await searchDocuments(db, { q, mode, filters: {}, limit: 5, after: null }, undefined, withTrees ? trees : undefined)).results;
}
const hitOf = (results: SearchHit[], key: string) => results.find((h) => h.natural_key === key);

describe.each<SearchMode>(['fulltext', 'hybrid'])('search hits point at provisions (%s)', (mode) => {
  it('a provision the query cites with its act: the act first, with that provision and a snippet from its start', async () => {
    const [top] = await hits('§ 52 zákoníku práce', mode);
    expect(top.natural_key).toBe('sb/2006/262');
    expect(top.provision).toEqual({ id: 'par_52', label: '§ 52', heading: 'Výpovědní důvody', text_status: 'current' });
    expect(top.snippet).toContain('Zaměstnavatel může dát zaměstnanci výpověď jen z těchto důvodů');
    expect(top.snippet).not.toContain('Předmět úpravy');
  });

  it('a písmeno the query cites, and one deeper than the text has (its nearest existing ancestor)', async () => {
    expect((await hits('§ 52 písm. g) zákoníku práce', mode))[0].provision).toMatchObject({ id: 'par_52/pism_g', label: '§ 52 písm. g)' });
    expect((await hits('§ 53 odst. 9 zákoníku práce', mode))[0].provision).toMatchObject({ id: 'par_53', label: '§ 53' });
  });

  it('a query that is a § heading points at that §', async () => {
    const results = await hits('krádež', mode);
    expect(results[0].natural_key).toBe('sb/2095/40');
    expect(results[0].provision).toEqual({ id: 'par_205', label: '§ 205', heading: 'Krádež', text_status: 'current' });
    expect(results[0].snippet).toContain('zmocní');
    // A document without provisions has a hit, not a pointer.
    expect(hitOf(results, 'sb/2095/41')?.provision).toBeNull();
  });

  it('otherwise the provision the match lies in, its heading from its §, and the snippet stays inside that §', async () => {
    const hit = hitOf(await hits('těhotenství', mode), 'sb/2006/262');
    expect(hit?.provision).toEqual({ id: 'par_53/odst_2', label: '§ 53 odst. 2', heading: 'Zákaz výpovědi', text_status: 'current' });
    expect(hit?.snippet).toContain('«těhotenství»');
    expect(hit?.snippet).not.toContain('přemístění');
  });
});

it('without the trees (the eval and benches) hits carry no pointer', async () => {
  const [top] = await hits('§ 52 zákoníku práce', 'fulltext', false);
  expect(top.natural_key).toBe('sb/2006/262');
  expect(top.provision).toBeNull();
});
