import { z } from 'zod';
import { createTwoFilesPatch, diffWords } from 'diff';
import {
  ApiError,
  cursorKind,
  eSbirkaUrl,
  formatIsoDate,
  invalidRequest,
  MAX_PROVISION_ID,
  notFound,
  todayUtc,
  type TextSourceChoice,
  type V1Schemas,
} from '@dp/core';
import { compareProvisionTrees, type Database, type ProvisionNode } from '@dp/db';
import {
  citesOfText,
  needsCites,
  outstandingEffects,
  presentEffect,
  provisionStatus,
  absentProvisionEffects,
  effectReachesProvision,
  rebuiltBy,
  type Effect,
  type ProvisionTextStatus,
} from './amendments';
import type { DocumentCache, LoadedDocument } from './document-cache';
import { pageText } from './get-document';
import {
  currentVersion,
  loadVersionText,
  storedTextVersion,
  textUnavailable,
  versionAt,
  type TextUnavailable,
  type VersionMeta,
} from './load';
import { documentLinks, documentRef, presentVersion } from './present';
import type { ProvisionIndex } from './provision-index';
import { replayVersion, withTextSource, type Replay } from './text-source';

/**
 * Provisions (#24): a document's table of contents on a day, one provision on a day, a
 * provision's history and the differences between the versions in force on two days, all from
 * the trees stored with each version (no request parses). Item 1's rule holds throughout: a day
 * before the text of its version (text_as_of), or a version without a text, gets no text and no
 * structure, but `text_available: false` with the reason and the e-Sbírka address of that day.
 */

/** A word diff that takes longer gives the whole old and new text as one deletion and insertion. */
const WORD_DIFF_TIMEOUT_MS = 200;

const iso = (d: Date) => formatIsoDate(d);

export function provisionLinks(baseUrl: string, naturalKey: string, provision?: string) {
  const doc = documentLinks(baseUrl, naturalKey).self;
  const toc = `${doc}/provisions`;
  if (provision === undefined) return { document: doc, provisions: toc };
  const self = `${toc}/${provision}`;
  return { document: doc, provisions: toc, self, history: `${self}/history` };
}

interface DayView {
  day: Date;
  dayAsked: boolean;
  inView: VersionMeta | undefined;
  unavailable: TextUnavailable | null;
  /** `text_source=rebuilt` on a source version: the engine's rebuild shown instead of its text. */
  replay?: Replay;
}

/**
 * The version in view on `at` (default: the current version) and whether its text is that day's;
 * with `text_source=rebuilt`, a source version is replaced by the engine's rebuild of it (#36).
 */
async function viewAt(
  db: Database,
  documents: DocumentCache,
  loaded: LoadedDocument,
  at: Date | undefined,
  today: Date,
  choice: TextSourceChoice,
): Promise<DayView> {
  const { doc, versions } = loaded;
  const inView = at ? versionAt(versions, at, doc.publishedOn) : currentVersion(versions, today);
  const view: DayView = {
    day: at ?? today,
    dayAsked: at !== undefined,
    inView,
    unavailable: textUnavailable(doc.naturalKey, inView, at ?? null),
  };
  if (choice !== 'rebuilt' || !inView || inView.textSource !== 'source' || view.unavailable) return view;
  const replay = await replayVersion(db, documents, loaded, inView);
  if (replay) return { ...view, inView: replay.version, replay };
  return {
    ...view,
    unavailable: {
      reason: 'not_rebuilt',
      message:
        'The engine cannot rebuild this version: it is the first with a text, or the points of its amending act for this document were not read.',
      source_url: eSbirkaUrl(doc.naturalKey, iso(view.day)),
    },
  };
}

function presentInView(loaded: LoadedDocument, v: VersionMeta | undefined) {
  if (!v) return null;
  return { ...presentVersion(v), is_current: v.version === currentVersion(loaded.versions)?.version };
}

/** The day's outstanding effects: with a replay, the points the engine did not apply in it. */
function outstandingOf(loaded: LoadedDocument, view: DayView): Effect[] {
  if (view.replay) {
    const failed = new Set(view.replay.points.filter((p) => !p.applied).map((p) => `${p.amending_act}\u0000${p.point}`));
    return loaded.amendments.effects.filter(
      (e) => e.amendingKey === view.inView?.amendedByKey && failed.has(`${e.amendingKey}\u0000${e.point}`),
    );
  }
  return outstandingEffects(loaded.amendments, view.inView, iso(view.day), loaded.versions);
}

