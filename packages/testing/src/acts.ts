import { createHash } from 'node:crypto';
import { docNumberOf, testRecord, type TestRecordInput, type TestVersion } from './records';

/**
 * Act texts for tests, written as the upstream repository writes them (a `#` title, `## ČÁST …`
 * parts, `##### § N` units with an optional `#### heading`, paragraphs between blank lines), so
 * the tests of the parser, the sync, the reads and the search share one way to write an act.
 */

/** One unit of an act: its label (`§ 52`, `Čl. I`), an optional heading and its paragraphs. */
export interface UnitSpec {
  label: string;
  heading?: string;
  /** Paragraphs, each followed by a blank line; a paragraph may hold lines of its own (`'- a) …\n- b) …'`). */
  body: string[];
}

const PART_ORDINALS = ['PRVNÍ', 'DRUHÁ', 'TŘETÍ', 'ČTVRTÁ', 'PÁTÁ', 'ŠESTÁ', 'SEDMÁ', 'OSMÁ', 'DEVÁTÁ', 'DESÁTÁ'];

/** `## ČÁST PRVNÍ` … for the n-th part (1-based). */
export function partHeading(n: number): string {
  const ordinal = PART_ORDINALS[n - 1];
  if (!ordinal) throw new Error(`no ordinal for part ${n}`);
  return `## ČÁST ${ordinal}`;
}

const unitLines = (u: UnitSpec): string[] => [
  `##### ${u.label}`,
  '',
  ...(u.heading ? [`#### ${u.heading}`, ''] : []),
  ...u.body.flatMap((p) => [p, '']),
];

/** An act's text: its title, then its units; `part` puts them under one `## ČÁST …` heading (with its title, `partTitle`). */
export function actText(title: string, units: UnitSpec[], o: { part?: number; partTitle?: string } = {}): string {
  const part = o.part ? [partHeading(o.part), '', ...(o.partTitle ? [`#### ${o.partTitle}`, ''] : [])] : [];
  return [`# ${title}`, '', ...part, ...units.flatMap(unitLines)].join('\n');
}

/** One amended act's block of an amending act: its článek, the intro naming the act and the numbered points. */
export interface AmendmentBlock {
  /** The článek's number as written (`I`, `II`). */
  article: string;
  /** The part's heading in an act of parts (`Změna zákoníku práce`). */
  heading?: string;
  /** `Zákon č. 262/2006 Sb., zákoník práce, se mění takto:` or a single instruction sentence. */
  intro: string;
  /** The points, numbered `- 1.` … in order; a point's text may carry its payload after a blank line. */
  points?: string[];
}

/**
 * An amending act's text: its blocks, then its účinnost sentence in a článek of its own. With
 * `parts`, every block and the účinnost article stand in `## ČÁST …` parts, the last one headed
 * `ÚČINNOST`, as omnibus acts are written.
 */
export function amendingActText(
  title: string,
  blocks: AmendmentBlock[],
  effective: { article: string; sentence: string },
  o: { parts?: boolean } = {},
): string {
  const part = (n: number, heading: string | undefined) =>
    o.parts ? [partHeading(n), '', ...(heading ? [`#### ${heading}`, ''] : [])] : [];
  const lines = [`# ${title}`, ''];
  blocks.forEach((b, i) => {
    lines.push(...part(i + 1, b.heading), `##### Čl. ${b.article}`, '', b.intro, '');
    (b.points ?? []).forEach((p, j) => lines.push(`- ${j + 1}. ${p}`, ''));
  });
  lines.push(...part(blocks.length + 1, 'ÚČINNOST'), `##### Čl. ${effective.article}`, '', effective.sentence, '');
  return lines.join('\n');
}

/** `Tento zákon nabývá účinnosti dnem 1. ledna 2012.` */
export const effectiveOn = (day: string): string => `Tento zákon nabývá účinnosti dnem ${day}.`;

/**
 * An act the source holds as enacted only: one `bootstrap` version whose text is the record's,
 * marked current though its date is the act's first (the Labour Code's shape in the source).
 */
