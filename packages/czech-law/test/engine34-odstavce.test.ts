import { applyAmendment } from '../src/consolidation/apply';
import { splitUnits } from '../src/consolidation/units';
import { lines, pt } from './fixtures/forms';

// A new wording of odstavce a § has only some of (session of 2026-12-03, #36, h-engine34), on tiny
// texts written the way legalize-cz writes them.

const units = (text: string): Record<string, string> => Object.fromEntries(splitUnits(text).map((u) => [u.id, u.text.trim()]));

describe('a new wording of odstavce the § has only some of ("§ 143 odst. 2 až 5 znějí:" where it ends with odstavec 3)', () => {
  const ACT2 = lines(
    '# Zákon',
    '##### § 143',
    '(1) Ministerstvo vydá předpisy.',
    '(2) Stará dvojka.',
    '(3) Stará trojka.',
    '##### § 144',
    'Text § 144.',
  );

  it('the odstavce it has take the new text and the others follow them (zákon č. 83/1998 Sb., bod 152, on zákon č. 50/1976 Sb.)', () => {
    const r = applyAmendment(ACT2, [
      pt('152', '§ 143 odst. 2 až 5 znějí:\n\n„(2) Nová dvojka.\n\n(3) Nová trojka.\n\n(4) Nová čtyřka.\n\n(5) Nová pětka.“.'),
    ]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(units(r.text).par_143).toBe(
      '##### § 143\n\n(1) Ministerstvo vydá předpisy.\n\n(2) Nová dvojka.\n\n(3) Nová trojka.\n\n(4) Nová čtyřka.\n\n(5) Nová pětka.',
    );
    expect(units(r.text).par_144).toBe('##### § 144\n\nText § 144.');
  });

  it('"§ 143 odst. 1, 2, 3 a 4 zní:" as a list of odstavce', () => {
    const r = applyAmendment(ACT2, [pt('2', '§ 143 odst. 1, 2, 3 a 4 zní:\n\n„(1) A.\n\n(2) B.\n\n(3) C.\n\n(4) D.“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(units(r.text).par_143).toBe('##### § 143\n\n(1) A.\n\n(2) B.\n\n(3) C.\n\n(4) D.');
  });

  it('the one after the last comes after it ("§ 143 odst. 4 zní:", zákon č. 161/1993 Sb., bod 28, on zákon č. 592/1992 Sb.)', () => {
    const r = applyAmendment(ACT2, [pt('28', '§ 143 odst. 4 zní:\n\n„(4) Nová čtyřka.“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(units(r.text).par_143).toBe(
      '##### § 143\n\n(1) Ministerstvo vydá předpisy.\n\n(2) Stará dvojka.\n\n(3) Stará trojka.\n\n(4) Nová čtyřka.',
    );
  });

  it('is refused with a gap, a payload of other numbers, or another change of the § in the point', () => {
    const gap = applyAmendment(ACT2, [pt('1', '§ 143 odst. 5 zní:\n\n„(5) Pětka.“.')]);
    expect(gap.points[0]).toMatchObject({ status: 'not_applied', reason: 'target_not_found' });
    const other = applyAmendment(ACT2, [pt('1', '§ 143 odst. 3 a 4 znějí:\n\n„(3) Trojka.\n\n(5) Pětka.“.')]);
    expect(other.points[0]).toMatchObject({ status: 'not_applied', reason: 'payload_mismatch' });
    const renumbered = applyAmendment(ACT2, [
      pt(
        '15',
        '§ 143 odst. 1, 2, 3 a 4 zní:\n\n„(1) A.\n\n(2) B.\n\n(3) C.\n\n(4) D.“.\n\nDosavadní odstavec 3 se označuje jako odstavec 5.',
      ),
    ]);
    expect(renumbered.points[0].status).toBe('not_applied');
    expect(renumbered.text).toBe(ACT2);
  });
});