async function treeOf(documents: DocumentCache, loaded: LoadedDocument, v: VersionMeta): Promise<ProvisionIndex> {
  const tree = v.hasTree ? await documents.tree(loaded.doc.id, v.version) : null;
  // A version with a text and no tree: written before trees were stored, not yet filled in.
  if (!tree)
    throw new ApiError('unavailable', 'The provisions of this version are not built yet (the next sync builds them); retry later.');
  return tree;
}

async function textOf(db: Database, documents: DocumentCache, loaded: LoadedDocument, v: VersionMeta): Promise<string> {
  const holder = storedTextVersion(loaded.versions);
  const text = await documents.text(loaded.doc.id, v.version, () => loadVersionText(db, loaded.doc.id, v, holder));
  if (text === null) throw new ApiError('unavailable', 'The text of this version could not be read; retry later.');
  return text;
}

/**
 * #35: a provision's text status among the day's outstanding effects (see amendments.ts); `own` is
 * the provision's own words (the footnotes it cites), where an effect reaches provisions by them.
 * The status needs only whether one effect reaches it (`first`: the effects after the first
 * reaching one are not asked), as a search hit's.
 */
export function statusOf(
  index: ProvisionIndex,
  n: ProvisionNode,
  outstanding: readonly Effect[],
  own?: string | null,
): ProvisionTextStatus {
  if (!outstanding.length) return 'current';
  const i = index.indexOf(n.id);
  const ancestors = i === undefined ? [] : index.containers(i).map((c) => c.id);
  const tree = { place: (t: string) => index.place(t), members: () => (i === undefined ? [] : index.members(i)), text: own };
  return provisionStatus(n.id, ancestors, true, outstanding, citesOfText(own), tree, true).status;
}

// Typed by the OpenAPI document's schemas: a field the contract lacks fails to compile.
function entry(
  index: ProvisionIndex,
  n: ProvisionNode,
  outstanding: readonly Effect[] = [],
  text?: string | null,
): V1Schemas['ProvisionEntry'] {
  return {
    id: n.id,
    kind: n.kind,
    label: n.label,
    heading: n.heading,
    parent: n.parent,
    depth: index.depth[index.indexOf(n.id)!],
    start: n.start,
    end: n.end,
    repealed: n.repealed,
    text_status: statusOf(index, n, outstanding, text?.slice(n.start, n.end)),
  };
}

const brief = (n: ProvisionNode): V1Schemas['ProvisionBrief'] => ({ id: n.id, kind: n.kind, label: n.label, heading: n.heading });

function parseSummary(index: ProvisionIndex): V1Schemas['ProvisionParse'] {
  const p = index.tree.parse;
  return {
    unparsed_count: p.unparsedCount,
    unparsed: p.unparsed,
    sections_found: p.stats.sections,
    section_headings: p.stats.sectionHeadings,
  };
}

/** The table of contents' cursor: one version's list at one depth, and where the next page starts. */
const TOC_CURSOR = cursorKind(
  z.strictObject({ version: z.number().int(), offset: z.number().int().min(0), depth: z.number().int() }),
  z
    .object({ v: z.number().int(), o: z.number().int().min(0), d: z.number().int() })
    .transform(({ v, o, d }) => ({ version: v, offset: o, depth: d })),
);

export interface TocOptions {
  at?: Date;
  textSource?: TextSourceChoice;
  depth?: number;
  limit: number;
  cursor?: string;
  baseUrl: string;
  today?: Date;
}

