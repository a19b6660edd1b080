import { actEvidence, PROVISION_WEIGHTS, type RankedProvision } from '../../src/legal/search/provision-search';

/**
 * #37 (h-rank3): an act's evidence from its own units. A question is about the act that answers it
 * in several §§; a code whose one § holds more of the question's words, and no other § near it,
 * is less likely the act asked about.
 */

const unit = (documentId: string, sectionId: string, score: number): RankedProvision => ({
  documentId,
  provisionId: sectionId,
  sectionId,
  score,
});
// The code: one strong §, the rest weak. The answering act: three §§ of the question's subject.
const units = [
  unit('CODE', 'par_1', 1.0),
  unit('CODE', 'par_2', 0.05),
  unit('CODE', 'par_3', 0.05),
  unit('ACT', 'par_10', 0.9),
  unit('ACT', 'par_11', 0.6),
  unit('ACT', 'par_12', 0.5),
];
const order = (list: RankedProvision[]) => [...list].sort((a, b) => b.score - a.score).map((u) => `${u.documentId} ${u.sectionId}`);
const saved = { ...PROVISION_WEIGHTS };
beforeEach(() => Object.assign(PROVISION_WEIGHTS, { actEvidence: 1, actEvidenceUnits: 3 }));
afterEach(() => Object.assign(PROVISION_WEIGHTS, saved));

describe('the act’s evidence from its units', () => {
  it('ranks the act answering in several §§ above a code’s one stronger §', () => {
    expect(order(actEvidence(units))[0]).toBe('ACT par_10');
    // Without it, the code's one § comes first.
    Object.assign(PROVISION_WEIGHTS, { actEvidence: 0 });
    expect(order(actEvidence(units))[0]).toBe('CODE par_1');
  });

  it('keeps the order of the units within an act and leaves the best act’s units as they were', () => {
    const fused = actEvidence(units);
    expect(order(fused).filter((u) => u.startsWith('ACT'))).toEqual(['ACT par_10', 'ACT par_11', 'ACT par_12']);
    expect(fused.filter((u) => u.documentId === 'ACT').map((u) => u.score)).toEqual([0.9, 0.6, 0.5]);
  });

  it('counts only the act’s best §§', () => {
    // Many weak §§ of one act do not outweigh another's few strong ones.
    const many = [...units, ...Array.from({ length: 50 }, (_, i) => unit('MANY', `par_${i + 100}`, 0.05))];
    const fused = actEvidence(many);
    expect(Math.max(...fused.filter((u) => u.documentId === 'MANY').map((u) => u.score))).toBeLessThan(0.05);
  });
});
