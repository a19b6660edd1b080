/**
 * What an effect's stored targets reach (#35 items 3 and 4): besides provision ids (`par_75`,
 * `par_76/odst_1`, `cast_1/hlava_2`), three forms the amending act states without the amended
 * act's text, resolved against a provision and its containers when a read or the evaluation asks:
 * - `*whole`: the whole act (a repeal of the act: "Zrušují se: … 4. vyhláška … č. 128/1975 Sb."), with
 *   its exceptions as `!id` ("…, s výjimkou § 132 až 134, § 139, části páté a přílohy č. 2";
 *   vyhláška č. 149/1988 Sb.): every provision but those and what lies inside them;
 * - `from..to`: a range's ends ("§ 9 až 20 se zrušují", `par_9..par_20`), stored beside the
 *   numbers between, so that a unit inserted since between its ends (§ 11a) is reached too; of
 *   písmena too ("písmena d) až j) se označují jako písmena e) až k)" reaches a "ch)" between them,
 *   which acts that letter so have and the reader cannot know);
 * - a container path with levels left out: a hlava, díl or oddíl named without its část ("Hlava III
 *   zní:" → `hlava_3`) reaches the one container of that number inside a část (`cast_1/hlava_3`), an
 *   oddíl named with its část but not its hlava ("oddíl první až jedenáctý části třetí" → `cast_3/oddil_1`)
 *   the one under that část's hlava (`cast_3/hlava_1/oddil_1`), where the caller knows it is one
 *   (`uniqueContainers`);
 * - a písmeno named without its odstavec ("V § 2 se písmena g) až i) zrušují" → `par_2/pism_g`) reaches
 *   the písmeno of the odstavec that holds it (`par_2/odst_1/pism_g`), where the caller knows the
 *   text's ids (`odstavecPlacer`);
 * - `^fn_3a`: the marks of a footnote in the text ("Dosavadní poznámky pod čarou č. 3a), 3b) a 3c) se
 *   označují jako poznámky č. 3d), 3e) a 3f), včetně odkazů na poznámku pod čarou", zákon č. 1/2002
 *   Sb., bod 12, on zákon č. 13/1993 Sb.): the provisions whose text cites `^3a)`, where the caller
 *   knows what a provision cites.
 * And a container all of whose §§ the targets reach is reached too (`containerReached`).
 * Every consumer of stored targets (the provision reads, the evaluation) goes through here.
 */

/** Not `*`, which a replacement "v celém textu" stores: that one reaches only the units holding its words. */
export const WHOLE_ACT_TARGET = '*whole';
/** The mark of a whole-act target's exception (`!par_132`; exceptTarget). */
export const EXCEPT_MARK = '!';
const RANGE = '..';
const CITES = '^';

/** The marks of a footnote in the text (`^fn_3a`), as stored beside the footnote's own id. */
export const citesTarget = (footnote: string): string => `${CITES}${footnote}`;

/** The footnotes (`fn_3a`) a text's marks (`^3a)`) cite. */
export function citedFootnotes(text: string): string[] {
  return [...new Set([...text.matchAll(/\^(\d+[a-z]*)\)/g)].map((m) => `fn_${m[1]}`))];
}

/** An exception of a whole-act target, as stored beside it (`!par_132`). */
export const exceptTarget = (id: string): string => `${EXCEPT_MARK}${id}`;

/** A range's ends as stored (`par_9..par_20`), beside the ids between them. */
export const rangeTarget = (from: string, to: string): string => `${from}${RANGE}${to}`;

/**
 * One effect's targets with its whole-act target and that target's exceptions folded into one
 * (`*whole!par_132!cast_5`): a list of several effects' targets keeps each exception with its own repeal.
 */
export function foldTargets(targets: readonly string[]): string[] {
  if (!targets.includes(WHOLE_ACT_TARGET)) return targets.filter((t) => !t.startsWith(EXCEPT_MARK));
  const except = targets.filter((t) => t.startsWith(EXCEPT_MARK));
  const rest = targets.filter((t) => t !== WHOLE_ACT_TARGET && !t.startsWith(EXCEPT_MARK));
  return [`${WHOLE_ACT_TARGET}${except.join('')}`, ...rest];
}

