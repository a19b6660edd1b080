import { parseInstruction } from '../src/amendments/instruction';
import { applyAmendment } from '../src/consolidation/apply';
import { lines, pt } from './fixtures/forms';

// Forms read first in the session of 2026-11-30 night (#36, h-engine23), on tiny texts written
// the way legalize-cz writes them.

describe('a renumbering and a change in the unit it renumbers, in one sentence', () => {
  // zákon č. 175/1990 Sb., bod 41, on zákon č. 140/1961 Sb.: "Dosavadní odstavec 2 se označuje
  // jako odstavec 3 a vypouštějí se v něm slova „nebo nápravným opatřením“."
  const text = lines('##### § 5', '(1) První.', '(2) Trest odnětím svobody nebo nápravným opatřením.', '##### § 6', 'Text.');
  const insert = lines('V § 5 se za odstavec 1 vkládá nový odstavec 2, který zní:', '„(2) Nový.“.');
  const result = (sentence: string) => applyAmendment(text, [pt('41', `${insert}\n${sentence}`)]);
  const after = lines('##### § 5', '(1) První.', '(2) Nový.', '(3) Trest odnětím svobody.', '##### § 6', 'Text.');

  it.each([
    'Dosavadní odstavec 2 se označuje jako odstavec 3 a vypouštějí se v něm slova „ nebo nápravným opatřením“.',
    'Dosavadní odstavec 2 se označuje jako odstavec 3 a v tomto odstavci se vypouštějí slova „ nebo nápravným opatřením“.',
    'Dosavadní odstavec 2 se označuje jako odstavec 3 a slova „ nebo nápravným opatřením“ v něm uvedená se vypouštějí.',
    'Dosavadní odstavec 2 se označuje jako nový odstavec 3 a slova „ nebo nápravným opatřením“ se v něm vypouštějí.',
    'Dosavadní odstavec 2 se označuje jako odstavec 3, v novém odstavci 3 se vypouštějí slova „ nebo nápravným opatřením“.',
  ])('%s', (sentence) => {
    const r = result(sentence);
    expect(r.points.map((p) => p.status)).toEqual(['applied']);
    expect(r.text).toBe(after);
  });

  it("with the renumbered unit's new wording", () => {
    const r = result(lines('Dosavadní odstavec 2 se označuje jako odstavec 3, který zní:', '„(3) Trest odnětím svobody.“.').trim());
    expect(r.points.map((p) => p.status)).toEqual(['applied']);
    expect(r.text).toBe(after);
  });

  it('is read as the renumbering and the change under the new number', () => {
    const p = parseInstruction(
      'V § 5 se slovo „a“ zrušuje. Dosavadní odstavec 2 se označuje jako odstavec 3 a vypouští se z něj písmeno c).',
    );
    expect(p.unsupported).toEqual([]);
    expect(p.operations.map((o) => o.targets.map((t) => t.id))).toEqual([['par_5'], ['par_5/odst_2'], ['par_5/odst_3/pism_c']]);
    expect(p.operations[1].kind).toBe('renumber');
  });
});

describe("words of an annex's part that the act names by its heading", () => {
  // vyhláška č. 66/2019 Sb., bod 13, on vyhláška č. 108/1997 Sb.: "V příloze č. 15 v části „Vlastnosti
  // údajů o terénu“ se slova „Území vymezené podle § 16g odst. 4“ nahrazují slovy „…“."
  const annex = (terrain: string, obstacles: string) =>
    lines(
      '##### § 1',
      'Text.',
      'Příloha č. 15 k vyhlášce č. 108/1997 Sb.',
      'Vlastnosti údajů o terénu',
      `Oblast: ${terrain}`,
      'Vlastnosti údajů o překážkách',
      `Oblast: ${obstacles}`,
    );
  const point = 'V příloze č. 15 v části „Vlastnosti údajů o terénu“ se slova „Území A“ nahrazují slovy „Území B“.';

  it('is read as a change of words in the annex, in that part', () => {
    const p = parseInstruction(point);
    expect(p.unsupported).toEqual([]);
    expect(p.operations.map((o) => [o.kind, o.targets])).toEqual([
      ['replace_words', [{ id: 'priloha_15', section: 'Vlastnosti údajů o terénu' }]],
    ]);
  });

  it('is applied where the words are in the annex once, in the part named', () => {
    const r = applyAmendment(annex('Území A.', 'Území C.'), [pt('13', point)]);
    expect(r.points.map((p) => p.status)).toEqual(['applied']);
    expect(r.text).toBe(annex('Území B.', 'Území C.'));
  });

  it('is refused where the words are elsewhere in the annex too, or before the part', () => {
    const later = point.replace('terénu', 'překážkách');
    for (const [text, p] of [
      [annex('Území A.', 'Území A.'), point],
      [annex('Území A.', 'Území C.'), later],
    ]) {
      const r = applyAmendment(text, [pt('13', p)]);
      expect(r.points.map((p) => p.status)).toEqual(['not_applied']);
      expect(r.text).toBe(text);
    }
  });

  it('is not read for what is not a change of words', () => {
    const p = parseInstruction('V příloze č. 15 v části „Vlastnosti“ se slova „A“ zrušují a bod 2 se zrušuje.');
    expect(p.operations).toEqual([]);
    expect(p.unsupported).toHaveLength(1);
  });
});

describe("a footnote's new wording with its mark written without the caret", () => {
  // vyhláška č. 125/1991 Sb., bod 8, on vyhláška č. 119/1984 Sb.: "Poznámka č. 7 pod čarou zní: „7) § 8 a 9 …“".
  it('keeps one mark', () => {
    const text = lines('##### § 7', 'Text^7) dál.', '^7) § 1 nařízení č. 54/1975 Sb.');
    const r = applyAmendment(text, [pt('8', lines('Poznámka č. 7 pod čarou zní:', '„7) § 8 a 9 nařízení č. 223/1988 Sb.“.').trim())]);
    expect(r.points.map((p) => p.status)).toEqual(['applied']);
    expect(r.text).toContain('Text^7) dál.\n\n^7) § 8 a 9 nařízení č. 223/1988 Sb.');
    expect(r.text).not.toContain('7) 7)');
  });
});
