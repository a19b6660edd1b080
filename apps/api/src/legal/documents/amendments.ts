import { cursorKind, eSbirkaUrl, formatIsoDate, invalidRequest, type AmendmentStatus, type EffectStatus } from '@dp/core';
import { z } from 'zod';
import { citedFootnotes, containerReached, effectReaches, everywhereHolds, textLacks, WHOLE_ACT_TARGET } from '@dp/czech-law';
import { sql, type Database, type EffectInput, type TableRow } from '@dp/db';
import type { VersionMeta } from './load';

/**
 * #35: what the source's texts of an act lack. The amending acts of the collection say what they
 * change (their instruction points, each with its targets and effective date: `amendment_effect`,
 * written from the amending act's text by the sync and the import); the act's versions say which
 * day each text represents. An effect whose date falls after the text's day and on or before the
 * day asked is outstanding: that text is not the day's law where the effect reaches.
 */

/**
 * One instruction point of an amending act for this act (a row of `amendment_effect`): the shape its
 * writer stores, by its amending act, with the act's publication day where it is in the collection
 * (a text dated before it cannot hold the point: `textLacks`).
 */
export type Effect = Omit<EffectInput, 'targetKey' | 'targetDocNumber'> & { amendingKey: string; actPublishedOn?: string | null };

/**
 * What a provision's status reads of an effect (`outstandingEffects`, `provisionStatus`): its point,
 * date, act's publication and targets, and the instruction only where it is a change throughout the
 * text (target `*`, whose words `everywhereHolds` reads): null where it is not read.
 */
export type StatusEffect = Pick<Effect, 'amendingKey' | 'ordinal' | 'effectiveFrom' | 'actPublishedOn' | 'targets'> & {
  instruction: string | null;
};

/** An act known to amend this one: from its own text, the source's history or the front matter. */
export interface AmendingAct {
  naturalKey: string;
  /** Null when the amending act is not in the collection (known from this act's front matter only). */
  id: string | null;
  docNumber: string | null;
  title: string | null;
  /** The amending act's own effectiveness date (front matter), the date of an act without read effects. */
  effectiveFrom: string | null;
  /** How the amendment is known: `source-text`, `source-history`, `source-metadata`. */
  methods: string[];
}

export interface DocumentAmendments<E extends StatusEffect = Effect> {
  acts: AmendingAct[];
  /** Ordered by effective date (undated last), amending act, point. */
  effects: E[];
}

export const NO_AMENDMENTS: DocumentAmendments = Object.freeze({ acts: [], effects: [] });

const iso = (d: Date | string | null): string | null => (d === null ? null : typeof d === 'string' ? d.slice(0, 10) : formatIsoDate(d));

/** The amending acts and effects known for a document (by its natural key), two small queries. */
export async function loadAmendments(db: Database, naturalKey: string): Promise<DocumentAmendments> {
  return (await loadAmendmentsOf(db, [naturalKey])).get(naturalKey) ?? NO_AMENDMENTS;
}

/** The rows of `amendment_effect` for these acts (by natural key), in the order the listing shows them. */
function selectEffects(db: Database, keys: string[]) {
  const k = db.kysely;
  return k
    .selectFrom('amendment_effect as e')
    .leftJoin('document as a', 'a.natural_key', 'e.amending_key')
    .select([
      'e.target_key',
      'e.amending_key',
      'e.ordinal',
      'e.point',
      'e.part',
      'e.article',
      'e.effective_from',
      'e.date_basis',
      'e.kinds',
      'e.targets',
      'e.instruction',
      'a.published_on',
    ])
    .where('e.target_key', '=', (eb) => eb.fn.any(eb.val(keys)))
    .orderBy('e.target_key')
    .orderBy('e.effective_from', (ob) => ob.asc().nullsLast())
    .orderBy('e.amending_key')
    .orderBy('e.ordinal');
}

/**
 * The acts known to amend these acts: edges of amending acts in the collection (`amends`, on the
 * amending act), the acts of the collection whose read effects change them without such an edge
 * (a whole act repealed writes none: docs/DECISIONS.md, h-recall3; its effect still names its act),
 * and the acts only an act's front matter or history names (sync_amendment facts whose act is not
 * here).
 */
