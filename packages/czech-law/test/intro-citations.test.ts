import { actNumberCitations, collectionCitation } from '../src';
import { introCitations } from '../src/amendments/read-amending-act';

// The expressions introCitations used before it looked for the number first: each led by the
// lookbehind of the act's kind. What it finds must be what they found.
const KIND = String.raw`(?<=(?:^|\s)(?:[Zz]ákon\p{L}*|[Vv]yhlášk\p{L}*|[Nn]ařízení(?:\s+vlády)?)\s)`;
const BARE = new RegExp(`${KIND}(\\d{1,5})\\/(\\d{4})\\s?Sb\\.(?!\\s?m\\.)`, 'u');
const UNMARKED = new RegExp(`${KIND}č\\.\\s?(\\d{1,5})\\/(\\d{4})(?=,)`, 'u');

function reference(line: string) {
  const cites = actNumberCitations(line);
  const m = BARE.exec(line) ?? UNMARKED.exec(line);
  const c = m ? collectionCitation(`${m[1]}/${m[2]} Sb.`) : null;
  if (!m || !c) return cites;
  if (cites.length && cites[0].start < m.index) return cites;
  return [{ ...c, written: m[0], start: m.index, end: m.index + m[0].length }, ...cites];
}

const LINES = [
  'Zákon 198/2009 Sb., o rovném zacházení, se mění takto:',
  'Zákon 16/1993 Sb., o dani silniční, ve znění zákona č. 302/1993 Sb., se mění takto:',
  '28. Část první zákona č. 288/2011, kterým se mění zákon č. 86/2002 Sb., o ochraně ovzduší',
  // A number the kind does not precede, then one it does: the second is the one.
  'V příloze 12/2001 Sb. a v zákoně 16/1993 Sb. se slova mění takto:',
  'Podle 1/2000 Sb., a nařízení vlády 45/2001 Sb. se mění:',
  'Nařízení vlády č. 12/2004, kterým se mění nařízení vlády č. 5/2003, se mění takto:',
  // Digits run into the number; "Sb. m. s." is a treaty; the kind without a space before it.
  'Zákon 1234567/2009 Sb., se mění; zákon 5/2010 Sb. m. s., a zákon 7/2011 Sb.',
  'vyhláška12/2001 Sb. a Vyhlášky 13/2002 Sb., se mění',
  'Zákonem  3/1990 Sb. a zákonem\u00a04/1991 Sb., se mění',
  'zákona č.12/1999, vyhláškou č. 1/1998,',
  'Zákon 99999/2024Sb. se ruší. Zákon 1/2024 Sb.m. s. ne.',
  '',
  'Bez čísla zákona.',
];

describe('introCitations', () => {
  it('finds what the expressions led by the kind found, on crafted lines', () => {
    for (const line of LINES) expect({ line, cites: introCitations(line) }).toEqual({ line, cites: reference(line) });
    // The lines do exercise both forms after a number the kind does not precede.
    expect(introCitations(LINES[3])[0]).toMatchObject({ written: '16/1993 Sb.' });
    expect(introCitations(LINES[5])[0]).toMatchObject({ written: 'č. 12/2004' });
  });

  it('finds the same on lines put together from pieces of the forms', () => {
    const noise = ['', 'x', 'podle ', '§ 2 ', 've znění ', '(', ', ', ' a ', '1'];
    const kinds = ['', 'zákon', 'Zákon', 'zákonem', 'Zákony', 'vyhláška', 'Vyhlášky', 'nařízení', 'Nařízení vlády', 'nařízení  vlády'];
    const spaces = ['', ' ', '  ', '\u00a0', '\n'];
    const marks = ['', '', 'č.', 'č. ', 'č.\u00a0'];
    const numbers = ['12/2001', '1234567/2009', '5/12', '7/2010', '99999/2024'];
    const ends = [' Sb.', 'Sb.', ' Sb. m. s.', 'Sb.m.', ',', ', ', ' Sb.,', ''];
    // A fixed sequence (a linear congruential generator): the same lines on every run.
    let seed = 36;
    const pick = (xs: string[]) => xs[(seed = (seed * 1103515245 + 12345) % 2147483648) % xs.length];
    let unmarked = 0;
    for (let i = 0; i < 3000; i++) {
      let line = '';
      for (let n = 1 + (i % 4); n > 0; n--) line += pick(noise) + pick(kinds) + pick(spaces) + pick(marks) + pick(numbers) + pick(ends);
      const cites = introCitations(line);
      if (cites.length > actNumberCitations(line).length) unmarked += 1;
      expect({ line, cites }).toEqual({ line, cites: reference(line) });
    }
    // Enough of them name an act as only the two forms do.
    expect(unmarked).toBeGreaterThan(100);
  });
});
