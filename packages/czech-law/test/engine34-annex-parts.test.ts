import { applyAmendment } from '../src/consolidation/apply';
import { splitUnits } from '../src/consolidation/units';
import { lines, pt } from './fixtures/forms';

// A new wording of annexes whose text holds parts of their own (session of 2026-12-03, #36,
// h-engine34), on tiny texts written the way legalize-cz writes them.

const units = (text: string): Record<string, string> => Object.fromEntries(splitUnits(text).map((u) => [u.id, u.text.trim()]));

const ACT = lines(
  '# Nařízení vlády',
  '##### § 1',
  'Text.',
  'Příloha č. 1 k nařízení vlády č. 79/2007 Sb.',
  'Seznam.',
  'Příloha č. 2 k nařízení vlády č. 79/2007 Sb.',
  '## Část A. Stará',
  'Starý text A.',
  'Příloha č. 3 k nařízení vlády č. 79/2007 Sb.',
  'Podmínky minimálních požadavků',
  '- 1. podmínka stanovená v § 6.',
);

describe('a new wording of an annex with parts of its own ("Příloha č. 3 zní:" with "## Část A.")', () => {
  it('the annex takes the label and the parts the act writes, in its place (nařízení vlády č. 308/2014 Sb., bod 18, on nařízení vlády č. 79/2007 Sb.)', () => {
    const r = applyAmendment(ACT, [
      pt(
        '18',
        'Příloha č. 3 zní:\n\n„Příloha č. 3 k nařízení vlády č. 79/2007 Sb.\n\n## Část A. Podmínky pro hnojiva\n\nZa podmínky se považuje:\n\n- 1. podmínka stanovená v § 6,\n\n- 2. podmínka stanovená v § 11.\n\n## Část B. Podmínky pro přípravky\n\nText B.“.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    const u = units(r.text);
    expect(u.priloha_3).toBe('Příloha č. 3 k nařízení vlády č. 79/2007 Sb.');
    expect(u['priloha_3/cast_a']).toContain('Za podmínky se považuje:');
    expect(u['priloha_3/cast_b']).toBe('## Část B. Podmínky pro přípravky\n\nText B.');
    expect(u.priloha_1).toBe('Příloha č. 1 k nařízení vlády č. 79/2007 Sb.\n\nSeznam.');
    expect(r.text).not.toContain('Podmínky minimálních požadavků');
  });

  it('an annex that had parts loses its old ones ("Přílohy č. 2 a 3 znějí:")', () => {
    const r = applyAmendment(ACT, [
      pt(
        '5',
        'Přílohy č. 2 a 3 znějí:\n\n„Příloha č. 2 k nařízení vlády č. 79/2007 Sb.\n\nNový seznam.\n\nPříloha č. 3 k nařízení vlády č. 79/2007 Sb.\n\n## Část A. Nová\n\nNový text A.“.',
      ),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    const u = units(r.text);
    expect(u.priloha_2).toBe('Příloha č. 2 k nařízení vlády č. 79/2007 Sb.\n\nNový seznam.');
    expect(u['priloha_2/cast_a']).toBeUndefined();
    expect(u['priloha_3/cast_a']).toBe('## Část A. Nová\n\nNový text A.');
    expect(r.text).not.toContain('Starý text A.');
  });

  it('is refused where the act writes another annex than the one named, or a table', () => {
    const other = applyAmendment(ACT, [
      pt('18', 'Příloha č. 3 zní:\n\n„Příloha č. 4 k nařízení vlády č. 79/2007 Sb.\n\n## Část A. X\n\nText.“.'),
    ]);
    expect(other.points[0]).toMatchObject({ status: 'not_applied', reason: 'payload_mismatch' });
    expect(other.text).toBe(ACT);
    const table = applyAmendment(ACT, [
      pt(
        '18',
        'Příloha č. 3 zní:\n\n„Příloha č. 3 k nařízení vlády č. 79/2007 Sb.\n\n## Část A. X\n\n| a | b |\n| --- | --- |\n| 1 | 2 |“.',
      ),
    ]);
    expect(table.points[0]).toMatchObject({ status: 'not_applied', reason: 'unsupported_target' });
  });
});