function selectActs(db: Database, keys: string[]) {
  const k = db.kysely;
  return k
    .selectFrom('document_relation as r')
    .innerJoin('document as src', 'src.id', 'r.source_id')
    .select((eb) => [
      'r.target_key',
      'src.natural_key',
      // Nullable: the facts' rows below have none of these.
      eb.ref('src.id').$castTo<string | null>().as('id'),
      eb.ref('src.doc_number').$castTo<string | null>().as('doc_number'),
      eb.ref('src.title').$castTo<string | null>().as('title'),
      'src.effective_from',
      'r.methods',
    ])
    .where('r.target_key', '=', (eb) => eb.fn.any(eb.val(keys)))
    .where('r.type', '=', 'amends')
    .unionAll(
      k
        // Each act once before the edge is looked for (an act has many points on a document).
        .selectFrom((eb) =>
          eb
            .selectFrom('amendment_effect')
            .select(['target_key', 'amending_key'])
            .distinct()
            .where('target_key', '=', (w) => w.fn.any(w.val(keys)))
            .as('e'),
        )
        .innerJoin('document as src', 'src.natural_key', 'e.amending_key')
        .select((eb) => [
          'e.target_key',
          'src.natural_key',
          eb.ref('src.id').$castTo<string | null>().as('id'),
          eb.ref('src.doc_number').$castTo<string | null>().as('doc_number'),
          eb.ref('src.title').$castTo<string | null>().as('title'),
          'src.effective_from',
          sql<string[]>`ARRAY['source-text']`.as('methods'),
        ])

        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('document_relation as r')
                .select(sql.lit(1).as('one'))
                .whereRef('r.source_id', '=', 'src.id')
                .whereRef('r.target_key', '=', 'e.target_key')
                .where('r.type', '=', 'amends'),
            ),
          ),
        ),
    )
    .unionAll(
      k
        .selectFrom('sync_amendment as f')
        .select([
          'f.target_key',
          'f.amending_key as natural_key',
          sql<string | null>`NULL`.as('id'),
          sql<string | null>`NULL`.as('doc_number'),
          sql<string | null>`NULL`.as('title'),
          sql<Date | null>`NULL`.as('effective_from'),
          sql<string[]>`array_remove(ARRAY[CASE WHEN f.from_history THEN 'source-history' END,
                                             CASE WHEN f.from_metadata THEN 'source-metadata' END], NULL)`.as('methods'),
        ])
        .where('f.target_key', '=', (eb) => eb.fn.any(eb.val(keys)))
        .where((eb) =>
          eb.and([
            eb.or([eb.ref('f.from_history'), eb.ref('f.from_metadata')]),
            eb.not(eb.exists(eb.selectFrom('document as d').select(sql.lit(1).as('one')).whereRef('d.natural_key', '=', 'f.amending_key'))),
          ]),
        ),
    );
}

type EffectRow = Awaited<ReturnType<ReturnType<typeof selectEffects>['execute']>>[number];
/** An act known to amend a document: its `amends` edge, or a sync fact naming an act not in the collection. */
type ActRow = Awaited<ReturnType<ReturnType<typeof selectActs>['execute']>>[number];

/** The same for several documents (by natural key) in the same two queries: a search page's documents. */
export async function loadAmendmentsOf(db: Database, naturalKeys: readonly string[]): Promise<Map<string, DocumentAmendments>> {
  const out = new Map<string, DocumentAmendments>();
  if (!naturalKeys.length) return out;
  const keys = [...naturalKeys];
  const [effects, acts] = await Promise.all([selectEffects(db, keys).execute(), selectActs(db, keys).execute()]);
  for (const key of keys) {
    const own = effects.filter((e) => e.target_key === key);
    const by = acts.filter((a) => a.target_key === key);
    out.set(key, own.length || by.length ? amendmentsOf(own, by) : NO_AMENDMENTS);
  }
  return out;
}

/** An effect as a row of `amendment_effect` holds it. */
export function effectOf(e: Omit<EffectRow, 'target_key'>): Effect {
  return {
    amendingKey: e.amending_key,
    ordinal: e.ordinal,
    point: e.point,
    part: e.part,
    article: e.article,
    effectiveFrom: iso(e.effective_from),
    dateBasis: e.date_basis,
    kinds: e.kinds,
    targets: e.targets,
    instruction: e.instruction,
    actPublishedOn: iso(e.published_on),
  };
}

