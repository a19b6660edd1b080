import {
  amendingActs,
  collectionCitation,
  deriveTextRelations,
  documentIdentity,
  extractSections,
  mapFrontMatter,
  parseCommitMessage,
  parseFrontMatter,
} from '@dp/db';
import { docFile } from '@dp/testing';

// The pure parts of the git sync: each rule of the mapping, on made-up input.

const identity = documentIdentity('cz/SB-2000-7.md')!;

describe('parseFrontMatter', () => {
  it('splits flat quoted YAML from the Markdown body', () => {
    const r = parseFrontMatter('---\ntitle: "Zákon \\"o věci\\""\nrank: law\n---\n# Text\n');
    expect(r).toEqual({ ok: true, fields: { title: 'Zákon "o věci"', rank: 'law' }, body: '# Text\n', problems: [] });
  });

  it('a quoted value running over two lines is one value, folded', () => {
    const r = parseFrontMatter('---\nfull_citation: "Vyhláška č. 1/2024 Sb., kterou se mění\n"\ntitle: "T"\n---\nbody');
    expect(r.ok && r.fields).toEqual({ full_citation: 'Vyhláška č. 1/2024 Sb., kterou se mění', title: 'T' });
  });

  it('reports lines that are not key: value and keeps the rest', () => {
    const r = parseFrontMatter('---\ntitle: "T"\nnot yaml at all\n---\nbody');
    expect(r.ok && r.fields).toEqual({ title: 'T' });
    expect(r.ok && r.problems).toEqual([expect.stringMatching(/not "key: value"/)]);
  });

  it('no front matter, or an unclosed one: not ok, the whole file is the body', () => {
    expect(parseFrontMatter('# Just text\n')).toEqual({
      ok: false,
      error: expect.stringMatching(/no front matter/),
      body: '# Just text\n',
    });
    expect(parseFrontMatter('---\ntitle: "T"\n# never closed\n')).toMatchObject({ ok: false, error: expect.stringMatching(/not closed/) });
  });
});

describe('parseCommitMessage', () => {
  it('reads the tag and the trailers, English or Spanish', () => {
    const en = parseCommitMessage(
      '[reform] Zákon č. 1/2000 Sb.\n\nNorm: SB-2000-1\nSource: https://x/2001-01-01\n\nSource-Id: 5/2001 Sb.\nSource-Date: 2001-01-01\nNorm-Id: SB-2000-1\n',
    );
    expect(en).toEqual({
      kind: 'reform',
      subject: '[reform] Zákon č. 1/2000 Sb.',
      trailers: {
        Norm: 'SB-2000-1',
        Source: 'https://x/2001-01-01',
        'Source-Id': '5/2001 Sb.',
        'Source-Date': '2001-01-01',
        'Norm-Id': 'SB-2000-1',
      },
    });
    const es = parseCommitMessage('[bootstrap] X — versión original 1945\n\nNorma: SB-1945-1\nFecha: 1945-04-02\nFuente:\n');
    expect(es.kind).toBe('bootstrap');
    expect(es.trailers).toEqual({ Norma: 'SB-1945-1', Fecha: '1945-04-02', Fuente: '' });
  });
});

describe('citations and identities', () => {
  it('collectionCitation reads "N/YYYY Sb." only', () => {
    expect(collectionCitation('89/2012 Sb.')).toEqual({ naturalKey: 'sb/2012/89', docNumber: '89/2012 Sb.' });
    expect(collectionCitation('CZ-DAILY-2026-05-29')).toBeNull();
    expect(collectionCitation('original')).toBeNull();
  });

  it('documentIdentity comes from the path; other files are not documents', () => {
    expect(documentIdentity('cz/SB-2012-89.md')).toEqual({ id: 'SB-2012-89', naturalKey: 'sb/2012/89', docNumber: '89/2012 Sb.' });
    expect(documentIdentity('README.md')).toBeNull();
    expect(documentIdentity('LICENSE')).toBeNull();
  });
});

