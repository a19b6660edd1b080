import { parseIsoDate, type DocType, type EffStatus } from '@dp/core';
import { amendingActs } from './amending-acts';
import type { DocumentIdentity } from './document-identity';

/** The document-level fields a file's front matter gives (the corpus record's, minus text and derived parts). */
export interface DocumentMeta {
  title: string;
  docNumber: string;
  eli: string | null;
  citation: string | null;
  docType: DocType;
  docTypeSource: Record<string, string> | null;
  isAmendingAct: boolean;
  published: string | null;
  effectiveFrom: string | null;
  /** The date of the version this file is (the `source` URL's last segment); null when undated. */
  currentVersionFrom: string | null;
  lastUpdated: string | null;
  status: EffStatus;
  sourceVersionType: string | null;
  neverEffective: boolean;
  gazette: Record<string, string> | null;
  sourceUrl: string | null;
  /** Natural keys of the acts named in the "ve znění …" list. */
  amendingActs: string[];
}

export interface MappedMeta {
  meta: DocumentMeta;
  /** Fields that were present but unusable, each with what was done instead. */
  problems: string[];
  /** The version date is not stated (`…/0000-00-00`). */
  undated: boolean;
}

// The act's kind is how its citation starts; the longer prefixes first.
const KIND_BY_CITATION: [RegExp, DocType][] = [
  [/^Ústavní zákon/, 'constitutional_act'],
  [/^Zákonné opatření/, 'statutory_measure'],
  [/^Zákon/, 'act'],
  [/^Vyhláška/, 'decree'],
  [/^Nařízení vlády/, 'government_regulation'],
  [/^Sdělení/, 'communication'],
  [/^Opatření/, 'measure'],
  [/^Usnesení/, 'resolution'],
];
// Otherwise the e-Sbírka template names the kind.
const KIND_BY_TEMPLATE: [RegExp, DocType][] = [
  [/ZAKON_UST/, 'constitutional_act'],
  [/ZAK_OPAT/, 'statutory_measure'],
  [/NAR_VLADY/, 'government_regulation'],
  [/VYHLASKA/, 'decree'],
  [/ZAKON/, 'act'],
];

const STATUS_BY_VERSION_TYPE: Record<string, EffStatus> = {
  AKTUALNI: 'in_force',
  AKTUALNI_CASTECNE_UCINNE: 'partially_in_force',
  MINULE: 'no_longer_in_force',
  // a past version that was only partly in force is still a past version
  MINULE_CASTECNE_UCINNE: 'no_longer_in_force',
  MINULE_NEUCINNE: 'never_in_force',
  // announced (published), not yet in force
  VYHLASENE: 'not_yet_in_force',
  BUDOUCI: 'not_yet_in_force',
};

const AMENDING_KINDS = new Set(['CISTNOV', 'SMISNOV']);

/**
 * Maps a file's front matter to document fields as the corpus sample did: kind from the citation,
 * status from e-Sbírka's `version_type`, the version date from the `source` URL. Never throws:
 * a missing or invalid field becomes null (or the fallback named in `problems`).
 */
export function mapFrontMatter(fields: Record<string, string>, identity: DocumentIdentity, fallbackTitle: string): MappedMeta {
  const problems: string[] = [];
  const text = (key: string): string | null => {
    const v = fields[key]?.trim();
    return v ? v : null;
  };
  const date = (key: string): string | null => {
    const v = text(key);
    if (v === null) return null;
    if (parseIsoDate(v)) return v;
    problems.push(`${key}: not a date (${v.slice(0, 40)}); stored as null`);
    return null;
  };
  const bool = (key: string): boolean => text(key)?.toLowerCase() === 'true';

  let title = text('title');
  if (!title) {
    title = fallbackTitle;
    problems.push(`title: missing; taken from the commit subject`);
  }
  let docNumber = text('official_code');
  if (!docNumber) {
    docNumber = identity.docNumber;
    problems.push('official_code: missing; taken from the file name');
  }
  if (text('identifier') && text('identifier') !== identity.id) {
    problems.push(`identifier: ${text('identifier')} differs from the file name; the file name wins`);
  }
  const citation = text('full_citation');
  const template = text('hierarchy_template') ?? '';
  const docType =
    KIND_BY_CITATION.find(([re]) => re.test(citation ?? ''))?.[1] ?? KIND_BY_TEMPLATE.find(([re]) => re.test(template))?.[1] ?? 'other';

  const versionType = text('version_type');
  let status: EffStatus = versionType ? (STATUS_BY_VERSION_TYPE[versionType] ?? 'in_force') : 'in_force';
  if (versionType && !STATUS_BY_VERSION_TYPE[versionType]) {
    status = bool('never_effective') ? 'never_in_force' : 'in_force';
    problems.push(`version_type: unknown value ${versionType}; status taken as ${status}`);
  }

  const sourceUrl = text('source');
  const urlDate = sourceUrl ? (/\/(\d{4}-\d{2}-\d{2})\/?$/.exec(sourceUrl)?.[1] ?? null) : null;
  const undated = urlDate === '0000-00-00';
  const currentVersionFrom = urlDate && parseIsoDate(urlDate) ? urlDate : null;

  const eliRaw = text('eli');
  const eli = eliRaw ? eliRaw.replace(/\/(\d{4}-\d{2}-\d{2})\/?$/, '') : null;
  const issue = text('gazette_issue_number');
  const year = text('gazette_issue_year');
  const docTypeSource: Record<string, string> = {};
  for (const key of ['rank', 'legal_act_kind_code', 'act_type_code', 'hierarchy_template']) {
    const v = text(key);
    if (v) docTypeSource[key] = v;
  }

  return {
    meta: {
      title,
      docNumber,
      eli,
      citation,
      docType,
      docTypeSource: Object.keys(docTypeSource).length ? docTypeSource : null,
      isAmendingAct: AMENDING_KINDS.has(text('legal_act_kind_code') ?? ''),
      published: date('publication_date'),
      effectiveFrom: date('effectiveness_date'),
      currentVersionFrom,
      lastUpdated: date('last_updated'),
      status,
      sourceVersionType: versionType,
      neverEffective: bool('never_effective'),
      gazette: issue || year ? { issue: issue ?? '', year: year ?? '' } : null,
      sourceUrl,
      amendingActs: amendingActs(
        citation ?? undefined,
        text('full_citation_with_amendments') ?? undefined,
        identity.naturalKey,
        text('amendments') ?? undefined,
      ),
    },
    problems,
    undated,
  };
}
