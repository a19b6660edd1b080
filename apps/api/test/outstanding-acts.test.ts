import {
  citesOfText,
  effectReachesProvision,
  needsCites,
  outstandingActs,
  presentOutstandingAct,
  provisionReach,
  provisionStatus,
  reaches,
  type AmendingAct,
  type Effect,
} from '../src/legal/documents/amendments';
import type { VersionMeta } from '../src/legal/documents/load';
import { ProvisionIndex } from '../src/legal/documents/provision-index';
import { statusOf } from '../src/legal/documents/provisions';
import { buildProvisionTree } from '@dp/db';

// The act as enacted (text of 2007-01-01), amended since by one act whose points were read and by
// one whose text in the source is its title only (read as one effect naming no point and no place).
const original: VersionMeta = {
  version: 1,
  validFrom: new Date('2007-01-01'),
  validTo: null,
  kind: 'bootstrap',
  amendedBy: null,
  amendedByKey: null,
  textSha256: null,
  textChars: 100,
  hasText: true,
  textIsCurrent: false,
  textOmitted: null,
  validFromInferredFrom: null,
  textAsOf: new Date('2007-01-01'),
  textSource: 'source',
  failed: [],
  hasTree: true,
};

const act = (naturalKey: string, effectiveFrom: string): AmendingAct => ({
  naturalKey,
  id: naturalKey,
  docNumber: null,
  title: null,
  effectiveFrom,
  methods: ['source-text'],
});

const effect = (amendingKey: string, effectiveFrom: string, point: string | null, targets: string[]): Effect => ({
  amendingKey,
  ordinal: 1,
  point,
  part: null,
  article: null,
  effectiveFrom,
  dateBasis: null,
  kinds: point === null ? ['unsupported'] : ['replace_words'],
  targets,
  instruction:
    point === null ? 'Zákon, kterým se mění zákon č. 262/2006 Sb., zákoník práce' : 'V § 75 se číslo „150“ nahrazuje číslem „300“.',
});

describe('the outstanding amending acts of a document read', () => {
  const amendments = {
    acts: [act('sb/2011/365', '2012-01-01'), act('sb/2013/1', '2013-07-01'), act('sb/2014/2', '2014-01-01')],
    effects: [
      effect('sb/2011/365', '2012-01-01', '1', ['par_75']),
      effect('sb/2013/1', '2013-07-01', null, []),
      effect('sb/2014/2', '2014-01-01', null, ['par_203']),
    ],
  };

  it('says what an act read from its title alone changes is unknown, unless the title names the place', () => {
    const listed = outstandingActs(amendments, original, '2026-11-28', [original]).map((o) =>
      presentOutstandingAct(o, 'sb/2006/262', '2026-11-28'),
    );
    expect(listed.map((o) => [o.natural_key, o.effects_known, o.points])).toEqual([
      ['sb/2011/365', true, 1],
      ['sb/2013/1', false, 0],
      ['sb/2014/2', true, 1],
    ]);
  });
});

describe('a provision read of an act repealed whole (#35 item 4, h-recall3)', () => {
  // Vyhláška č. 149/1988 Sb., § 35 bod 4: "vyhláška … č. 128/1975 Sb., …, s výjimkou § 132 až 134,
  // § 139, části páté a přílohy č. 2" is repealed; its provisions are no longer the day's law.
  const repeal: Effect = {
    ...effect('sb/1988/149', '1988-10-01', null, ['*whole', '!par_132', '!par_133', '!par_134', '!par_139', '!cast_5', '!priloha_2']),
    kinds: ['repeal'],
    instruction: 'Předpis se zrušuje s výjimkou § 132 až 134, § 139, části páté a přílohy č. 2.',
  };

  it('flags every provision but the units the repeal keeps and what they hold', () => {
    expect(provisionStatus('par_1/odst_2', [], true, [repeal]).status).toBe('amended_not_in_source');
    expect(provisionStatus('par_140', ['cast_4'], true, [repeal]).status).toBe('amended_not_in_source');
    expect(provisionStatus('par_133', [], true, [repeal]).status).toBe('current');
    expect(provisionStatus('par_145a', ['cast_5'], true, [repeal]).status).toBe('current');
    // A repeal makes no provision: one the text lacks is not "made by an amendment".
    expect(provisionStatus('par_999', [], false, [repeal]).status).toBe('current');
  });

  it('flags a § inserted between a repealed range’s ends (vyhláška č. 16/2012 Sb.: "§ 9 až 20 … se zrušují")', () => {
    const range: Effect = { ...effect('sb/2012/16', '2012-02-01', '3', ['par_9', 'par_10', 'par_20', 'par_9..par_20']), kinds: ['repeal'] };
    expect(provisionStatus('par_11a', [], true, [range]).status).toBe('amended_not_in_source');
    expect(provisionStatus('par_20a', [], true, [range]).status).toBe('current');
  });
});