/**
 * The effects of these acts that can be outstanding for a text in view (`outstandingEffects`):
 * those on or before `day` that a text of its day (`textDay`, ISO) may lack (`textLacks`: dated
 * after it, of its own day, or, for a text of the source, of an act published after it), and, for
 * a rebuilt text (`rebuilt`: its document and version), the points its chain of rebuilt versions up
 * to it left unapplied (their `rebuild.failed`), in `selectEffects`' order, as a provision's status reads them
 * (`StatusEffect`). A search page's provision statuses need no more: an act amended hundreds of
 * times is not read whole for each hit, nor the instructions of a rebuilt chain's thousands of
 * unapplied points, which the statement finds itself rather than being sent them (#37 latency).
 */
export async function loadEffectsAfter(
  db: Database,
  texts: readonly { targetKey: string; textDay: string; rebuilt?: { documentId: string; version: number } }[],
  day: string,
): Promise<Map<string, StatusEffect[]>> {
  const out = new Map<string, StatusEffect[]>(texts.map((t) => [t.targetKey, []]));
  if (!texts.length) return out;
  // Dates as ISO text, as an effect holds them (not a Date per row made and formatted again).
  const cols = sql`e.target_key, e.amending_key, e.ordinal, to_char(e.effective_from, 'YYYY-MM-DD') AS effective_from, e.targets,
    CASE WHEN '*' = ANY(e.targets) THEN e.instruction END AS instruction, to_char(a.published_on, 'YYYY-MM-DD') AS published_on`;
  const rebuilt = texts.filter((t) => t.rebuilt);
  // A retroactive act's points only for a text of the source: a rebuilt text holds what its chain
  // applied, and lacks only the later points and those it failed (`outstandingEffects`).
  const source = texts.filter((t) => !t.rebuilt);
  // A range of the (target_key, effective_from) index per act, and the failed points by key; UNION
  // drops a failed point also in the range (or failed in several versions of the chain).
  const rows = await sql<StatusEffectRow>`
    SELECT ${cols}
    FROM unnest(${texts.map((t) => t.targetKey)}::text[], ${texts.map((t) => t.textDay)}::date[]) AS k(target_key, text_day)
    JOIN "amendment_effect" e ON e.target_key = k.target_key AND e.effective_from >= k.text_day AND e.effective_from <= ${day}::date
    LEFT JOIN "document" a ON a.natural_key = e.amending_key
    UNION
    SELECT ${cols}
    FROM unnest(${source.map((t) => t.targetKey)}::text[], ${source.map((t) => t.textDay)}::date[]) AS k(target_key, text_day)
    JOIN "amendment_effect" e ON e.target_key = k.target_key AND e.effective_from < k.text_day AND e.effective_from <= ${day}::date
    JOIN "document" a ON a.natural_key = e.amending_key AND a.published_on > k.text_day
    UNION
    SELECT ${cols}
    FROM unnest(${rebuilt.map((t) => t.targetKey)}::text[], ${rebuilt.map((t) => t.rebuilt!.documentId)}::text[],
                ${rebuilt.map((t) => t.rebuilt!.version)}::int[]) AS k(target_key, document_id, version)
    JOIN "document_version" v ON v.document_id = k.document_id AND v.text_source = 'rebuilt' AND v.version <= k.version
    CROSS JOIN LATERAL jsonb_to_recordset(v.rebuild -> 'failed') AS f(amending_key text, ordinal int)
    -- Each point by its key (LIMIT: not flattened into a scan of the act's every effect per version).
    CROSS JOIN LATERAL (
      SELECT * FROM "amendment_effect" e
      WHERE e.amending_key = f.amending_key AND e.target_key = k.target_key AND e.ordinal = f.ordinal AND e.effective_from IS NOT NULL
      LIMIT 1
    ) e
    LEFT JOIN "document" a ON a.natural_key = e.amending_key
    ORDER BY target_key, effective_from NULLS LAST, amending_key, ordinal`.execute(db.kysely);
  for (const r of rows.rows)
    out.get(r.target_key)?.push({
      amendingKey: r.amending_key,
      ordinal: r.ordinal,
      effectiveFrom: r.effective_from,
      actPublishedOn: r.published_on,
      targets: r.targets,
      instruction: r.instruction,
    });
  return out;
}

