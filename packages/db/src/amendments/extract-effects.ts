import { parseInstruction, readAmendingAct, type AmendmentPoint } from '@dp/czech-law';
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
 * Pure; any text reads (an act that amends nothing gives none).
 */
export function extractEffects(text: string, meta: AmendingTextMeta): ExtractedEffects {
  const reading = readAmendingAct(text, {
    naturalKey: meta.naturalKey,
    publicationDate: meta.publishedOn,
    effectivenessDate: meta.effectiveFrom,
  });
  const effects: EffectInput[] = [];
  let points = 0;
  const ordinals = new Map<string, number>();
  for (const block of reading.blocks) {
    for (const point of block.points) {
      points++;
      const ordinal = (ordinals.get(block.targetKey) ?? 0) + 1;
      ordinals.set(block.targetKey, ordinal);
      const parsed = parseInstruction(point);
      const kinds = [...new Set(parsed.effects.map((e) => e.kind))];
      const targets = [...new Set(parsed.effects.flatMap((e) => (e.kind === 'unsupported' ? [] : e.targets)))];
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
 * Stored effects as the engine's instruction points (the rebuild applies them so, and the replay
 * evaluation does the same, so that it measures what the product does): the instruction as stored,
 * the amended act's citation already cut out of an unnumbered one.
 */
export function effectPoints(effects: readonly { point: string | null; instruction: string }[]): AmendmentPoint[] {
  return effects.map((e) => ({ number: e.point, text: e.instruction, start: 0, end: 0 }));
}