export function enactedOnlyRecord(
  naturalKey: string,
  o: { title: string; text: string; published: string; from: string; currentFrom?: string; amending?: boolean },
): TestRecordInput {
  return testRecord(naturalKey, {
    title: o.title,
    text: o.text,
    published: o.published,
    from: o.from,
    amending: o.amending,
    dates: o.currentFrom ? { current_version_from: o.currentFrom } : { current_version_from: o.from },
    version: { kind: 'bootstrap', text: null, text_is_current: true },
  });
}

/**
 * "Zákon o věci 5" as first enacted: a část, § 1 with a heading, odstavce and písmena, § 2 and § 3
 * (the provision trees' and reads' tests change it with `amendThingAct`).
 */
export const THING_ACT_V1 = actText(
  'Zákon o věci 5',
  [
    {
      label: '§ 1',
      heading: 'Předmět',
      body: ['(1) Tento zákon upravuje věci.', '(2) Věcí se rozumí', '- a) movitá věc,\n- b) nemovitá věc.'],
    },
    { label: '§ 2', body: ['Pojmy.'] },
    { label: '§ 3', body: ['Lhůta je 10 dní.'] },
  ],
  { part: 1 },
);

/** `THING_ACT_V1` amended: § 1 odst. 2 písm. b) changed, § 2 repealed (a stub), § 3 gone, § 4 added with `newSection`. */
export const amendThingAct = (newSection: string): string =>
  THING_ACT_V1.replace('- b) nemovitá věc.', '- b) nemovitá věc, a to i budoucí.')
    .replace('Pojmy.', '(zrušeno)')
    .replace('##### § 3\n\nLhůta je 10 dní.\n', `##### § 4\n\n${newSection}\n`);

/**
 * The JSONL record of a document whose versions are commits of a tiny repository, as the sample
 * writes it: each version with its source commit, hash and length; the newest is the record's
 * text (current), the older ones carry their text only where `keep` names them, else say it was
 * left out for size.
 */
export function repositoryHistoryRecord(
  naturalKey: string,
  o: { title: string; published: string; dates: string[]; texts: string[]; commits: string[]; keep?: number[] },
): TestRecordInput {
  const last = o.texts.length - 1;
  return testRecord(naturalKey, {
    title: o.title,
    text: o.texts[last],
    published: o.published,
    from: o.dates[0],
    dates: { current_version_from: o.dates[last] },
    versions: o.texts.map((t, i) => ({
      version: i + 1,
      valid_from: o.dates[i],
      valid_to: o.dates[i + 1] ?? null,
      kind: i === 0 ? 'bootstrap' : 'reform',
      source_commit: o.commits[i],
      text_sha256: createHash('sha256').update(t).digest('hex'),
      text_chars: t.length,
      text: o.keep?.includes(i) ? t : null,
      ...(i === last ? { text_is_current: true } : o.keep?.includes(i) ? {} : { text_omitted: 'size budget; text is in source_commit' }),
    })),
  });
}

/** The Labour Code (262/2006 Sb.) as enacted, cut to the units the truth and search tests read: § 52, § 75, § 76 (150 hours). */
export const LABOUR_CODE = {
  naturalKey: 'sb/2006/262',
  title: 'Zákon zákoník práce',
  par52: {
    label: '§ 52',
    body: ['Zaměstnavatel může dát zaměstnanci výpověď jen z tohoto důvodu:', '- g) porušuje-li zaměstnanec povinnosti.'],
  },
  par75: {
    label: '§ 75',
    heading: 'Prodloužení pracovní doby',
    body: ['Rozsah práce přesčas nesmí být větší než 150 hodin v kalendářním roce.'],
  },
  par76: { label: '§ 76', body: ['(1) Zaměstnanec smí konat nejvýše 150 hodin práce přesčas ročně.', '(2) Práce přesčas se vyrovná.'] },
} satisfies { naturalKey: string; title: string } & Record<`par${number}`, UnitSpec>;

/** The Labour Code's § 52 and § 76 in its část první, as the provision search tests index them. */
export const LABOUR_CODE_PART_ONE = actText(LABOUR_CODE.title, [LABOUR_CODE.par52, { ...LABOUR_CODE.par76, heading: 'Práce přesčas' }], {
  part: 1,
  partTitle: 'Skončení pracovního poměru',
});

/**
 * An act amending the Labour Code from 1. 1. 2012: point 1 the engine applies (§ 76, 150 → 300
 * hours: a rebuilt version), point 2 it cannot (its words are not in the text: § 52 stays amended
 * and not in the source).
 */