/**
 * `loadEffectsAfter`'s row: the effect's columns as stored, its dates as ISO text (`to_char`), its
 * instruction only for a change throughout the text.
 */
type StatusEffectRow = Pick<TableRow<'amendment_effect'>, 'target_key' | 'amending_key' | 'ordinal' | 'targets'> & {
  effective_from: string;
  instruction: TableRow<'amendment_effect'>['instruction'] | null;
  published_on: string | null;
};

function amendmentsOf(effects: Omit<EffectRow, 'target_key'>[], acts: Omit<ActRow, 'target_key'>[]): DocumentAmendments {
  return {
    effects: effects.map(effectOf),
    acts: acts.map((a) => ({
      naturalKey: a.natural_key,
      id: a.id,
      docNumber: a.doc_number,
      title: a.title,
      effectiveFrom: iso(a.effective_from),
      methods: a.methods,
    })),
  };
}

/** The day a version's text represents, as ISO. */
const textDay = (v: VersionMeta) => formatIsoDate(v.textAsOf);

/**
 * The effects the text of `inView` lacks on `day`: known effects dated after the text's day and on
 * or before `day`. Undated effects are not counted here (their act's own date stands in for them
 * in `outstandingActs`).
 */
export function outstandingEffects<E extends StatusEffect>(
  amendments: DocumentAmendments<E>,
  inView: VersionMeta | undefined,
  day: string,
  versions: readonly VersionMeta[] = [],
): E[] {
  if (!inView || !amendments.effects.length) return [];
  const from = textDay(inView);
  // A rebuilt text (#36) lacks the points its chain of rebuilt versions could not apply.
  const failed = new Set(
    inView.textSource === 'rebuilt'
      ? versions
          .filter((v) => v.textSource === 'rebuilt' && v.version <= inView.version)
          .flatMap((v) => v.failed.map((f) => `${f.amendingKey}\u0000${f.ordinal}`))
      : [],
  );
  // A source text also lacks a retroactive act's points and those of its own day that the rebuild
  // took from it (`sourceLacks`); a rebuilt text holds what its chain applied.
  const lacks = (e: E) => (inView.textSource === 'source' ? sourceLacks(e, inView, versions) : e.effectiveFrom! > from);
  return amendments.effects.filter(
    (e) => e.effectiveFrom !== null && ((e.effectiveFrom <= day && lacks(e)) || failed.has(`${e.amendingKey}\u0000${e.ordinal}`)),
  );
}

/**
 * Whether a text of the source lacks an effect (`textLacks` of @dp/czech-law): dated after the text's
 * day; retroactive to it (the act published after it); or of its own day, by another act than the
 * version names, and taken by the rebuild from this text (which applies such a step only where the
 * text lacks it: a rebuilt version of the text's day by the act, or the point failed in the chain).
 */
export function sourceLacks(
  e: Pick<Effect, 'amendingKey' | 'ordinal' | 'effectiveFrom' | 'actPublishedOn'>,
  text: VersionMeta,
  versions: readonly VersionMeta[],
): boolean {
  const day = textDay(text);
  const why = textLacks(
    { act: e.amendingKey, effectiveFrom: e.effectiveFrom, publishedOn: e.actPublishedOn ?? null },
    day,
    text.amendedByKey,
  );
  if (why !== 'same_day') return why !== null;
  return versions.some(
    (v) =>
      v.textSource === 'rebuilt' &&
      textDay(v) === day &&
      (v.amendedByKey === e.amendingKey || v.failed.some((f) => f.amendingKey === e.amendingKey && f.ordinal === e.ordinal)),
  );
}

export interface OutstandingAct {
  act: AmendingAct;
  /** The dates of its outstanding points (or its own date when none of its points were read). */
  effectiveFrom: string[];
  effects: Effect[];
  /** False when the act's points for this document could not be read: what it changes is unknown. */
  effectsKnown: boolean;
}

/**
 * The amending acts whose changes the text of `inView` lacks on `day`: those with outstanding
 * effects, and those known to amend the act whose points were not read, in force after the text's
 * day (by their own effectiveness date) and by `day`.
 */