describe('a provision read of a provision citing a footnote renumbered (#35 item 4, h-recall6)', () => {
  // Zákon č. 1/2002 Sb., čl. I bod 12, on zákon č. 13/1993 Sb.: "Dosavadní poznámky pod čarou
  // č. 3a), 3b) a 3c) se označují jako poznámky č. 3d), 3e) a 3f), včetně odkazů na poznámku pod čarou."
  const renumber: Effect = {
    ...effect('sb/2002/1', '2002-07-01', '12', ['fn_3a', 'fn_3d', '^fn_3a', '^fn_3d']),
    kinds: ['renumber'],
  };

  it('flags the provisions whose text cites the footnote, not the others', () => {
    const cites = citesOfText('(3) … poskytnuty pouze tehdy, je-li to nezbytné pro plnění jejich úkolů.^3a)');
    expect(cites).toEqual(['fn_3a']);
    expect(provisionStatus('par_5/odst_3', [], true, [renumber], cites).status).toBe('amended_not_in_source');
    expect(provisionStatus('par_5/odst_2', [], true, [renumber], citesOfText('(2) Text citing another.^2)')).status).toBe('current');
    // Without the text the read cannot tell: the mark's target reaches nothing.
    expect(provisionStatus('par_5/odst_3', [], true, [renumber]).status).toBe('current');
    expect(needsCites([renumber])).toBe(true);
    expect(needsCites([{ ...renumber, targets: ['fn_3a'] }])).toBe(false);
  });
});

describe('a provision read of a container whose §§ are repealed, and of a písmeno named without its odstavec (#35 item 4, h-recall11)', () => {
  it('flags a část every § of which an outstanding repeal reaches, with the repeal ("§ 22 až 146a … se zrušují", zákon č. 362/2003 Sb. on zákon č. 154/1994 Sb.)', () => {
    const range: Effect = { ...effect('sb/2003/362', '2004-01-01', '5', ['par_22', 'par_146a', 'par_22..par_146a']), kinds: ['repeal'] };
    const members = [
      { id: 'par_22', ancestors: ['cast_4', 'cast_4/hlava_1'] },
      { id: 'par_146a', ancestors: ['cast_4', 'cast_4/hlava_2'] },
    ];
    const read = provisionStatus('cast_4', [], true, [range], [], { members: () => members });
    expect(read.status).toBe('amended_not_in_source');
    expect(read.effects).toEqual([range]);
    expect(provisionStatus('cast_4', [], true, [range]).status).toBe('current');
    // A § of the část outside the range: the část stays.
    const more = [...members, { id: 'par_147', ancestors: ['cast_4', 'cast_4/hlava_2'] }];
    expect(provisionStatus('cast_4', [], true, [range], [], { members: () => more }).status).toBe('current');
  });

  it('flags the písmeno of the one odstavec that holds it ("V § 2 se písmena g) až i) zrušují", zákon č. 238/2012 Sb. on zákon č. 634/1992 Sb.)', () => {
    const letters: Effect = {
      ...effect('sb/2012/238', '2013-01-01', '1', ['par_2/pism_g', 'par_2/pism_h', 'par_2/pism_i']),
      kinds: ['repeal'],
    };
    const place = (t: string) => (t.startsWith('par_2/pism_') ? t.replace('par_2/', 'par_2/odst_1/') : null);
    expect(provisionStatus('par_2/odst_1/pism_h', [], true, [letters], [], { place }).status).toBe('amended_not_in_source');
    expect(provisionStatus('par_2/odst_1/pism_f', [], true, [letters], [], { place }).status).toBe('current');
    expect(provisionStatus('par_2/odst_1/pism_h', [], true, [letters]).status).toBe('current');
  });
});

