import { createHash } from 'node:crypto';
import { parseIsoDate } from '@dp/core';
import type { ProvisionNode, ProvisionTree } from '../provisions/provision-tree';
import type { PrebuiltProvisions } from '../provisions/version-provisions';
import type { UnitChunks } from '../search/provision-index';
import { collectionCitation, type CollectionCitation } from '@dp/czech-law';
import type { DocumentIdentity } from './document-identity';
import { mapFrontMatter, type DocumentMeta } from './map-front-matter';
import { parseCommitMessage } from './parse-commit-message';
import { parseFrontMatter } from './parse-front-matter';
import type { SourceCommit, SyncWarning } from './types';

/** One version of a document, as a commit recorded it. */
export interface VersionInput {
  commit: string;
  validFrom: string;
  kind: string;
  /** The amending act of a `[reform]` version (its Source-Id), else null. */
  amendedBy: CollectionCitation | null;
  /** The act the commit's Source-Id names, whatever the kind (the amendment's version dates). */
  sourceAct: string | null;
  /** Null only when the blob is missing from the repository. */
  text: string | null;
  textSha256: string | null;
  textOmitted: string | null;
  /** Null when the file could not be read or has no usable front matter. */
  meta: DocumentMeta | null;
  /** The date of the file's source URL (core's textAsOf); null when unreadable or undated. */
  sourceDate: string | null;
  /** The text's provision tree, when built ahead of the write (prepareDocument). */
  provisionTree?: ProvisionTree;
  /** The text's tree built, encoded and compared ahead of the write (buildDocument): not parsed again. */
  prebuilt?: PrebuiltProvisions;
  /** The § and článek headings of that tree, for the search aliases of the version that becomes current. */
  headings?: Pick<ProvisionNode, 'kind' | 'heading'>[];
  /** Its provision index units, computed (and serialised) ahead of the write for the version that becomes current. */
  units?: UnitChunks;
  /** The act's terms (actTerms) of the newest front matter's title and citation, computed with the units. */
  actTerms?: { title: string; citation: string | null; terms: string };
}

export interface BuiltVersion {
  version: VersionInput | null;
  warnings: SyncWarning[];
}

export const MISSING_BLOB_REASON = 'blob missing from the source repository';

const firstDate = (...values: (string | undefined)[]) =>
  values.find((v) => v !== undefined && parseIsoDate(v.trim()) !== null)?.trim() ?? null;

/** The title a commit subject gives: `[bootstrap] Zákon č. 1/2000 Sb. — versión original 2000` → `Zákon č. 1/2000 Sb.` */
function subjectTitle(subject: string): string {
  return subject
    .replace(/^\[[^\]]*\]\s*/, '')
    .replace(/\s+—\s+versión original.*$/, '')
    .trim();
}

/**
 * Turns one commit's file into a version: the date and amending act from the commit's trailers,
 * the text and metadata from the file. Untidy input never throws: each problem is a warning with
 * the path and commit, and the version keeps whatever is valid. Only a version without any usable
 * date is left out (a version must have a valid_from).
 */
export function buildVersion(
  commit: SourceCommit,
  path: string,
  blob: Buffer | null,
  identity: DocumentIdentity,
  today: string,
): BuiltVersion {
  const warnings: SyncWarning[] = [];
  const warn = (code: SyncWarning['code'], message: string) => warnings.push({ code, path, commit: commit.sha, message });
  const info = parseCommitMessage(commit.message);
  const t = info.trailers;

  // Source-Date is the version's legal date; author dates stop at 1970-01-02 for older versions.
  const authorDay = commit.authorDate.slice(0, 10);
  const validFrom = firstDate(t['Source-Date'], t['Fecha'], t['Date']) ?? (authorDay > '1970-01-02' ? firstDate(authorDay) : null);
  if (!validFrom) {
    warn('skipped_version', 'no usable version date (Source-Date trailer missing or invalid); version not imported');
    return { version: null, warnings };
  }
  if (validFrom > today) warn('future_dated_version', `version dated ${validFrom}, after today (${today}); imported as scheduled`);

  const kind = info.kind ?? 'reform';
  const sourceId = collectionCitation(t['Source-Id']);
  const version: VersionInput = {
    commit: commit.sha,
    validFrom,
    kind,
    amendedBy: kind === 'bootstrap' ? null : sourceId,
    sourceAct: sourceId?.naturalKey ?? null,
    text: null,
    textSha256: null,
    textOmitted: null,
    meta: null,
    sourceDate: null,
  };
  const trailerUrl = t['Source'] ?? t['Fuente'] ?? '';

  if (blob === null) {
    warn('missing_blob', 'the file is missing from the repository at this commit; version recorded without text');
    version.textOmitted = MISSING_BLOB_REASON;
    if (/\/0000-00-00\/?$/.test(trailerUrl))
      warn('undated_version', `source URL ${trailerUrl} has no version date; valid_from ${validFrom} is the Source-Date`);
    return { version, warnings };
  }

  const parsed = parseFrontMatter(blob.toString('utf8'));
  version.text = parsed.body;
  version.textSha256 = createHash('sha256').update(parsed.body).digest('hex');
  if (!parsed.ok) {
    warn('malformed_file', `${parsed.error}; the whole file is kept as the version's text, metadata unchanged`);
  } else {
    if (parsed.problems.length) warn('malformed_file', `front matter: ${parsed.problems.slice(0, 3).join('; ')}`);
    const mapped = mapFrontMatter(parsed.fields, identity, subjectTitle(info.subject) || identity.docNumber);
    if (mapped.problems.length) warn('invalid_field', mapped.problems.slice(0, 5).join('; '));
    if (mapped.undated || /\/0000-00-00\/?$/.test(trailerUrl)) {
      warn(
        'undated_version',
        `source URL ${mapped.meta.sourceUrl ?? trailerUrl} has no version date; valid_from ${validFrom} is the Source-Date`,
      );
    }
    version.meta = mapped.meta;
    version.sourceDate = mapped.meta.currentVersionFrom;
  }
  return { version, warnings };
}