export function outstandingActs(
  amendments: DocumentAmendments,
  inView: VersionMeta | undefined,
  day: string,
  versions: readonly VersionMeta[] = [],
): OutstandingAct[] {
  if (!inView || !amendments.acts.length) return [];
  const from = textDay(inView);
  const effects = outstandingEffects(amendments, inView, day, versions);
  const withEffects = new Set(amendments.effects.map((e) => e.amendingKey));
  const out: OutstandingAct[] = [];
  for (const act of amendments.acts) {
    const own = effects.filter((e) => e.amendingKey === act.naturalKey);
    if (own.length) {
      // An act read from its title alone has one effect that names no point and no place: it is
      // known to amend this act, not what it changes.
      const known = own.some((e) => e.point !== null || e.targets.length > 0);
      out.push({ act, effectiveFrom: [...new Set(own.map((e) => e.effectiveFrom!))], effects: own, effectsKnown: known });
    } else if (!withEffects.has(act.naturalKey) && act.effectiveFrom !== null && act.effectiveFrom > from && act.effectiveFrom <= day) {
      out.push({ act, effectiveFrom: [act.effectiveFrom], effects: [], effectsKnown: false });
    }
  }
  return out.sort((a, b) => a.effectiveFrom[0].localeCompare(b.effectiveFrom[0]) || a.act.naturalKey.localeCompare(b.act.naturalKey));
}

/** Whether an effect's target reaches a provision: the same unit, one inside it, or one holding it. */
export function reaches(target: string, provision: string, ancestors: readonly string[]): boolean {
  return target === provision || holds(target, provision) || holds(provision, target) || ancestors.includes(target);
}

/** Whether `inner` is a unit inside `outer` (`${outer}/…`), without building that prefix: asked per effect and hit. */
const holds = (outer: string, inner: string): boolean =>
  inner.length > outer.length && inner.charCodeAt(outer.length) === 47 /* / */ && inner.startsWith(outer);

/**
 * Whether an effect's stored targets reach a provision: `reaches` for ids, targets.ts for a whole
 * act, a range, a hlava without its část, a footnote's marks (`cites`: the footnotes the
 * provision's text cites, `citesOfText`) and a písmeno named without its odstavec (`place`,
 * targets.ts `odstavecPlacer` over the text's tree).
 */
export function effectReachesProvision(
  targets: readonly string[],
  provision: string,
  ancestors: readonly string[],
  cites: readonly string[] = [],
  place?: (target: string) => string | null,
): boolean {
  return provisionReach(provision, ancestors, cites, place)(targets);
}

/** `effectReachesProvision` of one provision, for the targets of each of several effects (its context built once). */
export function provisionReach(
  provision: string,
  ancestors: readonly string[],
  cites: readonly string[] = [],
  place?: (target: string) => string | null,
): (targets: readonly string[]) => boolean {
  const ctx = { ancestors, cites: () => cites, place };
  const plain = (t: string) => reaches(t, provision, ancestors);
  return (targets) => effectReaches(targets, provision, ctx, plain);
}

/** What a read knows of the text's tree, for the rules of targets.ts that need it. */
export interface TreeFacts {
  /** A písmeno named without its odstavec, placed in the text (targets.ts `odstavecPlacer`). */
  place?: (target: string) => string | null;
  /**
   * For a container: the §§ inside it, each with its containers' ids (targets.ts `containerReached`);
   * asked only where no effect reaches the container itself (a table of contents reads every node).
   */
  members?: () => readonly { id: string; ancestors: readonly string[] }[];
  /**
   * The provision's text: what a change throughout the text (target `*`) reaches is the provisions
   * holding its words (`everywhereHolds`). Without it such a target reaches nothing.
   */
  text?: string | null;
}

/**
 * Whether some effect reaches provisions by their text: the footnotes it cites (`^fn_N`) or the words
 * a change throughout the text names (`*`). The caller then needs the text.
 */
export const needsCites = (effects: readonly { targets: readonly string[] }[]): boolean =>
  effects.some((e) => e.targets.some((t) => t.startsWith('^') || t === '*'));

