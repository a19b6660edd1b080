/**
 * Every amending act the product knows for each document, with its dated targets (#35 item 4, the
 * window measure): every document of the repository's head read as an amending act over all its
 * texts (`extractEffectsOfTexts`, as the sync stores its effects), its effects grouped by the act
 * they amend. The rebuild applies all of them in a window, not only the act a commit names.
 */
import { existsSync, readFileSync } from 'node:fs';
import { writeFileAtomicSync } from '@dp/core';
import { AMENDMENT_READER_VERSION, documentIdentity, extractEffectsOfTexts, openBlobReader, parseFrontMatter, readCommitLog } from '@dp/db';
import type { DatedTargets } from './consolidation-score';
import { headBlobs } from './reform-cases';

/** Amended document's natural key → the dated effects of every act on it. */
export type ActIndex = Map<string, DatedTargets[]>;

interface CachedIndex {
  readerVersion: number;
  head: string;
  /** The entries carry their points (`DatedTargets.instruction`…): an index written before has targets only. */
  points?: boolean;
  index: [string, DatedTargets[]][];
}

/** Every blob each file of the head had, oldest first. */
async function fileHistories(gitDir: string, head: string, paths: Set<string>): Promise<Map<string, string[]>> {
  const history = new Map<string, string[]>();
  for await (const commit of readCommitLog(gitDir, { from: null, to: head }))
    for (const file of commit.files) {
      if (!paths.has(file.path) || /^0+$/.test(file.blob)) continue;
      const list = history.get(file.path);
      if (!list) history.set(file.path, [file.blob]);
      else if (list[list.length - 1] !== file.blob) list.push(file.blob);
    }
  return history;
}

export async function buildActIndex(gitDir: string, head: string, available: Set<string>): Promise<ActIndex> {
  const heads = await headBlobs(gitDir, head);
  const docs = [...heads.keys()].filter((p) => documentIdentity(p) !== null);
  const histories = await fileHistories(gitDir, head, new Set(docs));
  const reader = openBlobReader(gitDir, available);
  const index: ActIndex = new Map();
  try {
    for (const path of docs) {
      const key = documentIdentity(path)!.naturalKey;
      const blobs = histories.get(path) ?? [heads.get(path)!];
      const files = (await Promise.all(blobs.map((b) => reader.read(b))))
        .filter((b): b is Buffer => b !== null)
        .map((b) => parseFrontMatter(b.toString('utf8')));
      const newest = files[files.length - 1];
      if (!newest) continue;
      const fields = newest.ok ? newest.fields : {};
      const read = extractEffectsOfTexts(
        files.map((f) => f.body),
        { naturalKey: key, publishedOn: fields.publication_date ?? null, effectiveFrom: fields.effectiveness_date ?? null },
      );
      for (const e of read.effects) {
        if (e.targetKey === key) continue;
        const entry: DatedTargets = {
          act: key,
          effectiveFrom: e.effectiveFrom,
          targets: e.targets,
          ordinal: e.ordinal,
          point: e.point,
          instruction: e.instruction,
          publishedOn: fields.publication_date ?? null,
        };
        const list = index.get(e.targetKey);
        if (list) list.push(entry);
        else index.set(e.targetKey, [entry]);
      }
    }
  } finally {
    await reader.close();
  }
  return index;
}

/** The index and the reader version that built it. */
export interface LoadedActIndex {
  index: ActIndex;
  readerVersion: number;
}

/**
 * The index, from `cache` when it was written by the same reader version for the same head (it
 * takes minutes to build: every text of the collection is read), else built and written there.
 * `anyReader` takes a cache of another reader version as it is (the run prints which version built
 * it): the other acts' effects of an older reader, when there is no time to read them all again.
 * `needPoints` (the consolidation replay, which applies the effects) refuses a cache whose entries
 * have their targets only.
 */
export async function loadActIndex(
  gitDir: string,
  head: string,
  available: Set<string>,
  cache: string | undefined,
  anyReader = false,
  needPoints = false,
): Promise<LoadedActIndex> {
  if (cache && existsSync(cache)) {
    const c = JSON.parse(readFileSync(cache, 'utf8')) as CachedIndex;
    if ((anyReader || c.readerVersion === AMENDMENT_READER_VERSION) && c.head === head && (!needPoints || c.points))
      return { index: new Map(c.index), readerVersion: c.readerVersion };
  }
  const index = await buildActIndex(gitDir, head, available);
  if (cache)
    writeFileAtomicSync(
      cache,
      JSON.stringify({ readerVersion: AMENDMENT_READER_VERSION, head, points: true, index: [...index] } satisfies CachedIndex),
    );
  return { index, readerVersion: AMENDMENT_READER_VERSION };
}

/**
 * The titles of the documents `keys` names, from the head's front matter: the window replay reads
 * the issuer from them as the rebuild does from the database's titles (`stepSkipReason`).
 */
export async function loadTitles(gitDir: string, head: string, available: Set<string>, keys: Set<string>): Promise<Map<string, string>> {
  const heads = await headBlobs(gitDir, head);
  const reader = openBlobReader(gitDir, available);
  const titles = new Map<string, string>();
  try {
    const wanted = [...heads].flatMap(([path, blob]) => {
      const key = documentIdentity(path)?.naturalKey;
      return key && keys.has(key) ? [[key, blob] as const] : [];
    });
    await Promise.all(
      wanted.map(async ([key, blob]) => {
        const b = await reader.read(blob);
        const file = b ? parseFrontMatter(b.toString('utf8')) : null;
        const title = file?.ok ? file.fields.title : undefined;
        if (title) titles.set(key, title);
      }),
    );
  } finally {
    await reader.close();
  }
  return titles;
}
