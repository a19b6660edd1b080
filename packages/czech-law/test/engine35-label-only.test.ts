import { applyAmendment } from '../src/consolidation/apply';
import { splitUnits } from '../src/consolidation/units';
import { lines, pt } from './fixtures/forms';

// A § whose parts a repeal takes until only its label is left (session of 2026-12-03, #36,
// h-engine35), on tiny texts written the way legalize-cz writes them.

const units = (text: string): Record<string, string> => Object.fromEntries(splitUnits(text).map((u) => [u.id, u.text.trim()]));

describe('a § left with its label alone by a repeal of its parts goes as a repealed §', () => {
  // A partial text: § 18 holds odstavec 1 alone (zákon č. 228/1992 Sb. on zákon č. 42/1980 Sb.).
  const PARTIAL = lines(
    '# Zákon',
    '##### § 17',
    '(1) Služby jsou tyto.',
    '(2) Služby jsou též jiné.',
    '##### § 18',
    '(1) Služby mohou poskytovat pouze osoby.',
    '##### § 19',
    'Text § 19.',
  );

  it('"§ 17 odst. 2 a § 18 odst. 1 se zrušují" takes § 18 out whole and keeps § 17 with its odstavec 1', () => {
    const r = applyAmendment(PARTIAL, [pt('1', '§ 17 odst. 2 a § 18 odst. 1 se zrušují.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    const u = units(r.text);
    expect(u.par_18).toBeUndefined();
    expect(u.par_17).toBe('##### § 17\n\n(1) Služby jsou tyto.');
    expect(u.par_19).toBe('##### § 19\n\nText § 19.');
  });

  it('a label written with a full stop ("§ 11.") goes too (zákon č. 578/1990 Sb. on zákon č. 219/1949 Sb.)', () => {
    const text = lines('# Zákon', '##### § 11.', '(1) Přídavek se přiznává.', '(3) Odměna se přiznává.', '##### § 12.', 'Text § 12.');
    const r = applyAmendment(text, [pt('1', '§ 11 odst. 1 a 3 se zrušují.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(units(r.text).par_11).toBeUndefined();
    expect(units(r.text).par_12).toBe('##### § 12.\n\nText § 12.');
  });

  it('a § that keeps its heading, or a sentence, stays', () => {
    const titled = lines('# Zákon', '##### § 9', '#### Nadpis', '(1) Jedna.', '(2) Dvě.', '##### § 10', 'Text § 10.');
    const r = applyAmendment(titled, [pt('1', 'V § 9 se odstavce 1 a 2 zrušují.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(lines('# Zákon', '##### § 9', '#### Nadpis', '##### § 10', 'Text § 10.'));
    const kept = applyAmendment(PARTIAL, [pt('1', 'V § 17 se odstavec 2 zrušuje.')]);
    expect(units(kept.text).par_17).toBe('##### § 17\n\n(1) Služby jsou tyto.');
  });

  it('a repeal "včetně nadpisu" leaves the label as before (the source keeps it in one text, drops it in another)', () => {
    const titled = lines('# Zákon', '##### § 9', '#### Nadpis', '(1) Jedna.', '(2) Dvě.', '##### § 10', 'Text § 10.');
    const r = applyAmendment(titled, [pt('19', '§ 9 odst. 1 a 2 se včetně nadpisu zrušuje.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toBe(lines('# Zákon', '##### § 9', '##### § 10', 'Text § 10.'));
  });
});