/** The footnotes a provision's text cites (its marks `^3a)`), for `effectReachesProvision`. */
export const citesOfText = (text: string | null | undefined): string[] => (text ? citedFootnotes(text) : []);

/**
 * The status of a provision's text on a day (#35 item 3): `current` (no known outstanding effect
 * reaches it: "no known outstanding effects"), `amended_not_in_source` (an outstanding effect
 * reaches it or a unit around or inside it) or `not_in_source` (the text lacks the provision and
 * an outstanding effect makes it).
 */
export type ProvisionTextStatus = 'current' | 'amended_not_in_source' | 'not_in_source';

/**
 * `first`: only the status is wanted, of a provision the text holds (a search hit): the first
 * effect that reaches it decides it, and `effects` is that one (a rebuilt act's thousands of
 * unapplied points are not each asked of every hit).
 */
export function provisionStatus<E extends StatusEffect>(
  provision: string,
  ancestors: readonly string[],
  exists: boolean,
  outstanding: readonly E[],
  cites: readonly string[] = [],
  tree: TreeFacts = {},
  first = false,
): { status: ProvisionTextStatus; effects: E[] } {
  // Also a whole act repealed (less the units it keeps), a range's span, a footnote's marks and a
  // písmeno without its odstavec (packages/czech-law targets.ts).
  const reach = provisionReach(provision, ancestors, cites, tree.place);
  const text = tree.text;
  const holds = (e: E) => !!text && e.instruction !== null && e.targets.includes('*') && (everywhereHolds(e.instruction)?.(text) ?? false);
  const reaching = (e: E) => reach(e.targets) || holds(e);
  let effects: E[];
  if (first && exists) {
    const one = outstanding.find(reaching);
    effects = one ? [one] : [];
  } else effects = outstanding.filter(reaching);
  // A container every § of which the outstanding effects reach (all repealed: the část goes with them).
  const members = exists && !effects.length && tree.members ? tree.members() : [];
  if (members.length) {
    const by = new Map(
      members.map((m) => {
        const reachMember = provisionReach(m.id, m.ancestors, [], tree.place);
        return [m.id, outstanding.filter((e) => reachMember(e.targets))];
      }),
    );
    if (containerReached([...by.keys()], (id) => (by.get(id)?.length ?? 0) > 0)) {
      const held = new Set([...by.values()].flat());
      effects = outstanding.filter((e) => held.has(e));
    }
  }
  // A repeal of the whole act makes no provision: one the text lacks is unknown, not "not in source".
  if (!exists) {
    const making = effects.filter((e) => !e.targets.includes(WHOLE_ACT_TARGET));
    return { status: making.length ? 'not_in_source' : 'current', effects: making };
  }
  return { status: effects.length ? 'amended_not_in_source' : 'current', effects };
}

/** An effect as the API presents it: its act, point, date, kinds, targets and the instruction. */
export function presentEffect(e: Effect, acts: readonly AmendingAct[], instructionLimit = 2000) {
  const act = acts.find((a) => a.naturalKey === e.amendingKey);
  const cut = e.instruction.length > instructionLimit;
  return {
    amending_act: { natural_key: e.amendingKey, doc_number: act?.docNumber ?? null, title: act?.title ?? null },
    point: e.point,
    part: e.part,
    article: e.article,
    effective_from: e.effectiveFrom,
    date_basis: e.dateBasis,
    kinds: e.kinds,
    targets: e.targets,
    instruction: cut ? `${e.instruction.slice(0, instructionLimit)}…` : e.instruction,
    instruction_truncated: cut,
  };
}

/**
 * What the known amendments say of a provision the text lacks on a day: the latest repeal of it in
 * force by then ("§ 25 se zrušuje" the source applied), or, failing that, the earliest act that makes it
 * after the day. A read of such a provision answers "not found" with the reason, not a bare 404.
 */
export function absentProvisionEffects(
  effects: readonly Effect[],
  provision: string,
  day: string,
): { reason: 'repealed' | 'made_later'; effect: Effect } | null {
  const naming = effects.filter((e) => e.effectiveFrom !== null && e.targets.includes(provision));
  const repeal = naming
    .filter((e) => e.effectiveFrom! <= day && e.kinds.includes('repeal'))
    .sort((a, b) => b.effectiveFrom!.localeCompare(a.effectiveFrom!))[0];
  if (repeal) return { reason: 'repealed', effect: repeal };
  const made = naming
    .filter((e) => e.effectiveFrom! > day && (e.kinds.includes('insert') || e.kinds.includes('new_wording')))
    .sort((a, b) => a.effectiveFrom!.localeCompare(b.effectiveFrom!))[0];
  return made ? { reason: 'made_later', effect: made } : null;
}