/** GET /v1/legal/documents/{id}/provisions: the table of contents on a day, in pages. */
export async function getProvisionToc(db: Database, documents: DocumentCache, ref: string, o: TocOptions) {
  const choice = o.textSource ?? 'best';
  const loaded = withTextSource(await documents.get(ref), choice);
  const view = await viewAt(db, documents, loaded, o.at, o.today ?? todayUtc(), choice);
  const depth = o.depth ?? 0;
  let offset = 0;
  if (o.cursor !== undefined) {
    const c = TOC_CURSOR.decode(o.cursor);
    // A cursor pages one version's contents at one depth: another day's version is another list.
    if (!c || c.version !== view.inView?.version || c.depth !== depth) {
      throw invalidRequest([{ field: 'cursor', problem: 'is not a cursor of this table of contents (same document, day and depth)' }]);
    }
    offset = c.offset;
  }
  const base = {
    document: documentRef(loaded.doc),
    as_of: iso(view.day),
    version: presentInView(loaded, view.inView),
    text_available: view.unavailable === null,
    text_unavailable: view.unavailable,
  };
  const links = provisionLinks(o.baseUrl, loaded.doc.naturalKey);
  if (view.unavailable || !view.inView) {
    return { ...base, provisions: [], total: 0, has_more: false, next_cursor: null, parse: null, links };
  }
  const index = view.replay?.index ?? (await treeOf(documents, loaded, view.inView));
  const all = depth ? index.tree.nodes.filter((_, i) => index.depth[i] <= depth) : index.tree.nodes;
  const page = all.slice(offset, offset + o.limit);
  const more = offset + page.length < all.length;
  const outstanding = outstandingOf(loaded, view);
  // A footnote's marks renumbered reach the provisions citing it: only their text tells which.
  const text = needsCites(outstanding) ? (view.replay?.text ?? (await textOf(db, documents, loaded, view.inView))) : null;
  return {
    ...base,
    provisions: page.map((n) => entry(index, n, outstanding, text)),
    total: all.length,
    has_more: more,
    next_cursor: more ? TOC_CURSOR.encode({ version: view.inView.version, offset: offset + page.length, depth }) : null,
    parse: parseSummary(index),
    links,
  };
}

/** A provision id as the path carries it (raw slashes or %2F alike, already decoded). */
export function checkProvisionId(id: string): string {
  const trimmed = id.replace(/^\/+|\/+$/g, '');
  if (!trimmed || trimmed.length > MAX_PROVISION_ID) {
    throw invalidRequest([
      { field: 'provision', problem: `must be a provision id of 1 to ${MAX_PROVISION_ID} characters, e.g. par_52/odst_1` },
    ]);
  }
  return trimmed;
}

function unknownProvision(loaded: LoadedDocument, index: ProvisionIndex, id: string, version: VersionMeta, day?: Date): ApiError {
  const nearest = index.nearest(id);
  // An id the text lacks because an amendment repealed it (or makes it only later): say which.
  const known = day ? absentProvisionEffects(loaded.amendments.effects, id, iso(day)) : null;
  const effect = known ? presentEffect(known.effect, loaded.amendments.acts) : null;
  const by = effect
    ? `${effect.amending_act.doc_number ?? effect.amending_act.natural_key}${effect.point ? `, point ${effect.point}` : ''}`
    : '';
  const why = !known
    ? ''
    : known.reason === 'repealed'
      ? `: repealed by ${by}, with effect from ${known.effect.effectiveFrom}`
      : `: made by ${by}, with effect from ${known.effect.effectiveFrom}, after the day asked`;
  const details = {
    provision: id,
    version: version.version,
    nearest: nearest.map((n) => ({ id: n, label: index.get(n)?.label ?? n })),
    ...(known ? { reason: known.reason, effect } : {}),
  };
  const what = `Provision '${id}' of ${loaded.doc.docNumber} (version ${version.version})`;
  return new ApiError('not_found', `${what} was not found${why}.`, details);
}

export interface ProvisionOptions {
  at?: Date;
  textSource?: TextSourceChoice;
  textOffset: number;
  textLimit: number;
  baseUrl: string;
  today?: Date;
}