describe('mapFrontMatter', () => {
  const fields = (text: string) => {
    const r = parseFrontMatter(text);
    if (!r.ok) throw new Error(r.error);
    return r.fields;
  };

  it('maps the fields as the corpus sample does', () => {
    const { meta, problems, undated } = mapFrontMatter(
      fields(
        docFile({ id: 'SB-2000-7', versionType: 'MINULE', kind: 'SMISNOV', versionDate: '2003-04-01', amendments: ['5/2001 Sb.'] }, 'x'),
      ),
      identity,
      'fallback',
    );
    expect(problems).toEqual([]);
    expect(undated).toBe(false);
    expect(meta).toMatchObject({
      title: 'Zákon o věci 7',
      docNumber: '7/2000 Sb.',
      eli: '/eli/cz/sb/2000/7',
      docType: 'act',
      isAmendingAct: true,
      status: 'no_longer_in_force',
      sourceVersionType: 'MINULE',
      currentVersionFrom: '2003-04-01',
      gazette: { issue: '1', year: '2000' },
      docTypeSource: { rank: 'law', legal_act_kind_code: 'SMISNOV', act_type_code: 'PRAVPRED', hierarchy_template: 'SABL_NOVY_PA_ZAKON' },
      amendingActs: ['sb/2001/5'],
    });
  });

  it.each([
    ['Zákon č. 7/2000 Sb., o věci', 'act'],
    ['Ústavní zákon č. 7/2000 Sb.', 'constitutional_act'],
    ['Zákonné opatření předsednictva č. 7/2000 Sb.', 'statutory_measure'],
    ['Vyhláška Ministerstva financí č. 7/2000 Sb.', 'decree'],
    ['Nařízení vlády č. 7/2000 Sb.', 'government_regulation'],
    ['Sdělení Ministerstva zahraničních věcí č. 7/2000 Sb.', 'communication'],
    ['Opatření Předsednictva č. 7/2000 Sb.', 'measure'],
    ['Usnesení předsednictva č. 7/2000 Sb.', 'resolution'],
  ])('doc_type from the citation: %s → %s', (citation, docType) => {
    expect(mapFrontMatter({ title: 'T', full_citation: citation }, identity, 'T').meta.docType).toBe(docType);
  });

  it.each([
    ['AKTUALNI', 'in_force'],
    ['MINULE', 'no_longer_in_force'],
    ['MINULE_NEUCINNE', 'never_in_force'],
    ['MINULE_CASTECNE_UCINNE', 'no_longer_in_force'],
    ['AKTUALNI_CASTECNE_UCINNE', 'partially_in_force'],
    ['VYHLASENE', 'not_yet_in_force'],
  ])('status from version_type %s → %s', (versionType, status) => {
    expect(mapFrontMatter({ title: 'T', version_type: versionType }, identity, 'T').meta.status).toBe(status);
  });

  it('undated (…/0000-00-00), invalid dates and missing fields: null or a fallback, and said so', () => {
    const r = mapFrontMatter(
      { source: 'https://e-sbirka.gov.cz/eli/cz/sb/2000/7/0000-00-00', publication_date: '2000-02-30', version_type: 'ODD' },
      identity,
      'From the subject',
    );
    expect(r.undated).toBe(true);
    expect(r.meta).toMatchObject({
      currentVersionFrom: null,
      published: null,
      title: 'From the subject',
      docNumber: '7/2000 Sb.',
      status: 'in_force',
    });
    for (const field of ['title', 'official_code', 'version_type', 'publication_date']) {
      expect(r.problems.some((p) => p.startsWith(`${field}:`))).toBe(true);
    }
  });
});

describe('amendingActs', () => {
  it('only the acts the longer citation adds to the plain one', () => {
    const plain = 'Zákon č. 234/1992 Sb., kterým se mění zákon č. 94/1963 Sb., o rodině, ve znění zákona č. 132/1982 Sb.';
    expect(amendingActs(plain, plain, 'sb/1992/234')).toEqual([]);
    expect(amendingActs(plain, `${plain} ve znění zákona č. 5/1995 Sb. a zákona č. 6/1996 Sb.`, 'sb/1992/234')).toEqual([
      'sb/1995/5',
      'sb/1996/6',
    ]);
  });

  it('nothing when the longer citation does not extend the plain one, and notices (n15/1993) are not acts', () => {
    expect(amendingActs('Zákon č. 1/1990 Sb., o A', 'Zákon č. 1/1990 Sb., o B ve znění zákona č. 2/2007 Sb.', 'sb/1990/1')).toEqual([]);
    expect(amendingActs('Z', 'Z ve znění opatření č. n15/1993 Sb. a zákona č. 44/1994 Sb.', 'sb/1992/119')).toEqual(['sb/1994/44']);
  });

  it('every act of the front matter amendments field, beside the citation list, once each', () => {
    const plain = 'Zákon č. 262/2006 Sb., zákoník práce';
    const field = '220/2025 Sb.; 267/2025 Sb.; 300/2025 Sb.; 318/2025 Sb.';
    expect(amendingActs(plain, plain, 'sb/2006/262', field)).toEqual(['sb/2025/220', 'sb/2025/267', 'sb/2025/300', 'sb/2025/318']);
    expect(amendingActs(plain, `${plain} ve znění zákona č. 220/2025 Sb.`, 'sb/2006/262', '220/2025 Sb.; 262/2006 Sb.')).toEqual([
      'sb/2025/220',
    ]);
  });
});

