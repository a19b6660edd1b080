/**
 * The source's own history as test cases (#35, #36): every `[reform]` commit whose `Source-Id`
 * names an act of the collection gives (amended document, amending act, date, text before, text
 * after). Read through the sync's git readers only (one `git log`, one `ls-tree`).
 */
import { splitHalf, type Half } from '@dp/core';
import { collectionCitation, documentIdentity, parseCommitMessage, readCommitLog, runGit } from '@dp/db';

export interface ReformCase {
  commit: string;
  /** The version's legal date (`Source-Date`, else the author date), YYYY-MM-DD. */
  date: string;
  /** The amended document's file (`cz/SB-2008-253.md`) and natural key (`sb/2008/253`). */
  path: string;
  amendedKey: string;
  /** `splitHalf(amendedKey)`: every case of one document falls in one half. */
  half: Half;
  /** `Source-Id` as written (`111/2019 Sb.`) and the amending act's natural key. */
  sourceId: string;
  sourceKey: string;
  /** The amending act's file and its blob at the repository's head (null when the head lacks it). */
  sourcePath: string;
  sourceBlob: string | null;
  /** Every blob the amending act's file had, oldest first (the product reads all its texts). */
  sourceBlobs: string[];
  /** The amended file before the commit (null for a file the commit added) and after it. */
  beforeBlob: string | null;
  /** The legal date of the text before (its commit's `Source-Date`, else author date), null with no text before. */
  beforeDate: string | null;
  afterBlob: string;
  /** The amended file's blob at the repository's head (its front matter is the one the sync keeps). */
  headBlob: string | null;
}

export interface ReformCaseOptions {
  /** Only the cases of this half. */
  half?: Half;
  /** Only the cases of documents whose natural key this accepts. */
  documents?: (amendedKey: string) => boolean;
}

/** The head's blob of every document file (`cz/SB-2019-111.md` → blob id). */
export async function headBlobs(gitDir: string, head: string): Promise<Map<string, string>> {
  const ls = await runGit(gitDir, ['ls-tree', '-r', '--full-tree', head]);
  if (ls.code !== 0) throw new Error(`git ls-tree failed: ${ls.stderr.trim()}`);
  const blobs = new Map<string, string>();
  for (const line of ls.stdout.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab < 0) continue;
    const [, type, blob] = line.slice(0, tab).split(' ');
    if (type === 'blob') blobs.set(line.slice(tab + 1), blob);
  }
  return blobs;
}

export async function resolveHead(gitDir: string): Promise<string> {
  const head = await runGit(gitDir, ['rev-parse', '--verify', 'HEAD^{commit}']);
  if (head.code !== 0) throw new Error(`no HEAD commit in ${gitDir}: ${head.stderr.trim()}`);
  return head.stdout.trim();
}

/**
 * Every reform case of the repository, grouped by amended document (documents in the order of
 * their first reform commit) and oldest first within one, so that a case's text before is the
 * previous case's text after and a caller parses each text once. The history is read whole first
 * (commit metadata only; texts are read by the caller through `openBlobReader`).
 */
export async function* reformCases(gitDir: string, options: ReformCaseOptions = {}): AsyncGenerator<ReformCase> {
  const head = await resolveHead(gitDir);
  const heads = await headBlobs(gitDir, head);
  const pathOfKey = new Map<string, string>();
  for (const path of heads.keys()) {
    const id = documentIdentity(path);
    if (id) pathOfKey.set(id.naturalKey, path);
  }
  const byDocument = new Map<string, ReformCase[]>();
  /** The blob and legal date each file had after the last commit read (the history is linear). */
  const current = new Map<string, { blob: string; date: string }>();
  const history = new Map<string, string[]>();
  for await (const commit of readCommitLog(gitDir, { from: null, to: head })) {
    const info = parseCommitMessage(commit.message);
    const date = /^\d{4}-\d{2}-\d{2}/.exec(info.trailers['Source-Date'] ?? '')?.[0] ?? commit.authorDate.slice(0, 10);
    for (const file of commit.files) {
      const previous = current.get(file.path) ?? null;
      if (/^0+$/.test(file.blob)) current.delete(file.path);
      else {
        current.set(file.path, { blob: file.blob, date });
        history.set(file.path, [...(history.get(file.path) ?? []), file.blob]);
      }
      if (info.kind !== 'reform' || /^0+$/.test(file.blob)) continue;
      const amended = documentIdentity(file.path);
      const source = collectionCitation(info.trailers['Source-Id']);
      if (!amended || !source || source.naturalKey === amended.naturalKey) continue;
      const sourcePath = pathOfKey.get(source.naturalKey);
      if (!sourcePath) continue; // the amending act is not in the collection
      const half = splitHalf(amended.naturalKey);
      if (options.half && half !== options.half) continue;
      if (options.documents && !options.documents(amended.naturalKey)) continue;
      const c: ReformCase = {
        commit: commit.sha,
        date,
        path: file.path,
        amendedKey: amended.naturalKey,
        half,
        sourceId: info.trailers['Source-Id'],
        sourceKey: source.naturalKey,
        sourcePath,
        sourceBlob: heads.get(sourcePath) ?? null,
        sourceBlobs: [],
        beforeBlob: previous?.blob ?? null,
        beforeDate: previous?.date ?? null,
        afterBlob: file.blob,
        headBlob: heads.get(file.path) ?? null,
      };
      const list = byDocument.get(amended.naturalKey);
      if (list) list.push(c);
      else byDocument.set(amended.naturalKey, [c]);
    }
  }
  for (const list of byDocument.values())
    for (const c of list) {
      c.sourceBlobs = history.get(c.sourcePath) ?? [];
      yield c;
    }
}
