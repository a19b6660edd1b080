import { parseInstruction } from '../src/amendments/instruction';
import { applyAmendment } from '../src/consolidation/apply';
import { lines, pt } from './fixtures/forms';

// Forms read first in the session of 2026-12-02 (#35 item 4, h-recall17), on tiny texts written the
// way legalize-cz writes them.

const targets = (text: string) => parseInstruction(text).effects.flatMap((e) => e.targets);

describe("a footnote whose own text a point's quotation gives is among the point's targets", () => {
  it('new words that bring their footnote (zákon č. 160/2007 Sb. on zákon č. 231/2001 Sb.)', () => {
    const r = parseInstruction(
      'V § 66 větě druhé se slova „a rozhodnutí o sankci“ nahrazují slovy „, rozhodnutí o pokutě spotřebitelů^9d).\n\n^9d) Nařízení Evropského parlamentu a Rady (ES) č. 2006/2004.“.',
    );
    expect(r.unsupported).toEqual([]);
    expect(r.effects.flatMap((e) => e.targets)).toEqual(['par_66', 'fn_9d']);
  });

  it('words inserted with their footnote (zákon č. 212/2011 Sb. on zákon č. 338/1992 Sb.)', () => {
    expect(
      targets(
        'V § 6 odst. 4 písm. a) se za slova „nad 50 000 obyvatel“ vkládají slova „, ve statutárních městech^16e).\n\n^16e) § 4 odst. 1 zákona č. 128/2000 Sb., o obcích.“.',
      ),
    ).toEqual(['par_6/odst_4/pism_a', 'fn_16e']);
  });

  it('a refused sentence whose new text gives footnotes (zákon č. 182/2003 Sb. on zákon č. 29/1984 Sb.)', () => {
    const r = parseInstruction(
      'V § 57b zní:\n\n„(1) Školy zřízené církví^12a) jsou právnickými osobami.^12b)\n\n^12a) Zákon č. 3/2002 Sb.\n\n^12b) § 18 odst. 2 písm. d) občanského zákoníku.“.',
    );
    expect(r.effects.map((e) => e.kind)).toEqual(['unsupported']);
    expect(r.effects.flatMap((e) => e.targets)).toEqual(['par_57b', 'fn_12a', 'fn_12b']);
  });

  it('a mark alone, or a line outside the quotation, words no footnote', () => {
    expect(targets('V § 8a odst. 3 se slova „soudního řízení“ nahrazují slovy „řízení podle zvláštního předpisu^13h)“.')).toEqual([
      'par_8a/odst_3',
    ]);
    expect(targets('V § 5 se slovo „a“ nahrazuje slovem „b“.\n\n^1) Směrnice Rady 2006/112/ES.')).toEqual(['par_5']);
  });
});

describe('"poznámky po čarou" read as "pod čarou" (zákon č. 245/2011 Sb., bod 2, on zákon č. 40/1995 Sb.)', () => {
  it('reads the footnote the sentence names', () => {
    const r = parseInstruction('V § 6 odst. 4 písm. a) se bod 19 včetně poznámky po čarou č. 52a zrušuje.');
    expect(r.unsupported).toEqual([]);
    expect(r.effects.flatMap((e) => e.targets)).toEqual(['par_6/odst_4/pism_a/bod_19', 'fn_52a']);
  });

  it('is applied as the § with its footnote', () => {
    const text = lines('##### § 5g', 'Reklama se řídí zákonem.', '##### § 6', 'Dále.');
    const r = applyAmendment(text, [
      pt(
        '2',
        '§ 5g včetně nadpisu a poznámky po čarou č. 26a zní:\n\n##### „§ 5g\n\n#### Přípravky\n\nReklama se řídí předpisem Evropské unie^26a).\n\n^26a) Nařízení (ES) č. 1107/2009.“.',
      ),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['applied']);
    expect(r.text).toContain('Reklama se řídí předpisem Evropské unie^26a).');
    expect(r.text).toContain('^26a) Nařízení (ES) č. 1107/2009.');
  });
});

describe('a footnote written right after the quoted new text that cites it (zákon č. 37/1993 Sb. on zákon č. 54/1956 Sb.)', () => {
  const point = '§ 15 odst. 1 zní:\n\n„(1) Nemocenské náleží podle zvláštního zákona.^2)“.\n\n^2) § 195 odst. 3 zákoníku práce.';

  it("is the new text's footnote, not an instruction naming § 195 odst. 3", () => {
    const r = parseInstruction(point);
    expect(r.unsupported).toEqual([]);
    expect(r.effects.flatMap((e) => e.targets)).toEqual(['par_15/odst_1', 'fn_2']);
  });

  it('is applied with the new text', () => {
    const text = lines('##### § 15', '(1) Nemocenské náleží.', '(2) Dále.', '^1) Zákon č. 1/1990 Sb.');
    const r = applyAmendment(text, [pt('16', point)]);
    expect(r.points.map((p) => p.status)).toEqual(['applied']);
    expect(r.text).toContain('(1) Nemocenské náleží podle zvláštního zákona.^2)');
    expect(r.text).toContain('^2) § 195 odst. 3 zákoníku práce.');
  });

  it('leaves a footnote line the new text does not cite as it was read', () => {
    const r = parseInstruction('§ 15 odst. 1 zní:\n\n„(1) Nemocenské náleží.“.\n\n^2) § 195 odst. 3 zákoníku práce.');
    expect(r.unsupported.length).toBe(1);
  });
});
