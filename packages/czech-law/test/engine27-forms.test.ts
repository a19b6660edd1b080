import { applyAmendment } from '../src/consolidation/apply';
import { lines, pt } from './fixtures/forms';

// Forms applied first in the session of 2026-12-01 morning (#36, h-engine27), on tiny texts written
// the way legalize-cz writes them.

const applied = (text: string, point: string) => {
  const r = applyAmendment(text, [pt('1', point)]);
  expect(r.points.map((p) => [p.status, p.detail])).toEqual([['applied', undefined]]);
  return r.text;
};

describe('words an earlier clause of the same point wrote are not the place a later clause names', () => {
  it('"slova „4 mm“ nahrazují slovy „3,5 mm“ a slova „3,5 mm“ se nahrazují slovy „3 mm“" (a chain)', () => {
    const text = lines('# Vyhláška', '##### § 6', '(4) První číslice jsou vysoké 4 mm, ostatní číslice jsou vysoké 3,5 mm.');
    expect(applied(text, 'V § 6 odst. 4 se slova „4 mm“ nahrazují slovy „3,5 mm“ a slova „3,5 mm“ se nahrazují slovy „3 mm“.')).toBe(
      lines('# Vyhláška', '##### § 6', '(4) První číslice jsou vysoké 3,5 mm, ostatní číslice jsou vysoké 3 mm.'),
    );
  });

  it('a swap: "slovo „financí“ nahrazuje slovem „zdravotnictví“ a slovo „zdravotnictví“ slovem „financí“"', () => {
    const text = lines('# Zákon', '##### § 4', '(4) Ministerstvo financí to sdělí ministerstvu zdravotnictví.');
    expect(
      applied(
        text,
        'V § 4 odst. 4 se slovo „financí“ nahrazuje slovem „zdravotnictví“ a slovo „zdravotnictví“ se nahrazuje slovem „financí“.',
      ),
    ).toBe(lines('# Zákon', '##### § 4', '(4) Ministerstvo zdravotnictví to sdělí ministerstvu financí.'));
  });

  it('words inserted by the first clause and replaced in their old place by the second', () => {
    const text = lines('# Zákon', '##### § 42e', 'Přidělí se po skončení nepřítomnosti nové věci oddělení, kterému byly přiděleny.');
    expect(
      applied(
        text,
        'V § 42e se za slova „Přidělí se“ vkládají slova „nové věci“, slova „nové věci“ se nahrazují slovy „nebo po skončení přidělení“.',
      ),
    ).toBe(
      lines(
        '# Zákon',
        '##### § 42e',
        'Přidělí se nové věci po skončení nepřítomnosti nebo po skončení přidělení oddělení, kterému byly přiděleny.',
      ),
    );
  });

  it('words inserted that repeat the text after them: the place written is where the insertion was (zákon č. 310/2008 Sb., bod 5, on zákon č. 61/2000 Sb.)', () => {
    const text = lines('# Zákon', '##### § 4', '(4) Výše poplatku se stanoví v závislosti na druhu plavidla.');
    expect(applied(text, 'V § 4 odst. 4 se za slova „v závislosti“ vkládají slova „na době trvání práva,“ a slovo „na“ se zrušuje.')).toBe(
      lines('# Zákon', '##### § 4', '(4) Výše poplatku se stanoví v závislosti na době trvání práva, druhu plavidla.'),
    );
  });

  it('words changed in every place are noted place by place, not the text between them (zákon č. 242/2022 Sb., bod 2, on zákon č. 40/1995 Sb.)', () => {
    const text = lines(
      '# Zákon',
      '##### § 7',
      'Rada pro reklamu ve vysílání a ve službách na vyžádání a pro sponzorování ve vysílání a ve službách na vyžádání.',
    );
    const r = applyAmendment(text, [
      pt('2', 'V § 7 se slova „vysílání a“ nahrazují slovem „vysílání,“ a za slova „na vyžádání“ se vkládají slova „a v platformách“.'),
    ]);
    expect(r.points.map((p) => [p.status, p.reason])).toEqual([['not_applied', 'ambiguous']]);
    expect(r.text).toBe(text);
  });

  it('stays ambiguous where the text had the words twice before the point', () => {
    const text = lines('# Zákon', '##### § 9', '(1) Lhůta je 5 dnů, nejvýše 6 dnů, jinak 6 měsíců.');
    const r = applyAmendment(text, [pt('1', 'V § 9 odst. 1 se číslo „5“ nahrazuje číslem „6“ a číslo „6“ se nahrazuje číslem „7“.')]);
    expect(r.points.map((p) => [p.status, p.reason])).toEqual([['not_applied', 'ambiguous']]);
    expect(r.text).toBe(text);
  });
});

describe('words another clause of the same point names inside its longer words are not this clause’s place', () => {
  it('"slova „zdravotní péči“ … a slova „tuto zdravotní péči“ …" (zákon č. 375/2011 Sb. on zákon č. 40/1995 Sb.)', () => {
    const text = lines('# Zákon', '##### § 2a', 'Kdo poskytuje zdravotní péči, hradí tuto zdravotní péči sám.');
    expect(
      applied(
        text,
        'V § 2a se slova „zdravotní péči“ nahrazují slovy „zdravotní služby“ a slova „tuto zdravotní péči“ se nahrazují slovy „tyto zdravotní služby“.',
      ),
    ).toBe(lines('# Zákon', '##### § 2a', 'Kdo poskytuje zdravotní služby, hradí tyto zdravotní služby sám.'));
  });

  it('stays ambiguous where the words stand twice outside the other clause’s words', () => {
    const text = lines('# Zákon', '##### § 2a', 'Kdo poskytuje zdravotní péči nebo zdravotní péči hradí, hradí tuto zdravotní péči sám.');
    const r = applyAmendment(text, [
      pt(
        '1',
        'V § 2a se slova „zdravotní péči“ nahrazují slovy „zdravotní služby“ a slova „tuto zdravotní péči“ se nahrazují slovy „tyto služby“.',
      ),
    ]);
    expect(r.points.map((p) => [p.status, p.reason])).toEqual([['not_applied', 'ambiguous']]);
    expect(r.text).toBe(text);
  });
});
