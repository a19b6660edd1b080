import { parseInstruction, readAmendingAct, titleOnlyAmendedAct, type AmendmentPoint } from '@dp/czech-law';
import type { EffectInput } from './write-effects';

/** What the sync and the import know of a document when they read it as an amending act. */
export interface AmendingTextMeta {
  naturalKey: string;
  /** ISO days of the front matter (`publication_date`, `effectiveness_date`). */
  publishedOn: string | null;
  effectiveFrom: string | null;
}

export interface ExtractedEffects {
  effects: EffectInput[];
  blocks: number;
  points: number;
}

/**
 * The effects an act's text has on other acts of the collection: every instruction point of every
 * block that amends another act (the reader: packages/czech-law amendments/read-amending-act.ts),
 * with its effective date and, from the instruction grammar, what it does and to which provisions.
 * Pure; any text reads (an act that amends nothing gives none). The blocks of the acts in `skip`
 * are left out whole (their points neither parsed nor counted): a later text of the act already
 * gave their effects (readEffectsOfTexts), and the grammar is most of the cost of a read.
 */
export function extractEffects(text: string, meta: AmendingTextMeta, skip?: ReadonlySet<string>): ExtractedEffects {
  const reading = readAmendingAct(text, {
    naturalKey: meta.naturalKey,
    publicationDate: meta.publishedOn,
    effectivenessDate: meta.effectiveFrom,
  });
  const effects: EffectInput[] = [];
  let points = 0;
  const ordinals = new Map<string, number>();
  for (const block of reading.blocks) {
    if (skip?.has(block.targetKey)) continue;
    for (const point of block.points) {
      points++;
      const ordinal = (ordinals.get(block.targetKey) ?? 0) + 1;
      ordinals.set(block.targetKey, ordinal);
      const parsed = parseInstruction(point);
      const kinds = [...new Set(parsed.effects.map((e) => e.kind))];
      // A sentence the grammar cannot read still names what it changes ("V příloze č. 2 v položce 5 se
      // částka … nahrazuje …"): its references are stored too, so that a read flags those provisions.
      const targets = [...new Set(parsed.effects.flatMap((e) => e.targets))];
      effects.push({
        targetKey: block.targetKey,
        targetDocNumber: block.targetCitation,
        ordinal,
        point: point.number,
        part: block.part,
        article: block.article ?? block.section ?? null,
        effectiveFrom: point.effective?.date ?? null,
        dateBasis: point.effective?.how ?? point.effective?.note ?? null,
        kinds,
        targets,
        instruction: point.instruction ?? point.text,
      });
    }
  }
  return { effects, blocks: reading.blocks.length, points };
}

/**
 * The effects of an act read from all its texts (its versions, oldest first): those on each
 * amended act come from the newest text that still has a block for it. The source's later texts
 * of an amending act lose the parts that amended acts repealed since (e-Sbírka drops them from
 * its consolidation: zákon č. 52/2009 Sb. holds its part amending zákon č. 101/2000 Sb. only up to
 * 2019), yet those amendments were made and the amended act's history needs them. Older texts are
 * read even when the newest amends nothing: a newest text may have lost every such part, or be
 * truncated to its title (zákon č. 122/2008 Sb.).
 */
export function extractEffectsOfTexts(texts: readonly string[], meta: AmendingTextMeta): ExtractedEffects {
  const read = readEffectsOfTexts(texts, meta);
  return read.effects.length ? read : titleOnlyEffects(texts, meta);
}

/**
 * An act whose every text in the source is its title only (zákon č. 53/1963 Sb., "Zákon, jímž se
 * mění § 203 trestního zákona č. 140/1961 Sb"): one effect on the act the title names, its points
 * unknown (`unsupported`, the title as its text, the §§ the title names as targets, none
 * otherwise: a read then counts it among the effects it cannot locate), dated by the act's
 * `effectiveness_date`, as the effective dates of a text that states none are.
 */
function titleOnlyEffects(texts: readonly string[], meta: AmendingTextMeta): ExtractedEffects {
  const none: ExtractedEffects = { effects: [], blocks: 0, points: 0 };
  const found = texts.map((t) => titleOnlyAmendedAct(t, meta.naturalKey));
  const first = found[found.length - 1];
  if (!first || found.some((f) => f?.citation.naturalKey !== first.citation.naturalKey)) return none;
  const parsed = parseInstruction(first.title);
  const targets = [...new Set(parsed.effects.flatMap((e) => e.targets))].filter((t) => /^(?:par|cl|priloha)_/.test(t));
  const effect: EffectInput = {
    targetKey: first.citation.naturalKey,
    targetDocNumber: first.citation.docNumber,
    ordinal: 1,
    point: null,
    part: null,
    article: null,
    effectiveFrom: meta.effectiveFrom,
    dateBasis: meta.effectiveFrom ? 'effectiveness_date of the front matter; the text in the source is the title only' : null,
    kinds: ['unsupported'],
    targets,
    instruction: first.title,
  };
  return { effects: [effect], blocks: 1, points: 1 };
}

function readEffectsOfTexts(texts: readonly string[], meta: AmendingTextMeta): ExtractedEffects {
  if (!texts.length) return { effects: [], blocks: 0, points: 0 };
  const newest = extractEffects(texts[texts.length - 1], meta);
  if (texts.length === 1) return newest;
  const out: ExtractedEffects = { effects: [...newest.effects], blocks: newest.blocks, points: newest.points };
  const taken = new Set(newest.effects.map((e) => e.targetKey));
  for (let i = texts.length - 2; i >= 0; i--) {
    if (texts[i] === texts[i + 1]) continue;
    // Ordinals count per amended act, so leaving out the taken acts' blocks leaves the others' as they were.
    const added = extractEffects(texts[i], meta, taken).effects;
    if (!added.length) continue;
    const keys = new Set(added.map((e) => e.targetKey));
    for (const k of keys) taken.add(k);
    out.effects.push(...added);
    out.blocks += keys.size;
    out.points += added.length;
  }
  return out;
}

/**
 * Stored effects as the engine's instruction points (the rebuild applies them so, and the replay
 * evaluation does the same, so that it measures what the product does): the instruction as stored,
 * the amended act's citation already cut out of an unnumbered one.
 */
export function effectPoints(effects: readonly { point: string | null; instruction: string }[]): AmendmentPoint[] {
  return effects.map((e) => ({ number: e.point, text: e.instruction, start: 0, end: 0 }));
}
