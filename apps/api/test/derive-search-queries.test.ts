import { splitHalf } from '@dp/core';
import { createDatabase } from '@dp/db';
import {
  citedNames,
  derivePairs,
  formatDerived,
  sectionHeadings,
  stripDiacritics,
  titleShortNames,
  type DocInput,
} from '../src/eval/derive-search-queries';

/**
 * The derived search evaluation (#25): the rules that turn the collection into (query -> act)
 * pairs, on inputs made here, and the deterministic split.
 */
function doc(n: number, year: number, title: string, o: Partial<DocInput> = {}): DocInput {
  return {
    natural_key: `sb/${year}/${n}`,
    doc_number: `${n}/${year} Sb.`,
    title,
    citation: `Zákon č. ${n}/${year} Sb., ${title.replace(/^Zákon,?\s*/u, '')}`,
    doc_type: 'act',
    status: 'in_force',
    headings: [],
    ...o,
  };
}

describe('short names (title)', () => {
  it('takes the trailing parentheses of the title', () => {
    expect(titleShortNames('Zákon o úpadku a způsobech jeho řešení (insolvenční zákon)')).toEqual(['insolvenční zákon']);
    expect(
      titleShortNames(
        'Zákon o podmínkách podnikání a o výkonu státní správy v energetických odvětvích a o změně některých zákonů (energetický zákon)',
      ),
    ).toEqual(['energetický zákon']);
  });

  it('does not take the parentheses of an act the title cites', () => {
    expect(
      titleShortNames(
        'Zákon o odpovědnosti za škodu způsobenou při výkonu veřejné moci a o změně zákona České národní rady č. 358/1992 Sb., o notářích a jejich činnosti (notářský řád)',
      ),
    ).toEqual([]);
    // After ", " the parentheses name the title's own act again.
    expect(
      titleShortNames(
        'Zákon o ochranných známkách a o změně zákona č. 6/2002 Sb., o soudech a soudcích (zákon o soudech a soudcích), ve znění pozdějších předpisů, (zákon o ochranných známkách)',
      ),
    ).toEqual(['zákon o ochranných známkách']);
  });

  it('takes "Zákon <name>" titles and ignores parentheses that are no name', () => {
    expect(titleShortNames('Zákon trestní zákoník')).toEqual(['trestní zákoník']);
    expect(titleShortNames('Zákon o opatřeních ve vztahu ke Svazové republice Jugoslávie (Srbsko a Černá Hora)')).toEqual([]);
    expect(titleShortNames('Zákon o bankách')).toEqual([]);
  });
});

describe('names amending titles use', () => {
  it('takes the name after the number, and the short name in parentheses', () => {
    expect(citedNames('Zákon, kterým se mění zákon č. 21/1992 Sb., o bankách, ve znění pozdějších předpisů')).toEqual([
      { doc_number: '21/1992 Sb.', names: ['zákon o bankách'] },
    ]);
    expect(
      citedNames(
        'Zákon, kterým se mění zákon č. 40/2009 Sb., trestní zákoník, ve znění pozdějších předpisů, zákon č. 141/1961 Sb., o trestním řízení soudním (trestní řád), ve znění pozdějších předpisů, a některé další zákony',
      ),
    ).toEqual([
      { doc_number: '40/2009 Sb.', names: ['trestní zákoník'] },
      { doc_number: '141/1961 Sb.', names: ['zákon o trestním řízení soudním', 'trestní řád'] },
    ]);
  });

  it('cuts "a o změně …" and reads the genitive and a council', () => {
    expect(
      citedNames(
        'Zákon o změně zákona České národní rady č. 117/2001 Sb., o veřejných sbírkách a o změně některých zákonů (zákon o veřejných sbírkách)',
      ),
    ).toEqual([{ doc_number: '117/2001 Sb.', names: ['zákon o veřejných sbírkách'] }]);
    expect(citedNames('Zákon, kterým se mění zákon č. 451/1991 Sb., kterým se stanoví některé další předpoklady')).toEqual([]);
    expect(citedNames('Zákon, kterým se mění zákon č. 130/1946 Sb., o doplnění a změně některých předpisů')).toEqual([]);
    expect(
      citedNames('Zákon, kterým se mění zákon č. 38/2008 Sb., o vývozu a dovozu zboží, které by mohlo být použito pro výkon trestu smrti'),
    ).toEqual([]);
    expect(citedNames('Zákon, kterým se mění zákon č. 15/1993 Sb., o Armádě České republiky a o změnách některých zákonů')).toEqual([
      { doc_number: '15/1993 Sb.', names: ['zákon o Armádě České republiky'] },
    ]);
  });
});