export const LABOUR_CODE_AMENDING_2012 = amendingActText(
  'Zákon, kterým se mění zákon č. 262/2006 Sb., zákoník práce',
  [
    {
      article: 'I',
      intro: 'Zákon č. 262/2006 Sb., zákoník práce, se mění takto:',
      points: [
        'V § 76 odst. 1 se číslo „150“ nahrazuje číslem „300“.',
        'V § 52 písm. g) se slova „hrubě porušuje“ nahrazují slovy „závažně porušuje“.',
      ],
    },
  ],
  { article: 'II', sentence: effectiveOn('1. ledna 2012') },
);

/** `LABOUR_CODE_AMENDING_2012`'s record: zákon č. 365/2011 Sb. as an amending act of the collection. */
export const labourCodeAmendingRecord = (): TestRecordInput =>
  enactedOnlyRecord('sb/2011/365', {
    title: 'Zákon, kterým se mění zákon č. 262/2006 Sb., zákoník práce',
    text: LABOUR_CODE_AMENDING_2012,
    published: '2011-12-06',
    from: '2012-01-01',
    amending: true,
  });

/** The Labour Code's record as the source holds it: one text, of 2007, labelled current (`enactedOnlyRecord`). */
export const labourCodeRecord = (text: string): TestRecordInput =>
  enactedOnlyRecord(LABOUR_CODE.naturalKey, {
    title: LABOUR_CODE.title,
    text,
    published: '2006-06-07',
    from: '2007-01-01',
    currentFrom: '2026-01-01',
  });

/** One version of `versionedRecord`: its first day, and what the record says of its text. */
export interface VersionSpec {
  from: string;
  /** The version's own text (older versions); the last version's text is the record's. */
  text?: string | null;
  /** The amending act's natural key (`sb/2011/365`), for every version after the first. */
  amendedBy?: string;
  /** Anything else the version carries (`text_omitted`, `source_date`, another `kind`). */
  extra?: Partial<TestVersion>;
}

/**
 * A document with a history: the first version `bootstrap`, each later one a `reform` by its
 * amending act, the last one current with the record's `text`.
 */
export function versionedRecord(
  naturalKey: string,
  o: { title: string; text: string; published: string; versions: VersionSpec[]; eli?: string },
): TestRecordInput {
  const last = o.versions.length - 1;
  return {
    ...testRecord(naturalKey, {
      title: o.title,
      text: o.text,
      published: o.published,
      from: o.versions[0].from,
      dates: { current_version_from: o.versions[last].from },
      versions: o.versions.map((v, i) => ({
        version: i + 1,
        valid_from: v.from,
        valid_to: o.versions[i + 1]?.from ?? null,
        kind: i === 0 ? 'bootstrap' : 'reform',
        ...(v.amendedBy ? { amended_by: docNumberOf(v.amendedBy), amended_by_key: v.amendedBy } : {}),
        text: i === last ? null : (v.text ?? null),
        ...(i === last ? { text_is_current: true } : {}),
        ...v.extra,
      })),
    }),
    ...(o.eli ? { eli: o.eli } : {}),
  };
}

/**
 * An omnibus act shaped like zákon č. 261/2007 Sb., o stabilizaci veřejných rozpočtů (#37): its
 * first part changes another act ("Změna zákona o dani z nemovitých věcí") and quotes that act's
 * § 6 with its heading, whose text is `rate`; its second part is its own (a článek under
 * `ownHeading`, when given).
 */
export function omnibusActText(rate: string, o: { ownHeading?: string } = {}): string {
  return [
    '# Zákon o stabilizaci veřejných rozpočtů',
    '',
    partHeading(1),
    '',
    '#### Změna zákona o dani z nemovitých věcí',
    '',
    '##### Čl. I',
    '',
    'Zákon o dani z nemovitých věcí se mění takto: § 6 zní:',
    '',
    '##### „§ 6',
    '',
    '#### Sazba daně z pozemků',
    '',
    `${rate}“.`,
    '',
    partHeading(2),
    '',
    '#### Stabilizace rozpočtů',
    '',
    '##### Čl. II',
    '',
    ...(o.ownHeading ? [`#### ${o.ownHeading}`, ''] : []),
    'Vláda předkládá rozpočet.',
    '',
  ].join('\n');
}
