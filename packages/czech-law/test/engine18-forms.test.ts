import { parseInstruction } from '../src/amendments/instruction';
import { applyAmendment } from '../src/consolidation/apply';
import { parseProvisions, splitUnits } from '../src/index';
import { lines, pt } from './fixtures/forms';

// Container-level forms read or applied first in the session of 2026-11-30 (#36, h-engine18), on
// tiny texts written the way legalize-cz writes them.

const ids = (text: string): string[] => splitUnits(text, parseProvisions(text)).map((u) => u.id);

describe('a new container whose number a later point of the act frees', () => {
  // nařízení vlády č. 58/1993 Sb., body 39 and 40, on vládní nařízení č. 159/1969 Sb.
  const text = lines(
    '## ČÁST III',
    '#### Příspěvky',
    '##### § 38',
    'Tři.',
    '## ČÁST IV',
    '#### Ustanovení závěrečná',
    '##### § 39',
    'Čtyři.',
  );
  const insert = 'Za část III se vkládá nová část IV, která zní:\n\n## „ČÁST IV\n\n#### Přechodné ustanovení\n\n##### § 38b\n\nNové.“.';
  const renumber = 'Dosavadní část IV se označuje jako část V.';

  it('"Za část III se vkládá nová část IV" then "Dosavadní část IV se označuje jako část V": the renumbering goes first', () => {
    const r = applyAmendment(text, [pt('39', insert), pt('40', renumber)]);
    expect(r.points.map((p) => p.status)).toEqual(['applied', 'applied']);
    expect(ids(r.text)).toEqual(['cast_3', 'par_38', 'cast_4', 'par_38b', 'cast_5', 'par_39']);
    expect(r.text).toContain('## ČÁST IV\n\n#### Přechodné ustanovení\n\n##### § 38b');
    expect(r.text).toContain('## ČÁST V\n\n#### Ustanovení závěrečná\n\n##### § 39');
    // The points keep their own numbers and order in the report.
    expect(r.points.map((p) => p.number)).toEqual(['39', '40']);
  });

  it('without the renumbering the number is taken: refused as before', () => {
    const r = applyAmendment(text, [pt('39', insert)]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'already_present' });
  });

  it("reads a renumbering's containers named alone in the new one's container (zákon č. 113/1997 Sb., body 29 and 30, on zákon č. 13/1993 Sb.)", () => {
    const code = lines(
      '### HLAVA TŘETÍ',
      '#### DÍL DRUHÝ',
      '##### § 37',
      'Dva.',
      '#### DÍL TŘETÍ',
      '##### § 38',
      'Tři.',
      '### HLAVA ČTVRTÁ',
      '#### DÍL TŘETÍ',
      '##### § 50',
      'Jiný.',
    );
    const r = applyAmendment(code, [
      pt('29', 'V hlavě třetí se za díl druhý vkládá nový díl třetí, který zní:\n\n#### „DÍL TŘETÍ\n\n##### § 37a\n\nNový.“.'),
      pt('30', 'Dosavadní díl třetí se označuje jako díl čtvrtý.'),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['applied', 'applied']);
    expect(ids(r.text)).toEqual([
      'hlava_3',
      'hlava_3/dil_2',
      'par_37',
      'hlava_3/dil_3',
      'par_37a',
      'hlava_3/dil_4',
      'par_38',
      'hlava_4',
      'hlava_4/dil_3',
      'par_50',
    ]);
  });
});

describe('a container renumbered to a quoted label', () => {
  it('"Dosavadní část čtvrtá se označuje jako „ČÁST PÁTÁ“." (vyhláška č. 26/1982 Sb., bod 5, on vyhláška č. 44/1978 Sb.)', () => {
    expect(parseInstruction('Dosavadní část čtvrtá se označuje jako „ČÁST PÁTÁ“.').operations).toMatchObject([
      { kind: 'renumber', renumber: [{ from: 'cast_4', to: 'cast_5' }] },
    ]);
    // A label of another kind is no renumbering the engine can make.
    expect(parseInstruction('Dosavadní část čtvrtá se označuje jako „HLAVA PÁTÁ“.').operations).toEqual([]);
    const text = lines('## ČÁST TŘETÍ', '##### § 34', 'Tři.', '## ČÁST ČTVRTÁ', '#### Závěrečná', '##### § 35', 'Čtyři.');
    const r = applyAmendment(text, [
      pt('4', 'Za část třetí se vkládá nová část čtvrtá, která zní:\n\n## „ČÁST ČTVRTÁ\n\n#### Dodávky\n\n##### § 34a\n\nNové.“.'),
      pt('5', 'Dosavadní část čtvrtá se označuje jako „ČÁST PÁTÁ“.'),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['applied', 'applied']);
    expect(ids(r.text)).toEqual(['cast_3', 'par_34', 'cast_4', 'par_34a', 'cast_5', 'par_35']);
    expect(r.text).toContain('## ČÁST PÁTÁ\n\n#### Závěrečná');
  });
});

describe("a container's label and heading replaced", () => {
  const s = 'Označení hlavy třetí části druhé se včetně nadpisu nahrazuje takto:\n\n### „Hlava druhá\n\n#### SPOLUVLASTNICTVÍ“.';

  it('"Označení hlavy třetí části druhé se včetně nadpisu nahrazuje takto:" renumbers the hlava and words its heading (zákon č. 509/1991 Sb., bod 54, on zákon č. 40/1964 Sb.)', () => {
    expect(parseInstruction(s).operations).toMatchObject([
      { kind: 'renumber', renumber: [{ from: 'cast_2/hlava_3', to: 'cast_2/hlava_2' }] },
      { kind: 'new_wording', targets: [{ id: 'cast_2/hlava_2', part: 'heading' }] },
    ]);
    const text = lines(
      '## ČÁST DRUHÁ',
      '#### VĚCNÁ PRÁVA',
      '### Hlava první',
      '#### VLASTNICTVÍ',
      '##### § 123',
      'Jedna.',
      '### Hlava třetí',
      '#### SPOLUVLASTNICTVÍ OSOBNÍ',
      '##### § 136',
      'Dva.',
    );
    const r = applyAmendment(text, [pt('54', s)]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(ids(r.text)).toEqual(['cast_2', 'cast_2/hlava_1', 'par_123', 'cast_2/hlava_2', 'par_136']);
    expect(r.text).toContain('### Hlava druhá\n\n#### SPOLUVLASTNICTVÍ\n\n##### § 136');
  });

  it('refuses where the new number is still taken (the act words the hlava before it in an unread point)', () => {
    const text = lines(
      '## ČÁST DRUHÁ',
      '### Hlava druhá',
      '#### OSOBNÍ VLASTNICTVÍ',
      '##### § 130',
      'Jedna.',
      '### Hlava třetí',
      '#### SPOLUVLASTNICTVÍ',
      '##### § 136',
      'Dva.',
    );
    const r = applyAmendment(text, [pt('54', s)]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied' });
    expect(r.text).toBe(text);
  });
});
