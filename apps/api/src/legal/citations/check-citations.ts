import { CITATION_STATUSES, eSbirkaUrl, formatIsoDate, type CitationStatus, type EffStatus, type TextSource } from '@dp/core';
import { odstavecPlacer, recogniseCitations, type CitedProvision, type RecognisedCitation } from '@dp/czech-law';
import { sql, versionProvisions, versionTexts, type Database, type ProvisionIndex, type VersionRef } from '@dp/db';
import {
  citesOfText,
  loadAmendments,
  needsCites,
  outstandingEffects,
  presentEffect,
  provisionStatus,
  rebuiltBy,
  type DocumentAmendments,
  type ProvisionTextStatus,
  type RebuiltChanges,
} from '../documents/amendments';
import { effectiveTo, statusAt, type EffectivityFields } from '../documents/effectivity';
import { selectVersions, textUnavailable, toDate, versionFromRow, type VersionMeta, type VersionRow } from '../documents/load';

const IN_FORCE: ReadonlySet<EffStatus> = new Set(['in_force', 'partially_in_force']);
const NEAREST = 3;

interface DocumentFacts extends EffectivityFields {
  id: string;
  naturalKey: string;
  docNumber: string;
  title: string;
  docType: string;
  publishedOn: Date | null;
  /** The version in view on the day (the last that began by then), if any. */
  inView: VersionMeta | undefined;
  /** Its text is the document's own (the current version's). */
  inViewIsCurrent: boolean;
}

interface DocumentRef {
  id: string;
  natural_key: string;
  doc_number: string;
  title: string;
  doc_type: string;
}

export interface CheckedCitation {
  text: string;
  start: number;
  end: number;
  status: CitationStatus;
  /** One line a person or a model can act on. */
  summary: string;
  /** How the act was named: by number, abbreviation, short name, or referring back. */
  cited_as: RecognisedCitation['act']['via'];
  document: DocumentRef | null;
  provision: {
    id: string;
    label: string;
    exists: boolean | null;
    repealed: boolean;
    /** #35: the provision's text status on the day (`current` when nothing known changed it since). */
    text_status?: ProvisionTextStatus;
    /** #36: `rebuilt` when the wording checked is the consolidation engine's, not the source's. */
    text_source?: TextSource;
  } | null;
  /** #35: the amendments in force that day which changed the cited provision and the collection lacks. */
  outstanding_effects: ReturnType<typeof presentEffect>[];
  effectivity: { status: EffStatus; effective_from: string | null; effective_to: string | null } | null;
  candidates: (DocumentRef & { status: EffStatus })[];
  nearest_provisions: { id: string; label: string }[];
  /** Why a provision could not be checked on that day (status `unverified`). */
  text_unavailable: { reason: string; message: string; source_url: string | null } | null;
  links: { document: string | null; provision: string | null; e_sbirka: string | null };
}

export interface CitationCheck {
  at: string;
  counts: Record<CitationStatus, number>;
  citations: CheckedCitation[];
}

/**
 * Every natural key's document and the version in view on the day, in one query: only that
 * version is read, not the whole history (a much-amended act has hundreds).
 */
