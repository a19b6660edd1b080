import type { DocType, EffStatus } from '@dp/core';
import type { CorpusRecordInput } from '@dp/db';

type SourceVersion = CorpusRecordInput['versions'][number];
/** A version as a test writes it: `valid_from_inferred_from` is the importer's to set (absent: null). */
export type TestVersion = Omit<SourceVersion, 'valid_from_inferred_from'> & Partial<Pick<SourceVersion, 'valid_from_inferred_from'>>;
/** A corpus record as a test writes it (corpus format: defaults may be left out). */
export type TestRecordInput = Omit<CorpusRecordInput, 'versions'> & { versions: TestVersion[] };
type TestRelation = NonNullable<TestRecordInput['relations']>[number];

export interface TestRecordOptions {
  /** Default `Zákon <n>/<year>`. */
  title?: string;
  /** Default: the title as a heading and one `§ 1`. */
  text?: string;
  docType?: DocType;
  status?: EffStatus;
  /** The citation line; none unless given. */
  citation?: string | null;
  amending?: boolean;
  /** The day it was published; default `<year>-01-10` (null: unknown). */
  published?: string | null;
  /** The first version's start (default `<year>-02-01`); given, it is `dates.effective_from` too. */
  from?: string;
  /** Merged into the one default version (kind `original`, open-ended); ignored with `versions`. */
  version?: Partial<TestVersion>;
  versions?: TestVersion[];
  /** Merged over the dates the options above give. */
  dates?: Partial<TestRecordInput['dates']>;
  /** Merged over `{ status }`. */
  effectivity?: Partial<TestRecordInput['effectivity']>;
  relations?: TestRelation[];
  sections?: TestRecordInput['sections'];
}

const KEY = /^([a-z]+)\/(\d{4})\/(\d+)$/;

/** `sb/2006/262` → its year and number (throws on anything else: a test's typo shows at once). */
export function keyParts(naturalKey: string): { collection: string; year: string; number: string } {
  const m = KEY.exec(naturalKey);
  if (!m) throw new Error(`not a natural key like sb/2006/262: ${naturalKey}`);
  return { collection: m[1], year: m[2], number: m[3] };
}

/** The collection's number of a document, `262/2006 Sb.`. */
export const docNumberOf = (naturalKey: string): string => {
  const { year, number } = keyParts(naturalKey);
  return `${number}/${year} Sb.`;
};

/**
 * One corpus record for a test, from its natural key and only what the test is about; imported
 * through the real importer by `importTestRecords` or `createTestDatabase({ records })`.
 */
export function testRecord(naturalKey: string, o: TestRecordOptions = {}): TestRecordInput {
  const { year, number } = keyParts(naturalKey);
  const title = o.title ?? `Zákon ${number}/${year}`;
  return {
    id: `SB-${year}-${number}`,
    natural_key: naturalKey,
    doc_number: docNumberOf(naturalKey),
    title,
    citation: o.citation ?? null,
    doc_type: o.docType ?? 'act',
    is_amending_act: o.amending ?? false,
    dates: {
      published: o.published === undefined ? `${year}-01-10` : o.published,
      ...(o.from ? { effective_from: o.from } : {}),
      ...o.dates,
    },
    effectivity: { status: o.status ?? 'in_force', ...o.effectivity },
    text: o.text ?? `# ${title}\n\n##### § 1\n\nTento předpis upravuje věci.\n`,
    versions: o.versions ?? [{ version: 1, valid_from: o.from ?? `${year}-02-01`, valid_to: null, kind: 'original', ...o.version }],
    relations: o.relations ?? [],
    ...(o.sections ? { sections: o.sections } : {}),
  };
}

/** A `cites` relation to another document (by natural key). */
export const cites = (target: string): TestRelation => ({ type: 'cites', target, target_doc_number: docNumberOf(target) });
