import { extractEffectsOfTexts, type ExtractedEffects } from '../amendments/extract-effects';
import { buildProvisionTree, compareProvisionTrees, encodeProvisionTree, type ProvisionTree } from '../provisions/provision-tree';
import { actTerms, textUnits, unitChunks } from '../search/provision-index';
import { buildVersion, type VersionInput } from './build-version';
import type { DocumentIdentity } from './document-identity';
import type { SourceCommit, SyncWarning } from './types';

/**
 * What the sync computes from a document's texts before writing it: plain data in and out (no
 * functions, no class instances), so it runs in a worker thread as well as in the sync's own.
 */
export interface BuildJob {
  path: string;
  identity: DocumentIdentity;
  /** Every commit of the document in the range, oldest first (the amending act reads all texts). */
  commits: SourceCommit[];
  /** The new versions' commits and blobs (null: missing), oldest first; a Buffer arrives in a worker as a Uint8Array. */
  pending: { commit: SourceCommit; blob: Uint8Array | null }[];
  /** Stored versions lacking the text the repository holds: their commits and blobs. */
  missing: { commit: SourceCommit; blob: Uint8Array | null }[];
  today: string;
}

export interface BuiltDocument {
  versions: VersionInput[];
  /** Stored versions whose missing text the repository holds. */
  fills: VersionInput[];
  warnings: SyncWarning[];
  /** What the newest readable new version says it changes in other acts (#35). */
  effects?: ExtractedEffects;
  /** Characters of text handled, trees counted twice (the forced collections' measure). */
  textChars: number;
}

/**
 * Versions with their provision trees, the current text's provision index units and the amending
 * act's effects: the CPU-heavy part of preparing a document, done while the writers wait on the
 * database rather than inside a transaction.
 */
const asBuffer = (b: Uint8Array | null) => (b === null || Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength));

export function buildDocument(job: BuildJob): BuiltDocument {
  const versions: VersionInput[] = [];
  const warnings: SyncWarning[] = [];
  for (const p of job.pending) {
    const built = buildVersion(p.commit, job.path, asBuffer(p.blob), job.identity, job.today);
    warnings.push(...built.warnings);
    if (built.version) versions.push(built.version);
  }
  // Their warnings were given when the versions were first written; only the texts are wanted.
  const fills = job.missing.flatMap((m) =>
    m.blob === null ? [] : [buildVersion(m.commit, job.path, asBuffer(m.blob), job.identity, job.today).version].filter((v) => v !== null),
  );
  const meta = [...versions].reverse().find((v) => v.meta !== null)?.meta ?? null;
  // Each tree stored as encoded and compared with the one before; only the newest's nodes are used
  // beyond that (aliases, index units), and no tree object travels back to the writer.
  const newest = [...versions].reverse().find((v) => v.text !== null);
  let before: { commit: string; tree: ProvisionTree } | null = null;
  for (const v of versions) {
    if (v.text === null) continue;
    const tree = buildProvisionTree(v.text);
    v.prebuilt = {
      encoded: encodeProvisionTree(tree),
      format: tree.format,
      changes: before ? { against: before.commit, changes: compareProvisionTrees(before.tree, tree) } : null,
    };
    if (v === newest) {
      v.headings = tree.nodes
        .filter((n) => n.heading !== null && (n.kind === 'section' || n.kind === 'article'))
        .map((n) => ({ kind: n.kind, heading: n.heading }));
      // The text that becomes current: its provision index too (the write does not read it back).
      v.units = unitChunks(textUnits(v.text, tree.nodes));
      // The lemma dictionary is then needed in this thread only.
      if (meta) v.actTerms = { title: meta.title, citation: meta.citation, terms: actTerms(meta) };
    }
    before = { commit: v.commit, tree };
  }
  // Every text at hand (a first sync has them all): a later text may lack parts an older one has.
  const textOf = new Map([...fills, ...versions].map((v) => [v.commit, v.text]));
  const texts = job.commits.map((c) => textOf.get(c.sha)).filter((t): t is string => !!t);
  const effects = newest?.text
    ? extractEffectsOfTexts(texts, {
        naturalKey: job.identity.naturalKey,
        publishedOn: meta?.published ?? null,
        effectiveFrom: meta?.effectiveFrom ?? null,
      })
    : undefined;
  // A tree's parse and its JSON leave about as much garbage as its text: counted twice for the
  // forced collections (collectGarbage), which keep the process's memory bounded.
  const textChars = [...versions, ...fills].reduce((n, v) => n + (v.text?.length ?? 0) * (v.prebuilt ? 2 : 1), 0);
  return { versions, fills, warnings, effects, textChars };
}