async function loadFacts(db: Database, keys: string[], day: Date): Promise<Map<string, DocumentFacts>> {
  if (!keys.length) return new Map();
  const rows = await db.kysely
    .selectFrom('document as d')
    .leftJoinLateral(
      () =>
        selectVersions(db)
          .where('document_id', '=', sql.ref<string>('d.id'))
          .where('valid_from', '<=', sql<Date>`${formatIsoDate(day)}::date`)
          .orderBy('valid_from', 'desc')
          .orderBy('version', 'desc')
          .limit(1)
          .as('v'),
      (join) => join.onTrue(),
    )
    .select([
      'd.id',
      'd.natural_key',
      'd.doc_number',
      'd.title',
      'd.doc_type',
      'd.status',
      'd.never_effective',
      'd.effective_from',
      'd.effective_to',
      'd.inferred_effective_to',
      'd.current_version_from',
      'd.last_updated',
      'd.published_on',
    ])
    .selectAll('v')
    .select((eb) =>
      eb
        .or([
          eb.ref('v.text_is_current').$castTo<boolean>(), // null without a version: the OR is then not true
          eb.and([
            eb.not(
              eb.exists(
                eb
                  .selectFrom('document_version as c')
                  .select(sql.lit(1).as('one'))
                  .whereRef('c.document_id', '=', 'd.id')
                  .where((c) => c.ref('c.text_is_current')),
              ),
            ),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('document_version as l')
                  .select(sql.lit(1).as('one'))
                  .whereRef('l.document_id', '=', 'd.id')
                  .where(sql<boolean>`(l.valid_from, l.version) > (v.valid_from, v.version)`),
              ),
            ),
          ]),
        ])
        .as('is_current'),
    )
    .where('d.natural_key', '=', (eb) => eb.fn.any(eb.val(keys)))
    .execute();
  return new Map(
    rows.map((r) => [
      r.natural_key,
      {
        id: r.id,
        naturalKey: r.natural_key,
        docNumber: r.doc_number,
        title: r.title,
        docType: r.doc_type,
        status: r.status,
        neverEffective: r.never_effective,
        effectiveFrom: r.effective_from,
        effectiveTo: r.effective_to,
        inferredEffectiveTo: r.inferred_effective_to,
        currentVersionFrom: r.current_version_from,
        lastUpdated: r.last_updated,
        publishedOn: r.published_on,
        inView: r.version === null ? undefined : versionFromRow(r as VersionRow),
        inViewIsCurrent: r.is_current === true,
      },
    ]),
  );
}

const refOf = (d: DocumentFacts): DocumentRef => ({
  id: d.id,
  natural_key: d.naturalKey,
  doc_number: d.docNumber,
  title: d.title,
  doc_type: d.docType,
});

/** Effectivity on the day; an act not yet published then is not yet in force. */
function statusOn(d: DocumentFacts, day: Date): EffStatus {
  const published = toDate(d.publishedOn);
  if (published && day.getTime() < published.getTime()) return 'not_yet_in_force';
  return statusAt(d, day);
}

type Choice = { kind: 'one'; doc: DocumentFacts } | { kind: 'none' } | { kind: 'ambiguous'; docs: DocumentFacts[] };

/**
 * The act a mention means on the day: its one key; or, for a name of several acts, the one in
 * force then (several in force: ambiguous; none: the one that came into force last by then).
 */
function choose(c: RecognisedCitation, facts: Map<string, DocumentFacts>, day: Date): Choice {
  const docs = c.act.keys.map((k) => facts.get(k)).filter((d): d is DocumentFacts => d !== undefined);
  if (!docs.length) return { kind: 'none' };
  if (c.act.ambiguous) return docs.length === 1 ? { kind: 'one', doc: docs[0] } : { kind: 'ambiguous', docs };
  if (docs.length === 1) return { kind: 'one', doc: docs[0] };
  const inForce = docs.filter((d) => IN_FORCE.has(statusOn(d, day)));
  if (inForce.length === 1) return { kind: 'one', doc: inForce[0] };
  if (inForce.length > 1) return { kind: 'ambiguous', docs: inForce };
  const started = docs
    .filter((d) => {
      const from = toDate(d.effectiveFrom);
      return from !== null && from.getTime() <= day.getTime();
    })
    .sort((a, b) => toDate(b.effectiveFrom)!.getTime() - toDate(a.effectiveFrom)!.getTime());
  return { kind: 'one', doc: started[0] ?? docs[0] };
}

/** The § / čl. ids nearest a missing one; below an existing § / čl., its own parts. */
function nearest(index: ProvisionIndex, wanted: string): { id: string; label: string }[] {
  const label = (id: string) => ({ id, label: index.byId.get(id)?.label ?? id });
  const segments = wanted.split('/');
  for (let depth = segments.length - 1; depth >= 1; depth--) {
    const parent = segments.slice(0, depth).join('/');
    if (!index.byId.has(parent)) continue;
    const children = [...index.byId.keys()].filter(
      (id) => id.startsWith(`${parent}/`) && id.split('/').length === depth + 1 && !id.includes('~'),
    );
    return children.slice(0, 8).map(label);
  }
  const m = /^(par|cl)_(\d+)/.exec(segments[0]);
  const sections = index.sections.filter((id) => id.startsWith(`${m?.[1] ?? 'par'}_`) && !id.includes('~'));
  if (!m || !sections.length) return sections.slice(0, NEAREST).map(label);
  const n = Number(m[2]);
  const num = (id: string) => Number(/_(\d+)/.exec(id)?.[1] ?? NaN);
  return [...sections]
    .sort((a, b) => Math.abs(num(a) - n) - Math.abs(num(b) - n) || sections.indexOf(a) - sections.indexOf(b))
    .slice(0, NEAREST)
    .sort((a, b) => sections.indexOf(a) - sections.indexOf(b))
    .map(label);
}