/** Whether a stored target is a provision id as the parser writes it (not one of the forms above). */
export const isPlainTarget = (t: string): boolean =>
  !t.startsWith(WHOLE_ACT_TARGET) && !t.startsWith(EXCEPT_MARK) && !t.startsWith(CITES) && !t.includes(RANGE);

const within = (id: string, outer: string) => id === outer || id.startsWith(`${outer}/`);

/**
 * A písmeno's place in the letters' order: "ch" after "h" (acts that use it: zákon č. 140/1961 Sb.),
 * two letters ("za", "aa") after "z".
 */
function letterOrder(letters: string): number | null {
  const at = (c: string) => c.charCodeAt(0) - 97;
  if (letters === 'ch') return at('h') + 0.5;
  if (/^[a-z]$/.test(letters)) return at(letters);
  if (/^[a-z]{2}$/.test(letters)) return 26 + at(letters[0]) * 26 + at(letters[1]);
  return null;
}

/** "par_11a" → [11, 'a'], "pism_ch" → its letter's place; null for a segment numbered otherwise. */
function numbered(seg: string): { type: string; n: number; suffix: string } | null {
  const m = /^([a-z]+)_(\d+)([a-z]*)$/.exec(seg);
  if (m) return { type: m[1], n: Number(m[2]), suffix: m[3] };
  const l = /^pism_([a-z]{1,2})$/.exec(seg);
  const n = l ? letterOrder(l[1]) : null;
  return n === null ? null : { type: 'pism', n, suffix: '' };
}

// Letters past z are longer (§ 144z, § 144aa, … § 144rr; § 175z, § 175za): a longer suffix follows.
const order = (a: { n: number; suffix: string }, b: { n: number; suffix: string }) =>
  a.n - b.n || a.suffix.length - b.suffix.length || (a.suffix < b.suffix ? -1 : a.suffix > b.suffix ? 1 : 0);

/** Whether a provision lies in a range's span (its own number or one of its containers' between the ends). */
function inRange(from: string, to: string, provision: string): boolean {
  const f = from.split('/');
  const t = to.split('/');
  if (f.length !== t.length) return false;
  const depth = f.length - 1;
  const prefix = f.slice(0, depth).join('/');
  if (prefix !== t.slice(0, depth).join('/')) return false;
  const p = provision.split('/');
  if (p.length <= depth || p.slice(0, depth).join('/') !== prefix) return false;
  const a = numbered(f[depth]);
  const b = numbered(t[depth]);
  const x = numbered(p[depth]);
  if (!a || !b || !x || a.type !== b.type || x.type !== a.type) return false;
  return order(a, x) <= 0 && order(x, b) <= 0;
}

export interface ReachContext {
  /** The provision's containers (část, hlava, díl, oddíl ids, as the parser writes them). */
  ancestors: readonly string[];
  /**
   * Whether a container named without its část (`hlava_3`) is, in the act's tree, the one
   * container of that number inside a část (`cast_1/hlava_3`). Without it, the provision's own
   * container of that number is taken (a read errs to flagging).
   */
  unique?: (target: string, container: string) => boolean;
  /**
   * The footnotes the provision's text cites (`citedFootnotes`; the evaluation takes both texts'):
   * what a `^fn_N` target reaches. Without it such a target reaches nothing.
   */
  cites?: (provision: string) => readonly string[];
  /**
   * Where the text numbers a písmeno named without its odstavec (`odstavecPlacer` over the text's
   * ids). Without it such a target reaches only what its own id does.
   */
  place?: (target: string) => string | null;
}