describe('§ headings', () => {
  it('takes the heading line after a § line', () => {
    const text = [
      '##### § 205',
      '',
      '#### Krádež',
      '',
      '(1) Kdo si přisvojí cizí věc …',
      '',
      '##### § 206',
      '',
      '(1) Bez nadpisu.',
      '',
      '##### § 209a',
      '#### Podvod.',
      '##### § 210',
      '',
      '#### Čl. 5',
    ].join('\n');
    expect(sectionHeadings(text)).toEqual(['Krádež', 'Podvod']);
  });
});

describe('derivePairs', () => {
  const banks = doc(21, 1992, 'Zákon o bankách');
  const insolvency = doc(182, 2006, 'Zákon o úpadku a způsobech jeho řešení (insolvenční zákon)');
  const criminal = doc(40, 2009, 'Zákon trestní zákoník', { headings: ['Krádež', 'Podvod', 'Vydírání'] });
  const oldCriminal = doc(140, 1961, 'Zákon trestní zákon', { status: 'no_longer_in_force', headings: ['Krádež'] });
  const other = doc(99, 2010, 'Zákon o něčem jiném', { headings: ['Podvod'] });
  const amending = doc(5, 2020, 'Zákon, kterým se mění zákon č. 21/1992 Sb., o bankách, ve znění pozdějších předpisů', {
    headings: ['Vydírání'],
  });
  const amendingMissing = doc(6, 2020, 'Zákon, kterým se mění zákon č. 777/1999 Sb., o ničem, ve znění pozdějších předpisů');
  const twoNames = doc(7, 2020, 'Zákon, kterým se mění zákon č. 182/2006 Sb., o bankách');
  const many = doc(8, 2021, 'Zákon o mnoha nadpisech', {
    headings: ['Nadpis první', 'Nadpis druhý', 'Nadpis třetí', 'Nadpis čtvrtý', 'Nadpis pátý'],
  });
  const docs = [banks, insolvency, criminal, oldCriminal, other, amending, amendingMissing, many];
  const options = { perAct: 6, perActRule: 3, perRule: { 'short-name': 10, 'amended-name': 10, heading: 10, number: 0 } };

  it('applies the rules and keeps only unambiguous pairs', () => {
    const pairs = derivePairs(docs, options);
    const has = (q: string) => pairs.find((p) => p.q === q);
    expect(has('insolvenční zákon')).toMatchObject({ relevant: ['sb/2006/182'], rule: 'short-name' });
    expect(has('trestní zákoník')).toMatchObject({ relevant: ['sb/2009/40'], rule: 'short-name' });
    expect(has('zákon o bankách')).toMatchObject({ relevant: ['sb/1992/21'], rule: 'amended-name' });
    // The number must resolve to a document.
    expect(has('zákon o ničem')).toBeUndefined();
    // "Krádež": the repealed act does not count; "Podvod": two in-force acts; "Vydírání": only
    // an amending act besides, which does not count.
    expect(has('Krádež')).toMatchObject({ relevant: ['sb/2009/40'], rule: 'heading' });
    expect(has('Podvod')).toBeUndefined();
    expect(has('Vydírání')).toMatchObject({ relevant: ['sb/2009/40'] });
    // A name that is another document's title is no judgment either.
    const successor = doc(201, 2012, 'Zákon o úpadku');
    expect(has('zákon o úpadku')).toBeUndefined();
    const insolvencyNamed = doc(9, 2021, 'Zákon, kterým se mění zákon č. 182/2006 Sb., o úpadku, ve znění pozdějších předpisů');
    expect(derivePairs([...docs, insolvencyNamed], options).find((p) => p.q === 'zákon o úpadku')).toMatchObject({
      relevant: ['sb/2006/182'],
    });
    expect(derivePairs([...docs, insolvencyNamed, successor], options).find((p) => p.q === 'zákon o úpadku')).toBeUndefined();
    // A name cut at a comma of the act's own name is dropped.
    const wage = doc(1, 1992, 'Zákon o mzdě, odměně za pracovní pohotovost a o průměrném výdělku');
    const wageAmended = doc(2, 1993, 'Zákon, kterým se mění zákon č. 1/1992 Sb., o mzdě, odměně za pracovní pohotovost');
    expect(derivePairs([...docs, wage, wageAmended], options).find((p) => p.q === 'zákon o mzdě')).toBeUndefined();
    // A name used for two acts is no judgment.
    expect(derivePairs([...docs, twoNames], options).find((p) => p.q === 'zákon o bankách')).toBeUndefined();
  });

  it('caps per act and rule, and writes a share without diacritics', () => {
    const pairs = derivePairs(docs, options);
    expect(pairs.filter((p) => p.rule === 'heading' && p.relevant[0] === 'sb/2021/8')).toHaveLength(3);
    const twins = pairs.filter((p) => p.rule.endsWith('/ascii'));
    expect(twins.length).toBeGreaterThan(0);
    for (const t of twins) {
      const original = pairs.find((p) => p.rule === t.rule.replace('/ascii', '') && stripDiacritics(p.q) === t.q)!;
      expect(original).toBeDefined();
      expect(t.half).toBe(original.half);
      expect(t.relevant).toEqual(original.relevant);
    }
  });

  it('is deterministic, whatever the order of the documents', () => {
    expect(derivePairs([...docs].reverse(), options)).toEqual(derivePairs(docs, options));
  });

  it('puts every pair of an act in one half', () => {
    const pairs = derivePairs(docs, options);
    const halfOf = new Map<string, string>();
    for (const p of pairs) {
      const key = p.relevant[0];
      expect(halfOf.get(key) ?? p.half).toBe(p.half);
      halfOf.set(key, p.half);
    }
    expect(halfOf.size).toBeGreaterThan(1);
  });
});

