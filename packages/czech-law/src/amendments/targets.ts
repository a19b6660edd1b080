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
 * - a hlava, díl or oddíl named without its část ("Hlava III zní:" → `hlava_3`) reaches the one
 *   container of that number inside a část (`cast_1/hlava_3`), where the caller knows it is one.
 * - `^fn_3a`: the marks of a footnote in the text ("Dosavadní poznámky pod čarou č. 3a), 3b) a 3c) se
 *   označují jako poznámky č. 3d), 3e) a 3f), včetně odkazů na poznámku pod čarou", zákon č. 1/2002
 *   Sb., bod 12, on zákon č. 13/1993 Sb.): the provisions whose text cites `^3a)`, where the caller
 *   knows what a provision cites.
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

const SUBCONTAINER = /^(?:hlava|dil|oddil|pododdil)_[^/]+$/;

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
  const r = target.indexOf(RANGE);
  if (r >= 0) {
    const from = target.slice(0, r);
    const to = target.slice(r + RANGE.length);
    return inRange(from, to, provision) || plain(from) || plain(to);
  }
  if (plain(target)) return true;
  if (!SUBCONTAINER.test(target.split('/')[0])) return false;
  // "Hlava III" of an act whose hlavy sit in části: the container of that number in the provision's část.
  const head = target.split('/')[0];
  for (const c of [provision, ...ctx.ancestors]) {
    const cast = /^(cast_[^/]+)\//.exec(c)?.[1];
    if (!cast || !within(c, `${cast}/${head}`)) continue;
    if (ctx.unique && !ctx.unique(head, `${cast}/${head}`)) continue;
    const resolved = `${cast}/${target}`;
    if (plain(resolved) || ctx.ancestors.includes(resolved)) return true;
  }
  return false;
}

/** Whether any of an effect's stored targets reaches a provision (`targetReaches` over `foldTargets`). */
export function effectReaches(targets: readonly string[], provision: string, ctx: ReachContext, plain: (t: string) => boolean): boolean {
  return foldTargets(targets).some((t) => targetReaches(t, provision, ctx, plain));
}