// A § (or a čl.'s §) and a písmeno right under it: `par_2/pism_g`, `par_2/pism_g/bod_1`.
const PISM_OF_PAR = /^((?:[^/]+\/)*par_[^/]+)\/(pism_[^/]+)((?:\/.*)?)$/;
const ODST_PISM = /^((?:[^/]+\/)*par_[^/]+)\/(odst_[^/]+)\/(pism_[^/]+)(?:\/|$)/;

/**
 * Where a text numbers a písmeno that an instruction names without its odstavec ("V § 2 se písmena
 * g) až i) zrušují", zákon č. 238/2012 Sb. on zákon č. 634/1992 Sb., where the letters sit in § 2
 * odst. 1): the odstavec that holds that letter when only one does, or, none holding it (a letter
 * added), the §'s one odstavec holding písmena. Null where the text has the id as named or the
 * place is not one. `ids`: the text's provision ids (both texts' where two are compared).
 */
export function odstavecPlacer(ids: Iterable<string>): (target: string) => string | null {
  const known = new Set<string>();
  const holding = new Map<string, Set<string>>();
  const letters = new Map<string, Set<string>>();
  const add = (m: Map<string, Set<string>>, k: string, v: string) => {
    const set = m.get(k);
    if (set) set.add(v);
    else m.set(k, new Set([v]));
  };
  for (const raw of ids) {
    const id = raw.replace(/~\d+/g, '');
    known.add(id);
    const m = ODST_PISM.exec(id);
    if (!m) continue;
    add(letters, `${m[1]}/${m[3]}`, m[2]);
    add(holding, m[1], m[2]);
  }
  const one = (s: Set<string> | undefined) => (s && s.size === 1 ? [...s][0] : null);
  return (target) => {
    const m = PISM_OF_PAR.exec(target);
    if (!m || known.has(target) || known.has(`${m[1]}/${m[2]}`)) return null;
    const found = letters.get(`${m[1]}/${m[2]}`);
    const odst = found ? one(found) : one(holding.get(m[1]));
    return odst === null ? null : `${m[1]}/${odst}/${m[2]}${m[3]}`;
  };
}

/** A plain or range target with its písmena placed in their odstavec (`ReachContext.place`), or null. */
function placed(target: string, place: (target: string) => string | null): string | null {
  const r = target.indexOf(RANGE);
  if (r < 0) return place(target);
  const from = place(target.slice(0, r));
  const to = place(target.slice(r + RANGE.length));
  return from !== null && to !== null ? rangeTarget(from, to) : null;
}

/**
 * Whether a container (část, hlava, díl, oddíl) is reached through its §§: every one of them is
 * (`reached`, the caller's reach of a provision by the same targets). A repeal of every § in it
 * ("§ 22 až 146a … se zrušují", zákon č. 362/2003 Sb. on zákon č. 154/1994 Sb.) takes část čtvrtá and
 * its hlavy out of the text, and no target names them. `members`: the §§ the caller's text holds in it.
 */
export function containerReached(members: readonly string[], reached: (provision: string) => boolean): boolean {
  return members.length > 0 && members.every(reached);
}

/**
 * Whether one (folded) target reaches a provision: `plain` is the caller's rule for a provision id
 * (the same unit, one inside it, one holding it: the reads and the evaluation differ in the last).
 */