describe('split', () => {
  it('is a function of the act, about half and half', () => {
    expect(splitHalf('sb/2006/182')).toBe(splitHalf('sb/2006/182'));
    const halves = Array.from({ length: 2000 }, (_, i) => splitHalf(`sb/2000/${i}`));
    const tune = halves.filter((h) => h === 'tune').length;
    expect(tune).toBeGreaterThan(900);
    expect(tune).toBeLessThan(1100);
  });
});

describe('the file', () => {
  it('parses back to the pairs', () => {
    const pairs = derivePairs([doc(182, 2006, 'Zákon o úpadku a způsobech jeho řešení (insolvenční zákon)')]);
    const body = JSON.parse(formatDerived(1, pairs)) as { pairs: number; queries: unknown[] };
    expect(body.queries).toEqual(pairs);
    expect(body.pairs).toBe(pairs.length);
  });
});

describe('read-only connections (what the derivation and EVAL_SKIP_IMPORT=1 use)', () => {
  const url = process.env.DATABASE_URL;
  (url ? it : it.skip)('refuse to write', async () => {
    const db = await createDatabase({ url: url!, readOnly: true });
    try {
      await expect(db.exec('CREATE TABLE derive_should_not_exist (x int)')).rejects.toThrow(/read-only/);
      expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });
});