interface Work {
  c: RecognisedCitation;
  choice: Choice;
  /** The cited act's known amendments and its rebuilt versions up to the one in view (#35, #36). */
  amendments?: Amended;
  status?: EffStatus;
  /** Index into the versions whose provisions are read. */
  versionSlot?: number;
  unavailable?: ReturnType<typeof textUnavailable>;
}

/**
 * Finds every citation in `text` and checks it against the collection on `day`: does the act
 * exist, is it in force, does the cited provision exist in the version in force then.
 * Two queries at most: the documents with the version in view, then the texts not yet parsed.
 */
export async function checkCitations(db: Database, text: string, day: Date, baseUrl: string): Promise<CitationCheck> {
  const found = recogniseCitations(text);
  const facts = await loadFacts(db, [...new Set(found.flatMap((c) => c.act.keys))], day);
  const versions: VersionRef[] = [];
  const slots = new Map<string, number>();
  const work: Work[] = found.map((c) => {
    const choice = choose(c, facts, day);
    if (choice.kind !== 'one') return { c, choice };
    const doc = choice.doc;
    const status = statusOn(doc, day);
    if (!c.provision || !IN_FORCE.has(status)) return { c, choice, status };
    const inView = doc.inView;
    const unavailable = textUnavailable(doc.naturalKey, inView, day);
    if (unavailable || !inView) return { c, choice, status, unavailable };
    const ref: VersionRef = { documentId: doc.id, version: inView.version, textSha256: inView.textSha256, current: doc.inViewIsCurrent };
    const key = `${ref.documentId}|${ref.version}`;
    if (!slots.has(key)) {
      slots.set(key, versions.length);
      versions.push(ref);
    }
    return { c, choice, status, versionSlot: slots.get(key) };
  });
  const iso = formatIsoDate(day);
  const [indexes, amended] = await Promise.all([
    versions.length ? versionProvisions(db, versions) : Promise.resolve([]),
    loadAmended(db, [
      ...new Set(
        work.filter((w) => w.versionSlot !== undefined && w.choice.kind === 'one').map((w) => (w.choice as { doc: DocumentFacts }).doc),
      ),
    ]),
  ]);
  for (const w of work) if (w.choice.kind === 'one' && w.versionSlot !== undefined) w.amendments = amended.get(w.choice.doc.id);
  // A footnote's marks (`^fn_N`) reach the provisions whose own words cite it: only then are texts read.
  const textSlots = [
    ...new Set(
      work.flatMap((w) =>
        w.versionSlot !== undefined && w.amendments && needsCites(w.amendments.amendments.effects) ? [w.versionSlot] : [],
      ),
    ),
  ];
  const texts = new Map(
    (
      await versionTexts(
        db,
        textSlots.map((i) => versions[i]),
      )
    ).map((t, i) => [textSlots[i], t]),
  );
  const citations = work.map((w) =>
    present(
      w,
      w.versionSlot === undefined ? undefined : indexes[w.versionSlot],
      iso,
      baseUrl,
      w.versionSlot === undefined ? null : (texts.get(w.versionSlot) ?? null),
    ),
  );
  const counts = Object.fromEntries(CITATION_STATUSES.map((s) => [s, 0])) as Record<CitationStatus, number>;
  for (const c of citations) counts[c.status]++;
  return { at: iso, counts, citations };
}