/** GET /v1/legal/documents/{id}/provisions/{provision}: one provision on a day, with its text. */
export async function getProvision(db: Database, documents: DocumentCache, ref: string, rawId: string, o: ProvisionOptions) {
  const id = checkProvisionId(rawId);
  const choice = o.textSource ?? 'best';
  const loaded = withTextSource(await documents.get(ref), choice);
  const view = await viewAt(db, documents, loaded, o.at, o.today ?? todayUtc(), choice);
  const links = {
    ...provisionLinks(o.baseUrl, loaded.doc.naturalKey, id),
    e_sbirka: eSbirkaUrl(loaded.doc.naturalKey, view.dayAsked ? iso(view.day) : undefined),
  };
  const base = {
    document: documentRef(loaded.doc),
    as_of: iso(view.day),
    version: presentInView(loaded, view.inView),
    text_available: view.unavailable === null,
    text_unavailable: view.unavailable,
  };
  const outstanding = outstandingOf(loaded, view);
  const acts = loaded.amendments.acts;
  const unlocated_effects = outstanding.filter((e) => e.targets.length === 0).length;
  if (view.unavailable || !view.inView) {
    return { ...base, provision: null, text_status: 'not_in_source' as const, outstanding_effects: [], unlocated_effects, links };
  }
  const index = view.replay?.index ?? (await treeOf(documents, loaded, view.inView));
  const i = index.indexOf(id);
  if (i === undefined) {
    // A provision the text lacks that an amendment in force that day makes (a new § 52a): the
    // read says so, with the instructions that make it, instead of a 404.
    const made = provisionStatus(id, [], false, outstanding);
    if (made.status === 'not_in_source') {
      return {
        ...base,
        provision: null,
        text_status: made.status,
        outstanding_effects: made.effects.map((e) => presentEffect(e, acts)),
        unlocated_effects,
        links,
      };
    }
    throw unknownProvision(loaded, index, id, view.inView, view.day);
  }
  const node = index.tree.nodes[i];
  const ancestors = index.containers(i).map((c) => c.id);
  const text = view.replay?.text ?? (await textOf(db, documents, loaded, view.inView));
  const cites = citesOfText(text.slice(node.start, node.end));
  const place = (t: string) => index.place(t);
  const status = provisionStatus(id, ancestors, true, outstanding, cites, {
    place,
    members: () => index.members(i),
    text: text.slice(node.start, node.end),
  });
  const madeBy = view.replay
    ? loaded.amendments.effects.filter(
        (e) =>
          e.amendingKey === view.inView?.amendedByKey &&
          effectReachesProvision(e.targets, id, ancestors, cites, place) &&
          view.replay!.points.some((p) => p.point === e.point && p.applied),
      )
    : view.inView.textSource === 'rebuilt'
      ? rebuiltBy(loaded.amendments, view.inView, await documents.rebuiltChanges(loaded.doc.id), id, ancestors)
      : [];
  const paged = pageText(text.slice(node.start, node.end), o.textOffset, o.textLimit);
  const { prev, next } = index.neighbours(i);
  // An amendment in force that day changed it and the source has no text with the change: its
  // wording is the source's, of its own day, never passed off as the day's (#35 item 3).
  const current = status.status === 'current';
  return {
    ...base,
    text_status: status.status,
    outstanding_effects: status.effects.map((e) => presentEffect(e, acts)),
    unlocated_effects,
    provision: {
      ...entry(index, node, outstanding, text),
      text: current ? paged.text : null,
      source_text: current ? null : { as_of: iso(view.inView.textAsOf), text: paged.text },
      // #36: the engine made this wording from the amending acts' instructions (not the source's text).
      text_source: madeBy.length ? ('rebuilt' as const) : ('source' as const),
      rebuilt_by: madeBy.map((e) => presentEffect(e, acts)),
      text_page: paged.page,
      containers: index.containers(i).map(brief),
      children: index.children(i).map(brief),
      // A footnote's own mark opens its text: it cites no footnote by it.
      footnotes: cites.flatMap((fn) => {
        const at = node.kind === 'footnote' ? undefined : index.indexOf(fn);
        return at === undefined ? [] : [brief(index.tree.nodes[at])];
      }),
      prev: prev ? brief(prev) : null,
      next: next ? brief(next) : null,
    },
    links,
  };
}

type ChangeKind = 'added' | 'changed' | 'repealed' | 'removed';

