// Shared shapes of the git source sync (#13). Types only; the functions live one per file.

/** One file a commit touched, as `git log --raw` reports it. */
export interface CommitFile {
  /** A (added), M (modified), D (deleted), R/C (renamed/copied, with a score), T (type change). */
  status: string;
  path: string;
  /** The file's blob after the commit (all zeros for a deletion). */
  blob: string;
}

/** A commit's metadata; texts are read separately, by blob id, when they are needed. */
export interface SourceCommit {
  sha: string;
  /** Author date, ISO 8601 as git prints it (the legal date of the version; 1970-01-02 before 1970). */
  authorDate: string;
  message: string;
  files: CommitFile[];
}

/** What a commit message says about the version it records. */
export interface CommitInfo {
  /** `bootstrap` or `reform` (the subject's tag); null without a tag. */
  kind: string | null;
  subject: string;
  /** Trailers and body fields, last occurrence wins (`Source-Id`, `Source-Date`, `Norm-Id`, `Source`, …). */
  trailers: Record<string, string>;
}

/** One warning of a sync: what happened to which file in which commit. */
export interface SyncWarning {
  code:
    | 'undated_version'
    | 'future_dated_version'
    | 'missing_blob'
    | 'malformed_file'
    | 'invalid_field'
    | 'skipped_version'
    | 'ignored_file'
    | 'text_mismatch'
    | 'document_failed';
  path: string;
  commit: string;
  message: string;
}