describe('the statuses of a read over the text tree (#35 item 4, h-recall11)', () => {
  const text = [
    '# Zákon',
    '',
    '## ČÁST PRVNÍ',
    '',
    '##### § 2',
    '',
    '(1) Daň platí',
    '',
    '- g) první,',
    '',
    '- h) druhý.',
    '',
    '(2) Text.',
    '',
    '## ČÁST ČTVRTÁ',
    '',
    '### HLAVA I',
    '',
    '##### § 22',
    '',
    'Text.',
    '',
    '### HLAVA II',
    '',
    '##### § 23',
    '',
    'Text.',
    '',
  ].join('\n');
  const index = new ProvisionIndex(buildProvisionTree(text));
  const node = (id: string) => index.get(id)!;

  it('flags a část whose §§ a repeal reaches, and a písmeno named without its odstavec, from the tree', () => {
    const range: Effect = { ...effect('sb/2003/362', '2004-01-01', '5', ['par_22', 'par_23', 'par_22..par_23']), kinds: ['repeal'] };
    expect(statusOf(index, node('cast_4'), [range])).toBe('amended_not_in_source');
    expect(statusOf(index, node('cast_4/hlava_2'), [range])).toBe('amended_not_in_source');
    expect(statusOf(index, node('cast_1'), [range])).toBe('current');
    const letter: Effect = { ...effect('sb/2012/238', '2013-01-01', '1', ['par_2/pism_h']), kinds: ['repeal'] };
    expect(statusOf(index, node('par_2/odst_1/pism_h'), [letter])).toBe('amended_not_in_source');
    expect(statusOf(index, node('par_2/odst_1/pism_g'), [letter])).toBe('current');
  });

  it('asks the effects up to the first reaching the provision, not every one after it (#37 item 6, h-speed17)', () => {
    // The repeal of § 22 first, then many effects on other §§ and one more on § 22.
    const effects: Effect[] = [
      { ...effect('sb/2003/362', '2004-01-01', '1', ['par_22']), kinds: ['repeal'] },
      ...Array.from({ length: 20 }, (_, i) => effect('sb/2004/1', '2005-01-01', String(i + 2), [`par_${100 + i}`])),
      effect('sb/2005/1', '2006-01-01', '1', ['par_22']),
    ];
    const asked: Effect[] = [];
    const counted = effects.map((e) => ({
      ...e,
      get targets() {
        asked.push(e);
        return e.targets;
      },
    }));
    for (const [id, status, reads] of [
      ['par_22', 'amended_not_in_source', 1],
      ['par_23', 'current', effects.length],
    ] as const) {
      expect(statusOf(index, node(id), effects)).toBe(status);
      asked.length = 0;
      expect(statusOf(index, node(id), counted)).toBe(status);
      // The effects asked: reached, the first only; not reached, every one.
      expect(new Set(asked).size).toBe(reads);
    }
  });
});

describe('a provision reached by the targets of many effects (#37 item 6, h-speed9)', () => {
  it('a unit inside a target, or holding it, reaches it; one whose id only begins like it does not', () => {
    expect(reaches('par_1', 'par_1/odst_2', [])).toBe(true);
    expect(reaches('par_1/odst_2', 'par_1', [])).toBe(true);
    expect(reaches('par_1', 'par_10', [])).toBe(false);
    expect(reaches('par_10', 'par_1', [])).toBe(false);
    expect(reaches('par_1', 'par_1', [])).toBe(true);
    expect(reaches('cast_2', 'par_7', ['cast_2'])).toBe(true);
  });

  it('one reach of a provision answers as effectReachesProvision for every list of targets, each asked again', () => {
    const lists = [
      ['par_1'],
      ['par_10/odst_2'],
      ['*whole', '!par_1', '!cast_5'],
      ['hlava_3'],
      ['cast_1/hlava_3/par_7'],
      ['par_9..par_20'],
      ['^fn_3a'],
      ['priloha_2'],
    ];
    const provisions: [string, string[], string[]][] = [
      ['par_1', [], []],
      ['par_10/odst_2/pism_a', ['cast_1/hlava_3', 'cast_1'], []],
      ['par_11a', [], ['fn_3a']],
      ['par_7', ['cast_1/hlava_3', 'cast_1'], []],
      ['par_145', ['cast_5'], []],
    ];
    for (const [provision, ancestors, cites] of provisions) {
      const reach = provisionReach(provision, ancestors, cites);
      for (const targets of [...lists, ...lists])
        expect([provision, targets, reach(targets)]).toEqual([
          provision,
          targets,
          effectReachesProvision(targets, provision, ancestors, cites),
        ]);
    }
    // The same lists (their folded forms kept per list) still answer for each provision asked.
    expect(provisionReach('par_2', [])(lists[2])).toBe(true);
    expect(provisionReach('par_1/odst_1', [])(lists[2])).toBe(false);
  });
});

describe('a provision read under a change throughout the text (#35 item 4, h-recall16)', () => {
  // Zákon č. 223/1999 Sb., bod 1, on zákon č. 140/1961 Sb.: "Ve všech ustanoveních trestního zákona se
  // slova „za branné pohotovosti státu“ nahrazují slovy „za stavu ohrožení státu nebo za válečného stavu“."
  const everywhere: Effect = {
    ...effect('sb/1999/223', '1999-12-01', '1', ['*']),
    kinds: ['replace_words'],
    instruction:
      'Ve všech ustanoveních trestního zákona se slova „za branné pohotovosti státu“ nahrazují slovy „za stavu ohrožení státu nebo za válečného stavu“.',
  };

  it('flags the provisions whose text holds the words, not the others', () => {
    const holding = '(2) Odnětím svobody … bude pachatel potrestán, spáchá-li čin uvedený v odstavci 1 za branné pohotovosti státu.';
    expect(provisionStatus('par_105/odst_2', [], true, [everywhere], [], { text: holding }).status).toBe('amended_not_in_source');
    expect(provisionStatus('par_105/odst_1', [], true, [everywhere], [], { text: '(1) Kdo vyzradí …' }).status).toBe('current');
    // Without the text the read cannot tell: the target reaches nothing, and the caller is told to load it.
    expect(provisionStatus('par_105/odst_2', [], true, [everywhere]).status).toBe('current');
    expect(needsCites([everywhere])).toBe(true);
  });
});