/** GET /v1/legal/documents/{id}/provisions/{provision}/history: the versions that touched it. */
export async function getProvisionHistory(documents: DocumentCache, ref: string, rawId: string, o: { baseUrl: string }) {
  const id = checkProvisionId(rawId);
  const loaded = await documents.get(ref);
  const withTree = loaded.versions.filter((v) => v.hasTree).sort((a, b) => a.version - b.version);
  const changes = await documents.provisionChanges(loaded.doc.id);
  const touched: { v: VersionMeta; change: ChangeKind; from: number | null }[] = [];
  for (const v of withTree) {
    const c = changes.get(v.version);
    if (!c) continue;
    const kind: ChangeKind | undefined = c.added.includes(id)
      ? 'added'
      : c.changed.includes(id)
        ? 'changed'
        : c.repealed.includes(id)
          ? 'repealed'
          : c.removed.includes(id)
            ? 'removed'
            : undefined;
    if (kind) touched.push({ v, change: kind, from: c.from });
  }
  const first = withTree[0];
  const newest = withTree[withTree.length - 1];
  // Present in the first version with a tree: its first recorded change is not an addition, or,
  // never changed since, it is in the newest tree.
  const newestTree = newest ? await treeOf(documents, loaded, newest) : null;
  const inFirst = first !== undefined && (touched.length ? touched[0].change !== 'added' : newestTree?.get(id) !== undefined);
  if (inFirst) touched.unshift({ v: first, change: 'added', from: null });
  if (!touched.length) {
    if (!newest || !newestTree) throw notFound(`Provision '${id}' of ${loaded.doc.docNumber}`, { provision: id, nearest: [] });
    throw unknownProvision(loaded, newestTree, id, newest);
  }
  // The label as the newest version that has the provision writes it.
  const lastPresent = [...touched].reverse().find((t) => t.change !== 'removed')?.v ?? first;
  const labelTree = lastPresent ? await treeOf(documents, loaded, lastPresent) : null;
  const node = labelTree?.get(id);
  const links = provisionLinks(o.baseUrl, loaded.doc.naturalKey, id);
  return {
    document: documentRef(loaded.doc),
    provision: { id, kind: node?.kind ?? null, label: node?.label ?? null, heading: node?.heading ?? null },
    history: touched.map(({ v, change, from }): V1Schemas['ProvisionHistoryEntry'] => ({
      version: v.version,
      valid_from: iso(v.validFrom),
      valid_to: v.validTo ? iso(v.validTo) : null,
      text_as_of: iso(v.textAsOf),
      change,
      compared_with: from,
      amended_by: v.amendedByKey ? { natural_key: v.amendedByKey, doc_number: v.amendedBy } : null,
      // Read at the version's text day: the version's own text (item 1), not a neighbour's.
      provision_url: change === 'removed' ? null : `${links.self}?at=${iso(v.textAsOf)}`,
      e_sbirka: eSbirkaUrl(loaded.doc.naturalKey, iso(v.validFrom)),
    })),
    versions_without_text: loaded.versions.filter((v) => !v.hasTree).map((v) => v.version),
    links,
  };
}

/** The difference's cursor: the two versions, the provision compared (empty: the whole act), where the next page starts. */
const DIFF_CURSOR = cursorKind(
  z.strictObject({ from: z.number().int(), to: z.number().int(), provision: z.string(), offset: z.number().int().min(0) }),
  z
    .object({ f: z.number().int(), t: z.number().int(), p: z.string(), o: z.number().int().min(0) })
    .transform(({ f, t, p, o }) => ({ from: f, to: t, provision: p, offset: o })),
);

export interface DiffOptions {
  from: Date;
  to: Date;
  provision?: string;
  format: 'json' | 'unified';
  limit: number;
  cursor?: string;
  baseUrl: string;
}

/** old_offset / new_offset: where the run is, or would be, in the provision's old / new text. */
export type WordRun = V1Schemas['WordRun'];

/** Word-level runs inserted and deleted between two texts (jsdiff); null when it took too long. */
export function wordRuns(before: string, after: string): WordRun[] | null {
  const parts = diffWords(before, after, { timeout: WORD_DIFF_TIMEOUT_MS });
  if (!parts) return null;
  const runs: WordRun[] = [];
  let oldAt = 0;
  let newAt = 0;
  for (const p of parts) {
    if (p.added) {
      runs.push({ op: 'insert', text: p.value, old_offset: oldAt, new_offset: newAt });
      newAt += p.value.length;
    } else if (p.removed) {
      runs.push({ op: 'delete', text: p.value, old_offset: oldAt, new_offset: newAt });
      oldAt += p.value.length;
    } else {
      oldAt += p.value.length;
      newAt += p.value.length;
    }
  }
  return runs;
}

/**
 * GET /v1/legal/documents/{id}/diff: what changed between the versions in force on two days.
 * Reported per § / čl. / příloha (or per the one provision asked for); changed ones come with
 * their word-level runs, in pages of `limit`.
 */