/** An outstanding amending act as the document read lists it. */
export function presentOutstandingAct(o: OutstandingAct, naturalKey: string, day: string) {
  return {
    natural_key: o.act.naturalKey,
    doc_number: o.act.docNumber,
    title: o.act.title,
    effective_from: o.effectiveFrom,
    points: o.effectsKnown ? o.effects.length : 0,
    effects_known: o.effectsKnown,
    e_sbirka: eSbirkaUrl(naturalKey, day),
  };
}

/**
 * Whether a source text reflects an effect: a version with a text of the source that does not lack
 * it (`sourceLacks`: dated on or after the effect's day and its act's publication, and not a text of
 * its day from which the rebuild took it) exists (the source's texts are consolidations: a later one
 * holds every earlier amendment). Scheduled: in effect after `day`.
 */
export function effectStatus(
  effect: Pick<Effect, 'amendingKey' | 'ordinal' | 'effectiveFrom' | 'actPublishedOn'>,
  versions: readonly VersionMeta[],
  day: string,
): EffectStatus {
  const from = effect.effectiveFrom;
  if (from === null) return 'undated';
  if (versions.some((v) => v.hasText && v.textSource === 'source' && !sourceLacks(effect, v, versions))) return 'applied';
  if (from > day) return 'scheduled';
  // Applied by the engine (#36): a rebuilt version of its day or later, and no version of the chain failed it.
  const rebuilt = versions.filter((v) => v.textSource === 'rebuilt');
  if (
    rebuilt.some((v) => textDay(v) >= from) &&
    !rebuilt.some((v) => v.failed.some((f) => f.amendingKey === effect.amendingKey && f.ordinal === effect.ordinal))
  )
    return 'rebuilt';
  return 'unapplied';
}

/** An amendment's status from its effects' (or, without read effects, from its own date). */
export function amendmentStatus(statuses: readonly EffectStatus[]): AmendmentStatus {
  const s = new Set(statuses);
  if (!s.size || (s.size === 1 && s.has('undated'))) return 'undated';
  const done = s.has('applied') || s.has('rebuilt');
  if (s.has('unapplied')) return done ? 'partly_applied' : 'unapplied';
  if (s.has('rebuilt')) return 'rebuilt';
  if (s.has('applied')) return 'applied';
  return 'scheduled';
}

export interface AmendmentView {
  act: AmendingAct;
  status: AmendmentStatus;
  effectiveFrom: string[];
  effects: { effect: Effect; status: EffectStatus }[];
}

/** Every known amending act of a document with its statuses on `day`, oldest effect first. */
export function amendmentViews(amendments: DocumentAmendments, versions: readonly VersionMeta[], day: string): AmendmentView[] {
  const views = amendments.acts.map((act): AmendmentView => {
    const effects = amendments.effects
      .filter((e) => e.amendingKey === act.naturalKey)
      .map((effect) => ({ effect, status: effectStatus(effect, versions, day) }));
    const dates = effects.length
      ? [...new Set(effects.map((e) => e.effect.effectiveFrom).filter((d): d is string => d !== null))].sort()
      : act.effectiveFrom
        ? [act.effectiveFrom]
        : [];
    const status = effects.length
      ? amendmentStatus(effects.map((e) => e.status))
      : amendmentStatus([effectStatus({ amendingKey: act.naturalKey, ordinal: 0, effectiveFrom: act.effectiveFrom }, versions, day)]);
    return { act, status, effectiveFrom: dates, effects };
  });
  const first = (v: AmendmentView) => v.effectiveFrom[0] ?? '9999-12-31';
  return views.sort((a, b) => first(a).localeCompare(first(b)) || a.act.naturalKey.localeCompare(b.act.naturalKey));
}

