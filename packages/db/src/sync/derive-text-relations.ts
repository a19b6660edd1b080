import { collectionCitation } from '@dp/czech-law';

export interface TextRelation {
  type: 'repeals' | 'cites';
  target: string;
  targetDocNumber: string;
  methods: string[];
  evidence: string | null;
}

// A repealed document is named by its kind first ("zákon č. …", "vyhláška ministerstva … č. …");
// "§ 33 zákona č. …" or "Čl. I zákona č. …" repeal parts of a document, not the document.
const KIND = '(?:[Zz]ákon(?:né opatření)?|[Vv]yhláška|[Nn]ařízení|[Úú]stavní zákon|[Dd]ekret|[Oo]patření|[Uu]snesení|[Ss]dělení)';
const SINGLE_REPEAL = new RegExp(`Zrušuj[eí] se (${KIND}[^\\n]*?č\\. ?(\\d{1,5})/(\\d{4}) Sb\\.)`, 'g');
const LIST_HEAD = /Zrušuj[eí] se:[ \t]*\n/g;
const LIST_ITEM = new RegExp(`^- (\\d+)\\. (${KIND}[^\\n]*?č\\. ?(\\d{1,5})/(\\d{4}) Sb\\.)`);
/**
 * A repeal that keeps some units of the act ("…, s výjimkou § 132 až 134, části páté a přílohy č. 2;",
 * "…, kromě § 12a až 12e,"): a partial repeal, the act stays in force in them (docs/DECISIONS.md),
 * so no `repeals` edge (which ends the act's effect on the repealing act's day).
 */
const KEEPS_UNITS = /[^;\n]*?(?:,\s*|\s+)(?:s\s+výjimkou|kromě)\s+(?:ustanovení\s+)?(?:§|čl\.|článk|část|hlav|díl|oddíl|příloh)/uy;
/** Whether the repeal whose citation ends at `at` keeps units (KEEPS_UNITS, read in place: no copy of the text's rest). */
const keepsUnitsAt = (text: string, at: number): boolean => {
  KEEPS_UNITS.lastIndex = at;
  return KEEPS_UNITS.test(text);
};
// "Sb. m. s." is the treaty collection, a different numbering.
const CITATION = /č\. ?(\d{1,5})\/(\d{4}) Sb\.(?! ?m\. ?s\.)/g;

/**
 * Edges a document's own text states: `repeals` where it says "Zrušuje se …" / "Zrušují se:"
 * followed by a list of whole documents (evidence: the words that say so; not where the repeal keeps
 * some of their units), `cites` for every
 * "č. N/YYYY Sb." it mentions. Never an edge to itself; one edge per type and target.
 */
export function deriveTextRelations(text: string, selfKey: string): TextRelation[] {
  const repeals = new Map<string, TextRelation>();
  const addRepeal = (number: string, year: string, evidence: string) => {
    const c = collectionCitation(`${number}/${year} Sb.`);
    if (!c || c.naturalKey === selfKey || repeals.has(c.naturalKey)) return;
    repeals.set(c.naturalKey, { type: 'repeals', target: c.naturalKey, targetDocNumber: c.docNumber, methods: ['text-pattern'], evidence });
  };
  for (const m of text.matchAll(SINGLE_REPEAL)) {
    if (!keepsUnitsAt(text, (m.index ?? 0) + m[0].length)) addRepeal(m[2], m[3], m[0]);
  }
  for (const head of text.matchAll(LIST_HEAD)) {
    let pos = (head.index ?? 0) + head[0].length;
    while (pos < text.length) {
      const nl = text.indexOf('\n', pos);
      const line = text.slice(pos, nl < 0 ? text.length : nl);
      pos = nl < 0 ? text.length : nl + 1;
      if (line.trim() === '') continue;
      if (!line.startsWith('- ')) break;
      const item = LIST_ITEM.exec(line);
      if (item && !keepsUnitsAt(line, item[0].length)) addRepeal(item[3], item[4], `Zrušuje se: … ${item[1]}. ${item[2]}`);
    }
  }
  const cites = new Map<string, TextRelation>();
  for (const m of text.matchAll(CITATION)) {
    const c = collectionCitation(`${m[1]}/${m[2]} Sb.`);
    if (!c || c.naturalKey === selfKey || cites.has(c.naturalKey)) continue;
    cites.set(c.naturalKey, {
      type: 'cites',
      target: c.naturalKey,
      targetDocNumber: c.docNumber,
      methods: ['text-citation'],
      evidence: null,
    });
  }
  return [...repeals.values(), ...cites.values()];
}