export async function diffDocument(db: Database, documents: DocumentCache, ref: string, o: DiffOptions) {
  const provision = o.provision === undefined ? undefined : checkProvisionId(o.provision);
  const loaded = await documents.get(ref);
  const today = todayUtc();
  const sides = [
    await viewAt(db, documents, loaded, o.from, today, 'best'),
    await viewAt(db, documents, loaded, o.to, today, 'best'),
  ] as const;
  const side = (v: DayView) => ({
    day: iso(v.day),
    version: presentInView(loaded, v.inView),
    text_available: v.unavailable === null,
    text_unavailable: v.unavailable,
  });
  const links = provisionLinks(o.baseUrl, loaded.doc.naturalKey);
  const base = { document: documentRef(loaded.doc), from: side(sides[0]), to: side(sides[1]), provision: provision ?? null };
  const [a, b] = sides;
  if (a.unavailable || b.unavailable || !a.inView || !b.inView) {
    return {
      kind: 'json' as const,
      body: { ...base, summary: null, added: [], removed: [], repealed: [], changed: [], has_more: false, next_cursor: null, links },
    };
  }
  const [oldIndex, newIndex] = await Promise.all([treeOf(documents, loaded, a.inView), treeOf(documents, loaded, b.inView)]);
  if (provision !== undefined && !oldIndex.get(provision) && !newIndex.get(provision)) {
    throw unknownProvision(loaded, newIndex, provision, b.inView);
  }
  const inScope = (index: ProvisionIndex, n: ProvisionNode) => (provision === undefined ? index.isUnit(n) : n.id === provision);
  const cmp = compareProvisionTrees(oldIndex.tree, newIndex.tree);
  const pick = (ids: string[], index: ProvisionIndex) => ids.map((id) => index.get(id)!).filter((n) => inScope(index, n));
  const added = pick(cmp.added, newIndex);
  const removed = pick(cmp.removed, oldIndex);
  const repealed = pick(cmp.repealed, newIndex);
  const changed = pick(cmp.changed, newIndex).concat(repealed);
  const [oldText, newText] =
    changed.length || o.format === 'unified'
      ? await Promise.all([textOf(db, documents, loaded, a.inView), textOf(db, documents, loaded, b.inView)])
      : ['', ''];
  const sliceOf = (index: ProvisionIndex, text: string, id: string) => {
    const n = index.get(id);
    return n ? text.slice(n.start, n.end) : '';
  };

  if (o.format === 'unified') {
    const label = (v: VersionMeta) => `version ${v.version} (in force from ${iso(v.validFrom)}, text as of ${iso(v.textAsOf)})`;
    const patches = [...removed, ...changed, ...added]
      .sort((x, y) => (newIndex.get(x.id)?.start ?? oldIndex.get(x.id)!.start) - (newIndex.get(y.id)?.start ?? oldIndex.get(y.id)!.start))
      .map((n) =>
        createTwoFilesPatch(
          `${loaded.doc.naturalKey}/${n.id}`,
          `${loaded.doc.naturalKey}/${n.id}`,
          sliceOf(oldIndex, oldText, n.id),
          sliceOf(newIndex, newText, n.id),
          label(a.inView!),
          label(b.inView!),
        ),
      );
    return { kind: 'unified' as const, body: patches.join('') };
  }

  let offset = 0;
  if (o.cursor !== undefined) {
    const c = DIFF_CURSOR.decode(o.cursor);
    if (!c || c.from !== a.inView.version || c.to !== b.inView.version || c.provision !== (provision ?? '')) {
      throw invalidRequest([{ field: 'cursor', problem: 'is not a cursor of this difference (same document, days and provision)' }]);
    }
    offset = c.offset;
  }
  const page = changed.slice(offset, offset + o.limit);
  const more = offset + page.length < changed.length;
  return {
    kind: 'json' as const,
    body: {
      ...base,
      summary: { added: added.length, removed: removed.length, repealed: repealed.length, changed: changed.length },
      added: added.map(brief),
      removed: removed.map(brief),
      repealed: repealed.map(brief),
      changed: page.map((n) => {
        const before = sliceOf(oldIndex, oldText, n.id);
        const after = sliceOf(newIndex, newText, n.id);
        const runs = documents.wordRuns(loaded.doc.id, a.inView!.version, b.inView!.version, n.id, () => wordRuns(before, after));
        return {
          ...brief(n),
          repealed: n.repealed,
          words_complete: runs !== null,
          words: runs ?? [
            { op: 'delete' as const, text: before, old_offset: 0, new_offset: 0 },
            { op: 'insert' as const, text: after, old_offset: before.length, new_offset: 0 },
          ],
        };
      }),
      has_more: more,
      next_cursor: more
        ? DIFF_CURSOR.encode({ from: a.inView.version, to: b.inView.version, provision: provision ?? '', offset: offset + page.length })
        : null,
      links,
    } satisfies V1Schemas['ProvisionDiff'],
  };
}