describe('deriveTextRelations', () => {
  const text = [
    'Podle zákona č. 12/1999 Sb. a sdělení č. 34/2005 Sb. m. s. a zákona č 7/1998 Sb.',
    '',
    'Zrušuje se vyhláška Ministerstva financí č. 3/1980 Sb., o něčem.',
    '',
    'Zrušují se:',
    '',
    '- 1. Zákon č. 40/1964 Sb., občanský zákoník.',
    '',
    '- 2. § 33 zákona č. 87/1991 Sb., o mimosoudních rehabilitacích.',
    '',
    '- 3. nařízení vlády č. 5/1990 Sb.',
    '',
    'Tento zákon č. 7/2000 Sb. nabývá účinnosti.',
  ].join('\n');

  it('repeals: single and listed whole documents, with evidence; not parts of documents', () => {
    const repeals = deriveTextRelations(text, 'sb/2000/7').filter((r) => r.type === 'repeals');
    expect(repeals).toEqual([
      {
        type: 'repeals',
        target: 'sb/1980/3',
        targetDocNumber: '3/1980 Sb.',
        methods: ['text-pattern'],
        evidence: 'Zrušuje se vyhláška Ministerstva financí č. 3/1980 Sb.',
      },
      {
        type: 'repeals',
        target: 'sb/1964/40',
        targetDocNumber: '40/1964 Sb.',
        methods: ['text-pattern'],
        evidence: 'Zrušuje se: … 1. Zákon č. 40/1964 Sb.',
      },
      {
        type: 'repeals',
        target: 'sb/1990/5',
        targetDocNumber: '5/1990 Sb.',
        methods: ['text-pattern'],
        evidence: 'Zrušuje se: … 3. nařízení vlády č. 5/1990 Sb.',
      },
    ]);
  });

  it('repeals: none where the repeal keeps some units of the act (a partial repeal: vyhláška č. 149/1988 Sb., zákon č. 455/1991 Sb.)', () => {
    const partial = [
      'Zrušuje se zákon č. 32/1989 Sb., o poslancích, s výjimkou ustanovení § 8 a 9.',
      '',
      'Zrušují se:',
      '',
      '- 1. zákon č. 105/1990 Sb., o soukromém podnikání občanů, kromě § 12a až 12e,',
      '',
      '- 2. vyhláška č. 128/1975 Sb., kterou se provádí zákon o sociálním zabezpečení, s výjimkou § 132 až 134 a části páté;',
      '',
      '- 3. zákon č. 31/1989 Sb., o jednacím řádu, s výjimkou orgánů,',
    ].join('\n');
    const repeals = deriveTextRelations(partial, 'sb/1991/455').filter((r) => r.type === 'repeals');
    expect(repeals.map((r) => r.target)).toEqual(['sb/1989/31']);
  });

  it('cites: every "č. N/YYYY Sb." but itself, the treaty collection and "č" without a dot', () => {
    const cites = deriveTextRelations(text, 'sb/2000/7')
      .filter((r) => r.type === 'cites')
      .map((r) => r.target);
    expect(cites).toEqual(['sb/1999/12', 'sb/1980/3', 'sb/1964/40', 'sb/1991/87', 'sb/1990/5']);
  });
});

describe('extractSections', () => {
  it('headings with level, label (160 characters at most) and offset', () => {
    const long = 'A'.repeat(200);
    expect(extractSections(`# Title\n\n## ČÁST PRVNÍ\n\ntext\n\n##### § 1 #\n\n#### ${long}\n`)).toEqual([
      { level: 1, label: 'Title', offset: 0 },
      { level: 2, label: 'ČÁST PRVNÍ', offset: 9 },
      { level: 5, label: '§ 1', offset: 30 },
      { level: 4, label: 'A'.repeat(160), offset: 43 },
    ]);
  });
});