/** The /amendments cursor: where the next page starts, for one day and status filter (already readable). */
const AMENDMENTS_CURSOR = cursorKind(z.strictObject({ offset: z.number().int().min(0), at: z.string(), statuses: z.string() }));

export interface ListAmendmentsOptions {
  day: string;
  statuses: readonly AmendmentStatus[];
  limit: number;
  cursor?: string;
  baseUrl: string;
}

/** GET /v1/legal/documents/{id}/amendments: the known amending acts, a page at a time. */
export function listAmendments(
  loaded: {
    doc: { id: string; naturalKey: string; docNumber: string; title: string };
    versions: VersionMeta[];
    amendments: DocumentAmendments;
  },
  o: ListAmendmentsOptions,
) {
  const statusKey = [...o.statuses].sort().join(',');
  let offset = 0;
  if (o.cursor !== undefined) {
    const c = AMENDMENTS_CURSOR.decode(o.cursor);
    if (!c || c.at !== o.day || c.statuses !== statusKey) {
      throw invalidRequest([{ field: 'cursor', problem: 'is not a cursor of this list (same document, day and statuses)' }]);
    }
    offset = c.offset;
  }
  const all = amendmentViews(loaded.amendments, loaded.versions, o.day).filter((v) => !o.statuses.length || o.statuses.includes(v.status));
  const page = all.slice(offset, offset + o.limit);
  const more = offset + page.length < all.length;
  const withText = loaded.versions.filter((v) => v.hasText && v.textSource === 'source');
  const newest = withText[withText.length - 1];
  const self = `${o.baseUrl}/v1/legal/documents/${encodeURIComponent(loaded.doc.naturalKey)}`;
  return {
    document: { id: loaded.doc.id, natural_key: loaded.doc.naturalKey, doc_number: loaded.doc.docNumber, title: loaded.doc.title },
    as_of: o.day,
    source_text_as_of: newest ? formatIsoDate(newest.textAsOf) : null,
    amendments: page.map((v) => ({
      amending_act: {
        natural_key: v.act.naturalKey,
        doc_number: v.act.docNumber,
        title: v.act.title,
        id: v.act.id,
        in_corpus: v.act.id !== null,
      },
      methods: v.act.methods,
      status: v.status,
      effective_from: v.effectiveFrom,
      effects: v.effects.map(({ effect, status }) => ({ ...presentEffect(effect, loaded.amendments.acts), status })),
    })),
    total: all.length,
    has_more: more,
    next_cursor: more ? AMENDMENTS_CURSOR.encode({ offset: offset + page.length, at: o.day, statuses: statusKey }) : null,
    links: { document: self, amendments: `${self}/amendments` },
  };
}

/** What one rebuilt version's points changed: provision id → the points (`amending_key`, `ordinal`). */
export type RebuiltChanges = Record<string, { amending_key: string; ordinal: number }[]>;

export async function loadRebuiltChanges(db: Database, documentId: string): Promise<Map<number, RebuiltChanges>> {
  const rows = await db.kysely
    .selectFrom('document_version')
    // JSON the rebuild writer stored in this shape.
    .select(['version', sql<RebuiltChanges | null>`rebuild -> 'changed'`.as('changed')])
    .where('document_id', '=', documentId)
    .where('text_source', '=', 'rebuilt')
    .execute();
  return new Map(rows.map((r) => [r.version, r.changed ?? {}]));
}

/**
 * The effects whose points the engine applied to make a provision's wording in the rebuilt version
 * in view (#36): those of every rebuilt version of its chain up to it that changed the provision,
 * a unit inside it or one holding it. Empty for a source text.
 */
export function rebuiltBy(
  amendments: DocumentAmendments,
  inView: VersionMeta,
  changes: ReadonlyMap<number, RebuiltChanges>,
  provision: string,
  ancestors: readonly string[],
): Effect[] {
  if (inView.textSource !== 'rebuilt') return [];
  const points = new Set<string>();
  for (const [version, changed] of changes) {
    if (version > inView.version) continue;
    for (const [id, by] of Object.entries(changed)) {
      if (reaches(id, provision, ancestors)) for (const b of by) points.add(`${b.amending_key}\u0000${b.ordinal}`);
    }
  }
  return amendments.effects.filter((e) => points.has(`${e.amendingKey}\u0000${e.ordinal}`));
}
