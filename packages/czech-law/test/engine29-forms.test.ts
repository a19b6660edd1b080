import { applyAmendment } from '../src/consolidation/apply';
import { lines, pt } from './fixtures/forms';

// Forms applied first in the session of 2026-12-01 night (#36, h-engine29), on tiny texts written
// the way legalize-cz writes them.

const CONSUMER = lines(
  '# Zákon',
  '##### § 24a',
  '#### Přestupky',
  '(1) Právnická osoba se dopustí správního deliktu.',
  '##### § 24b',
  '(1) Právnická osoba za správní delikt neodpovídá.',
  '##### § 25',
  '#### Vlastní nadpis',
  'Text.',
);

describe('a heading put above a § (zákon č. 378/2015 Sb., bod 61, on zákon č. 634/1992 Sb.)', () => {
  it('"Nad § 24b se vkládá nadpis, který zní: „…“" goes above the label of a § with no heading', () => {
    const r = applyAmendment(CONSUMER, [pt('61', 'Nad § 24b se vkládá nadpis, který zní: „Společná ustanovení ke správním deliktům“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied', changed: ['par_24b'] });
    expect(r.text).toContain(
      'správního deliktu.\n\n#### Společná ustanovení ke správním deliktům\n\n##### § 24b\n\n(1) Právnická osoba za správní delikt neodpovídá.',
    );
  });

  it('"Nad označení § 24b se vkládá skupinový nadpis „…“" is the same', () => {
    const r = applyAmendment(CONSUMER, [pt('1', 'Nad označení § 24b se vkládá skupinový nadpis „Společná ustanovení“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('#### Společná ustanovení\n\n##### § 24b\n\n');
  });

  it('a § that has a heading of its own is refused (which heading the new one is, is unsaid)', () => {
    const r = applyAmendment(CONSUMER, [pt('1', 'Nad § 25 se vkládá nadpis, který zní: „Jiný nadpis“.')]);
    expect(r.points[0]).toMatchObject({ status: 'not_applied', reason: 'ambiguous' });
    expect(r.text).toBe(CONSUMER);
  });
});

describe("a container's label put among §§, worded otherwise", () => {
  const TEXT = lines('# Zákon', '##### § 76', 'Text.', '##### § 77', 'Pokuta.', '##### § 78', 'Účinnost.');
  const PAYLOAD = '\n\n## „ČÁST OSMÁ\n\n#### SPRÁVNÍ DELIKTY“.';

  it.each([
    [
      'v tomto znění (zákon č. 310/2008 Sb., bod 34, on zákon č. 61/2000 Sb.)',
      'Za § 77 se vkládá označení nové části osmé včetně nadpisu v tomto znění:',
    ],
    ['nové označení', 'Za § 77 se vkládá nové označení části osmé, které včetně nadpisu zní:'],
    ['včetně jejího nadpisu', 'Za § 77 se vkládá označení nové části osmé, které včetně jejího nadpisu zní:'],
  ])('%s', (_name, sentence) => {
    const r = applyAmendment(TEXT, [pt('34', `${sentence}${PAYLOAD}`)]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('Pokuta.\n\n## ČÁST OSMÁ\n\n#### SPRÁVNÍ DELIKTY\n\n##### § 78');
  });
});

describe('a mark and words put after words, and misspelt verbs', () => {
  const CODE = lines('# Zákon', '##### § 191', '(1) Kdo poškodí cizí věc, bude potrestán.', '##### § 192', '(1) Číslo 3 platí.');

  it('"za slovo „Kdo“ vkládají čárka a tato slova: „…“" (zákon č. 290/1993 Sb., bod 75, on zákon č. 140/1961 Sb.)', () => {
    const r = applyAmendment(CODE, [pt('75', 'V § 191 odst. 1 se za slovo „Kdo“ vkládají čárka a tato slova: „byť i z nedbalosti“.')]);
    expect(r.points[0]).toMatchObject({ status: 'applied' });
    expect(r.text).toContain('(1) Kdo, byť i z nedbalosti poškodí cizí věc, bude potrestán.');
  });

  it('"vládají" and "nahazuje" (zákon č. 81/2006 Sb.; zákon č. 76/2008 Sb., bod 11)', () => {
    const r = applyAmendment(CODE, [
      pt('3', 'V § 191 odst. 1 se za slovo „věc“ vládají slova „nebo zvíře“.'),
      pt('11', 'V § 192 odst. 1 se číslo „3“ nahazuje číslem „2“.'),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['applied', 'applied']);
    expect(r.text).toContain('cizí věc nebo zvíře, bude');
    expect(r.text).toContain('(1) Číslo 2 platí.');
  });
});
