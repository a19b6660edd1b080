import { parseInstruction } from '../src/amendments/instruction';
import { applyAmendment, everywhereHolds } from '../src/consolidation/apply';
import { lines, pt } from './fixtures/forms';

// A change throughout the text (#35 item 4, session of 2026-12-02, h-recall16), the points as the
// amending acts in legalize-cz write them.

const read = (text: string) => {
  const r = parseInstruction(text);
  return { unsupported: r.unsupported.map((u) => u.reason), effects: r.effects.map((e) => [e.kind, e.targets]), ops: r.operations };
};

describe('the amended act named in the scope of a change throughout the text', () => {
  it('reads an adjective before the act ("trestního zákona", zákon č. 223/1999 Sb., bod 1)', () => {
    const r = read(
      'Ve všech ustanoveních trestního zákona se slova „za branné pohotovosti státu“ nahrazují slovy „za stavu ohrožení státu nebo za válečného stavu“.',
    );
    expect(r.unsupported).toEqual([]);
    expect(r.effects).toEqual([['replace_words', ['*']]]);
    expect(r.ops[0]).toMatchObject({ old: 'za branné pohotovosti státu', new: 'za stavu ohrožení státu nebo za válečného stavu' });
  });

  it('reads "zákoníku práce" and the elliptic replacements after it (zákon č. 74/1994 Sb., bod 3)', () => {
    const r = read(
      'Ve všech ustanoveních zákoníku práce se slovo „pracovník“ nahrazuje slovem „zaměstnanec“, slovo „pracovnice“ slovem „zaměstnankyně“ a slovo „občan“ slovy „fyzická osoba“.',
    );
    expect(r.unsupported).toEqual([]);
    expect(r.ops.map((o) => [o.old, o.new, o.targets.map((t) => t.id)])).toEqual([
      ['pracovník', 'zaměstnanec', ['*']],
      ['pracovnice', 'zaměstnankyně', ['*']],
      ['občan', 'fyzická osoba', ['*']],
    ]);
  });

  it('reads the act by its number, with or without the acts it stands amended by (vyhláška č. 152/1983 Sb., bod 32)', () => {
    for (const text of [
      'Ve všech ustanoveních vyhlášky č. 132/1964 Sb., ve znění pozdějších předpisů, se slovo „váha“ nahrazuje slovem „hmotnost“.',
      'Ve všech ustanoveních vyhlášky č. 132/1964 Sb. ve znění vyhlášky č. 98/1966 Sb. se slovo „váha“ nahrazuje slovem „hmotnost“.',
    ]) {
      const r = read(text);
      expect(r.unsupported).toEqual([]);
      expect(r.effects).toEqual([['replace_words', ['*']]]);
    }
  });

  it('applies such a point to every unit holding the words', () => {
    const text = lines('##### § 1', '(1) Pracovník plní úkoly.', '(2) Nic.', '##### § 2', 'Pracovník má nárok na mzdu.');
    const out = applyAmendment(text, [
      pt('1', 'Ve všech ustanoveních zákoníku práce se slovo „Pracovník“ nahrazuje slovem „Zaměstnanec“.'),
    ]);
    expect(out.text).toContain('(1) Zaměstnanec plní úkoly.');
    expect(out.text).toContain('Zaměstnanec má nárok na mzdu.');
    expect(out.text).not.toContain('Pracovník');
  });

  it('leaves a place named after "V textu" as the point\'s location', () => {
    expect(read('V § 5 odst. 2 se slovo „váha“ nahrazuje slovem „hmotnost“.').effects).toEqual([['replace_words', ['par_5/odst_2']]]);
  });
});

describe('a refused change throughout the text still names the whole text (`*`)', () => {
  it('stores `*` for pairs of words (zákon č. 282/1995 Sb., bod 5)', () => {
    const r = read('Ve všech ustanoveních se slova „pracovník“ a „pracovnice“ nahrazují slovy „zaměstnanec“ a „zaměstnankyně“.');
    expect(r.unsupported).toEqual(['pairs of words replaced in the whole act']);
    expect(r.effects).toEqual([['unsupported', ['*']]]);
  });

  it('stores no `*` for a refused point with a place of its own', () => {
    const r = read('V § 5 se slova „A“ a „B“ nahrazují slovy „C“ a „D“ všelijak.');
    expect(r.effects.flatMap(([, t]) => t)).not.toContain('*');
  });
});

describe('what a `*` target reaches (`everywhereHolds`)', () => {
  it('the texts holding the old words of a read replacement, a form that starts with them too, not the new ones', () => {
    const holds = everywhereHolds('Ve všech ustanoveních zákona se slovo „občan“ nahrazuje slovy „fyzická osoba“.')!;
    expect(holds('žádost občana se podává písemně')).toBe(true);
    expect(holds('fyzická osoba podává žádost')).toBe(false);
  });

  it('of a refused point, its quoted words less those it puts in', () => {
    const holds = everywhereHolds(
      'Ve všech ustanoveních se slova „pracovník“ a „pracovnice“ nahrazují slovy „zaměstnanec“ a „zaměstnankyně“.',
    )!;
    expect(holds('pracovnice má nárok')).toBe(true);
    expect(holds('zaměstnanec má nárok')).toBe(false);
    expect(holds('zaměstnankyně má nárok')).toBe(false);
  });

  it('nothing for a point that changes one place', () => {
    expect(everywhereHolds('V § 5 se slovo „pokuta“ nahrazuje slovem „částka“.')).toBeNull();
  });
});

describe('the engine beside a refused change throughout the text', () => {
  it('holds back the units with its words, not a later change throughout the text elsewhere', () => {
    const text = lines('##### § 1', 'Pracovník plní úkoly.', '##### § 2', 'Náleží mu mzda.');
    const out = applyAmendment(text, [
      pt('1', 'Ve všech ustanoveních se slova „Pracovník“ a „pracovnice“ nahrazují slovy „Zaměstnanec“ a „zaměstnankyně“.'),
      pt('2', 'V celém textu zákona se slovo „mzda“ nahrazuje slovem „plat“.'),
    ]);
    expect(out.points.map((o) => o.status)).toEqual(['not_applied', 'applied']);
    expect(out.points[0].units).not.toContain('*');
    expect(out.text).toContain('Náleží mu plat.');
    expect(out.text).toContain('Pracovník plní úkoly.');
  });
});