function present(w: Work, index: ProvisionIndex | null | undefined, iso: string, baseUrl: string, text: string | null): CheckedCitation {
  const { c, choice } = w;
  const base = {
    text: c.text,
    start: c.start,
    end: c.end,
    cited_as: c.act.via,
    candidates: [] as CheckedCitation['candidates'],
    nearest_provisions: [] as CheckedCitation['nearest_provisions'],
    text_unavailable: null,
    outstanding_effects: [] as CheckedCitation['outstanding_effects'],
  };
  const cited = c.provision;
  if (choice.kind === 'none') {
    const keys = c.act.keys.join(', ');
    return {
      ...base,
      status: 'document_not_found',
      summary: `document_not_found: "${c.text}" — no act ${keys} in the collection.`,
      document: null,
      provision: cited ? { ...cited, exists: null, repealed: false } : null,
      effectivity: null,
      links: { document: null, provision: null, e_sbirka: null },
    };
  }
  if (choice.kind === 'ambiguous') {
    const day = toDate(iso)!;
    const candidates = choice.docs.map((d) => ({ ...refOf(d), status: statusOn(d, day) }));
    return {
      ...base,
      status: 'ambiguous',
      summary: `ambiguous: "${c.text}" — could mean ${candidates.map((d) => d.doc_number).join(' or ')}; cite the act by its number.`,
      candidates,
      document: null,
      provision: cited ? { ...cited, exists: null, repealed: false } : null,
      effectivity: null,
      links: { document: null, provision: null, e_sbirka: null },
    };
  }
  const doc = choice.doc;
  const status = w.status!;
  const end = effectiveTo(doc).date;
  const effectivity = {
    status,
    effective_from: doc.effectiveFrom ? formatIsoDate(toDate(doc.effectiveFrom)!) : null,
    effective_to: end ? formatIsoDate(end) : null,
  };
  const docUrl = `${baseUrl}/v1/legal/documents/${encodeURIComponent(doc.naturalKey)}`;
  const links = {
    document: docUrl,
    provision: cited ? `${baseUrl}/v1/legal/documents/${encodeURIComponent(doc.id)}/provisions/${cited.id}` : null,
    e_sbirka: eSbirkaUrl(doc.naturalKey, iso),
  };
  const named = `${cited ? `${cited.label} of ` : ''}${doc.docNumber}`;
  const common = { ...base, document: refOf(doc), effectivity, links };
  if (!IN_FORCE.has(status)) {
    const when =
      status === 'not_yet_in_force'
        ? `not yet in force on ${iso}${effectivity.effective_from ? ` (from ${effectivity.effective_from})` : ''}`
        : status === 'never_in_force'
          ? 'never came into force'
          : `no longer in force on ${iso}${effectivity.effective_to ? ` (until ${effectivity.effective_to})` : ''}`;
    return {
      ...common,
      status: 'not_in_force',
      summary: `not_in_force: "${c.text}" — ${doc.docNumber} is ${when}.`,
      provision: cited ? { ...cited, exists: null, repealed: false } : null,
    };
  }
  if (!cited) {
    return { ...common, status: 'valid', summary: `valid: "${c.text}" — ${doc.docNumber}, in force on ${iso}.`, provision: null };
  }
  if (w.unavailable || !index || index.sections.length === 0) {
    const unavailable = w.unavailable ?? {
      reason: index ? 'no_provisions' : 'hash_only',
      message: index
        ? 'The text of the version in force on that day holds no § or čl. (the source has little more than its title), so its provisions cannot be checked.'
        : 'The database holds no text of the version in force on that day, so its provisions cannot be read.',
      source_url: eSbirkaUrl(doc.naturalKey, iso),
    };
    return {
      ...common,
      status: 'unverified',
      summary: `unverified: "${c.text}" — ${doc.docNumber} is in force on ${iso}, but ${cited.label} cannot be checked: no text of that day (see ${unavailable.source_url ?? 'e-Sbírka'}).`,
      provision: { ...cited, exists: null, repealed: false },
      text_unavailable: unavailable,
    };
  }
  return provisionVerdict(common, cited, index, named, iso, doc, w.amendments, text);
}

const placers = new WeakMap<ProvisionIndex, (target: string) => string | null>();
/** targets.ts's place of a písmeno named without its odstavec, over the version's ids (once per cached index). */
function placerOf(index: ProvisionIndex): (target: string) => string | null {
  let p = placers.get(index);
  if (!p) {
    p = odstavecPlacer(index.byId.keys());
    placers.set(index, p);
  }
  return p;
}

