import { parseInstruction } from '../src/amendments/instruction';
import { applyAmendment } from '../src/consolidation/apply';
import { lines, pt } from './fixtures/forms';

// Forms read first in the session of 2026-12-01 night (#36, h-engine26), on tiny texts written the
// way legalize-cz writes them.

const applied = (text: string, point: string) => {
  const r = applyAmendment(text, [pt('1', point)]);
  expect(r.points.map((p) => [p.status, p.detail])).toEqual([['applied', undefined]]);
  return r.text;
};

describe('"Skupinový (Společný) nadpis nad § N zní:" (vyhláška č. 326/2018 Sb., bod 49, on vyhláška č. 349/2015 Sb.)', () => {
  const text = lines(
    '# Vyhláška',
    '##### § 50',
    'Padesát.',
    '#### Postup při rezervaci s pevným výkonem',
    '##### § 51',
    'Text.',
    '##### § 52',
    'Dále.',
  );

  it('is the heading above the §', () => {
    for (const word of ['Skupinový', 'Společný'])
      expect(applied(text, `${word} nadpis nad § 51 zní:\n\n„Postup při rezervaci“.`)).toBe(
        lines('# Vyhláška', '##### § 50', 'Padesát.', '#### Postup při rezervaci', '##### § 51', 'Text.', '##### § 52', 'Dále.'),
      );
  });

  it('is refused where another heading stands above the §’s own (vyhláška č. 66/2015 Sb., bod 13, on vyhláška č. 222/1995 Sb.)', () => {
    const two = lines(
      '# Vyhláška',
      '##### § 9',
      'Devět.',
      '#### Podmínky plavebního provozu v přístavech',
      '(k § 6 odst. 3 zákona)',
      '#### Provoz v přístavu',
      '##### § 10',
      'Text.',
    );
    const r = applyAmendment(two, [pt('13', 'Společný nadpis nad § 10 zní:\n\n#### „Zajištění provozu\n\n(K § 8 odst. 6 zákona)“.')]);
    expect(r.points.map((p) => [p.status, p.reason])).toEqual([['not_applied', 'unsupported_target']]);
    expect(r.text).toBe(two);
  });
});

describe('"Poznámka č. 10 k § 16 a 17 zní:" (zákon č. 8/1993 Sb., bod 14, on zákon č. 418/1990 Sb.)', () => {
  const text = lines('# Zákon', '##### § 16', 'Podle zákona.^10)', '##### § 17', 'Také.^10)', '^10) Zákon č. 109/1964 Sb.');

  it('is the footnote’s new wording', () => {
    const wording = '„^10) § 2 zákona č. 513/1991 Sb.“.';
    const plain = applied(text, `Poznámka pod čarou č. 10 zní:\n\n${wording}`);
    expect(plain).toContain('^10) § 2 zákona č. 513/1991 Sb.');
    expect(plain).not.toContain('109/1964');
    for (const place of ['k § 16 a 17', 'k § 16 odst. 1']) expect(applied(text, `Poznámka č. 10 ${place} zní:\n\n${wording}`)).toBe(plain);
  });

  it('reads only footnotes so', () => {
    expect(parseInstruction('Odstavec 2 k § 16 zní: „(2) Text.“').operations).toEqual([]);
  });
});

describe('a repeal list of footnotes "včetně odkazů" naming one the text has not (zákon č. 303/2013 Sb., bod 5, on zákon č. 85/1996 Sb.)', () => {
  const text = lines(
    '# Zákon',
    '##### § 1',
    'Text^2) a dál^3).',
    '##### § 2',
    'Jiný^4).',
    '^2) Zákon č. 1/1990 Sb.',
    '^3) Zákon č. 2/1990 Sb.',
    '^4) Zákon č. 3/1990 Sb.',
  );
  const point = 'Poznámky pod čarou č. 2, 3 a 7 se zrušují, a to včetně odkazů na poznámky pod čarou.';

  it('repeals the others: the one neither held nor cited is already gone', () => {
    expect(applied(text, point)).toBe(
      `${lines('# Zákon', '##### § 1', 'Text a dál.', '##### § 2', 'Jiný^4).', '^4) Zákon č. 3/1990 Sb.')}`,
    );
  });

  it('is refused where the text still cites the one it has not', () => {
    const cited = text.replace('Jiný^4).', 'Jiný^7).');
    const r = applyAmendment(cited, [pt('5', point)]);
    expect(r.points.map((p) => [p.status, p.reason])).toEqual([['not_applied', 'target_not_found']]);
  });

  it('is refused for a single footnote, and without "včetně odkazů"', () => {
    for (const p of [
      'Poznámka pod čarou č. 7 se zrušuje, a to včetně odkazu na poznámku pod čarou.',
      'Poznámky pod čarou č. 2 a 7 se zrušují.',
    ]) {
      const r = applyAmendment(text, [pt('5', p)]);
      expect(r.points.map((x) => [x.status, x.reason])).toEqual([['not_applied', 'target_not_found']]);
    }
  });
});