export function targetReaches(target: string, provision: string, ctx: ReachContext, plain: (t: string) => boolean): boolean {
  if (target.startsWith(WHOLE_ACT_TARGET)) {
    const except = target.split(EXCEPT_MARK).slice(1);
    return !except.some((e) => within(provision, e) || ctx.ancestors.includes(e));
  }
  if (target.startsWith(EXCEPT_MARK)) return false;
  if (target.startsWith(CITES)) return ctx.cites?.(provision).includes(target.slice(CITES.length)) ?? false;
  const moved = ctx.place ? placed(target, ctx.place) : null;
  if (moved !== null && targetReaches(moved, provision, { ...ctx, place: undefined }, plain)) return true;
  const r = target.indexOf(RANGE);
  if (r >= 0) {
    const from = target.slice(0, r);
    const to = target.slice(r + RANGE.length);
    return inRange(from, to, provision) || plain(from) || plain(to);
  }
  if (plain(target)) return true;
  // A container path with levels left out: "Hlava III" of an act whose hlavy sit in části
  // (`hlava_3` → `cast_1/hlava_3`), "oddíl první části třetí" of one whose oddíly sit in a hlava
  // (`cast_3/oddil_1` → `cast_3/hlava_1/oddil_1`): the container so named among the provision's own.
  // Most targets name a § (`par_5/odst_2`): no container to fill, and no split of every one per provision asked.
  if (!CONTAINER_FIRST.test(target)) return false;
  const segs = target.split('/');
  let depth = 0;
  while (depth < segs.length && CONTAINER.test(segs[depth])) depth++;
  if (depth === 0) return false;
  const named = segs.slice(0, depth);
  const tail = segs.slice(depth);
  for (const c of [provision, ...ctx.ancestors]) {
    const path = c.split('/');
    for (let end = depth + 1; end <= path.length; end++) {
      const container = path.slice(0, end);
      if (!fillsLevels(named, container)) continue;
      const full = container.join('/');
      if (ctx.unique && !ctx.unique(named.join('/'), full)) continue;
      const resolved = [...container, ...tail].join('/');
      if (plain(resolved) || ctx.ancestors.includes(resolved)) return true;
    }
  }
  return false;
}

const CONTAINER = /^(?:cast|hlava|dil|oddil|pododdil)_[^/]+$/;
/** A path whose first segment is a CONTAINER. */
const CONTAINER_FIRST = /^(?:cast|hlava|dil|oddil|pododdil)_[^/]+(?:\/|$)/;

/**
 * Whether a container's path (`cast_3/hlava_1/oddil_1`) is a named one (`cast_3/oddil_1`, `hlava_3`)
 * with levels left out: the named segments in order, the last one last, and what lies between them
 * containers only.
 */
function fillsLevels(named: readonly string[], path: readonly string[]): boolean {
  if (path.length <= named.length || path[path.length - 1] !== named[named.length - 1]) return false;
  let i = 0;
  for (const seg of path.slice(0, -1)) {
    if (i < named.length - 1 && seg === named[i]) i++;
    else if (!CONTAINER.test(seg)) return false;
  }
  return i === named.length - 1;
}

/**
 * Whether a container path named with levels left out (`hlava_3`, `cast_3/oddil_1`) is, among a
 * text's ids, the one container it can be (`cast_1/hlava_3`, `cast_3/hlava_1/oddil_1`): the act's
 * tree decides it only when there is one and the name itself is none of the text's ids.
 */
export function uniqueContainers(ids: Iterable<string>): (target: string, container: string) => boolean {
  const all = new Set([...ids].map((id) => id.replace(/~\d+/g, '')));
  const found = new Map<string, string | null>();
  return (target, container) => {
    if (!found.has(target)) {
      const named = target.split('/');
      const matching = [...all].filter((id) => fillsLevels(named, id.split('/')));
      found.set(target, !all.has(target) && matching.length === 1 ? matching[0] : null);
    }
    return found.get(target) === container;
  };
}

/** Whether any of an effect's stored targets reaches a provision (`targetReaches` over `foldTargets`). */
export function effectReaches(targets: readonly string[], provision: string, ctx: ReachContext, plain: (t: string) => boolean): boolean {
  return foldedTargets(targets).some((t) => targetReaches(t, provision, ctx, plain));
}

/**
 * `foldTargets` of a stored list, once per list: a search page asks every outstanding effect of
 * its documents against each of its hits, and the effects are cached with their lists (which are
 * never changed after they are read).
 */
const folded = new WeakMap<readonly string[], readonly string[]>();
function foldedTargets(targets: readonly string[]): readonly string[] {
  let f = folded.get(targets);
  if (f === undefined) {
    f = foldTargets(targets);
    folded.set(targets, f);
  }
  return f;
}