function provisionVerdict(
  common: Omit<CheckedCitation, 'status' | 'summary' | 'provision'>,
  cited: CitedProvision,
  index: ProvisionIndex,
  named: string,
  iso: string,
  doc: DocumentFacts,
  amended: Amended | undefined,
  /** The version's text where an effect reaches provisions by the footnotes they cite. */
  text: string | null,
): CheckedCitation {
  const entry = index.byId.get(cited.id);
  const ancestors: string[] = [];
  for (let p = entry?.parent ?? null; p !== null; p = index.byId.get(p)?.parent ?? null) ancestors.push(p);
  const inView = doc.inView;
  const outstanding = amended && inView ? outstandingEffects(amended.amendments, inView, iso, amended.versions) : [];
  const textStatus = provisionStatus(
    cited.id,
    ancestors,
    Boolean(entry),
    outstanding,
    citesOfText(entry && text?.slice(entry.start, entry.end)),
    { place: placerOf(index), text: entry && text ? text.slice(entry.start, entry.end) : null },
  );
  const acts = amended?.amendments.acts ?? [];
  const effects = textStatus.effects.map((e) => presentEffect(e, acts));
  const madeBy = amended && inView && entry ? rebuiltBy(amended.amendments, inView, amended.rebuilt, cited.id, ancestors) : [];
  const textSource = madeBy.length ? ('rebuilt' as const) : ('source' as const);
  // #35: the act and the provision are in force, but an amendment in force that day changed it
  // (or makes it) and the collection lacks that text: not plain valid.
  if (textStatus.status !== 'current') {
    const first = textStatus.effects[0];
    const by = first
      ? `${first.amendingKey.replace(/^sb\/(\d+)\/(\d+)$/, '$2/$1 Sb.')}${first.point ? ` (point ${first.point})` : ''}`
      : 'an amendment';
    return {
      ...common,
      status: 'amended_not_in_source',
      summary:
        `amended_not_in_source: "${common.text}" — ${named} ${entry ? 'exists' : 'is made by an amendment'} in force on ${iso}, ` +
        `but ${by}, in force since ${first?.effectiveFrom ?? 'then'}, changed it and the collection has no text with the change; check the official text (${common.links.e_sbirka ?? 'e-Sbírka'}).`,
      provision: {
        id: cited.id,
        label: entry?.label ?? cited.label,
        exists: Boolean(entry),
        repealed: Boolean(entry?.repealed),
        text_status: textStatus.status,
        text_source: textSource,
      },
      outstanding_effects: effects,
    };
  }
  if (entry && !entry.repealed) {
    return {
      ...common,
      status: 'valid',
      summary: `valid: "${common.text}" — ${named} exists and is in force on ${iso}${textSource === 'rebuilt' ? ' (its wording rebuilt from the amending acts, not an official consolidation)' : ''}.`,
      provision: { id: cited.id, label: entry.label, exists: true, repealed: false, text_status: 'current', text_source: textSource },
    };
  }
  const near = entry ? [] : nearest(index, cited.id);
  const why = entry ? 'was repealed (its text is only "zrušeno")' : 'does not exist';
  return {
    ...common,
    status: 'provision_not_found',
    summary: `provision_not_found: "${common.text}" — ${named} ${why} on ${iso}${near.length ? `; nearest: ${near.map((n) => n.label).join(', ')}` : ''}.`,
    provision: { ...cited, exists: Boolean(entry), repealed: Boolean(entry?.repealed) },
    nearest_provisions: near,
  };
}

interface Amended {
  amendments: DocumentAmendments;
  /** The document's rebuilt versions (their failed points), for the chain up to the one in view. */
  versions: VersionMeta[];
  rebuilt: Map<number, RebuiltChanges>;
}

/** The known amendments and rebuilt versions of the cited acts, in three queries for all of them. */
async function loadAmended(db: Database, docs: DocumentFacts[]): Promise<Map<string, Amended>> {
  if (!docs.length) return new Map();
  const rebuiltRows = await selectVersions(db)
    // JSON the rebuild writer stored in this shape.
    .select(['document_id', sql<RebuiltChanges | null>`rebuild -> 'changed'`.as('changed')])
    .where('document_id', '=', (eb) => eb.fn.any(eb.val(docs.map((d) => d.id))))
    .where('text_source', '=', 'rebuilt')
    .execute();
  const out = new Map<string, Amended>();
  await Promise.all(
    docs.map(async (d) => {
      const mine = rebuiltRows.filter((r) => r.document_id === d.id);
      out.set(d.id, {
        amendments: await loadAmendments(db, d.naturalKey),
        versions: mine.map(versionFromRow),
        rebuilt: new Map(mine.map((r) => [r.version, r.changed ?? {}])),
      });
    }),
  );
  return out;
}
