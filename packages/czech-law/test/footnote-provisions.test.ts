import { splitUnits } from '../src/consolidation/units';
import { parseProvisions, type ParsedProvision } from '../src/provisions/parse-provisions';

// Footnotes (`^5) …`) the source collects at the end of an act's text are provisions of their own.

const byId = (ps: ParsedProvision[]): Map<string, ParsedProvision> => new Map(ps.map((p) => [p.id, p]));

const ACT = [
  '# Zákon o zkoušce',
  '',
  '##### § 1',
  '',
  '(1) Zkouška se koná podle zvláštního zákona^1).',
  '',
  '(2) Poplatek stanoví vyhláška^2).',
  '',
  '##### § 2',
  '',
  'Tento zákon nabývá účinnosti dnem vyhlášení.',
  '',
  '^1) Zákon č. 1/2000 Sb., o zkouškách.',
  've znění pozdějších předpisů.',
  '',
  '^2) Zrušeno.',
  '',
  '^1) Zákon č. 2/2001 Sb.',
  '',
].join('\n');

describe('footnotes as provisions', () => {
  it('makes each footnote a top-level provision and ends the body before them', () => {
    const text = ACT;
    const ps = parseProvisions(text).provisions;
    const m = byId(ps);
    const fn1 = m.get('fn_1')!;
    expect(fn1).toMatchObject({ kind: 'footnote', label: 'poznámka pod čarou č. 1', parent: null, heading: null, repealed: false });
    expect(text.slice(fn1.start, fn1.end).trim()).toBe('^1) Zákon č. 1/2000 Sb., o zkouškách.\nve znění pozdějších předpisů.');
    // The last § holds its own text only, not the footnotes after it.
    const last = m.get('par_2')!;
    expect(text.slice(last.start, last.end).trim()).toBe('##### § 2\n\nTento zákon nabývá účinnosti dnem vyhlášení.');
    expect(last.end).toBe(fn1.start);
    // The top-level ranges still run on from one another to the text's end.
    const top = ps.filter((p) => p.parent === null);
    for (let i = 1; i < top.length; i++) expect(top[i].start).toBe(top[i - 1].end);
    expect(top[top.length - 1].end).toBe(text.length);
  });

  it('marks a footnote whose text is a stub as repealed, and a number met again with ~2', () => {
    const m = byId(parseProvisions(ACT).provisions);
    expect(m.get('fn_2')!.repealed).toBe(true);
    const again = m.get('fn_1~2')!;
    expect(again.kind).toBe('footnote');
    expect(ACT.slice(again.start, again.end).trim()).toBe('^1) Zákon č. 2/2001 Sb.');
  });

  it('gives the same ids as the consolidation units', () => {
    const fromParser = parseProvisions(ACT)
      .provisions.filter((p) => p.kind === 'footnote')
      .map((p) => p.id);
    const fromUnits = splitUnits(ACT)
      .filter((u) => u.kind === 'footnote')
      .map((u) => u.id);
    expect(fromParser).toEqual(['fn_1', 'fn_2', 'fn_1~2']);
    expect(fromParser).toEqual(fromUnits);
  });

  it('ends an annex before the footnotes that follow it', () => {
    const text = [
      '##### § 1',
      '',
      'Vzor je v příloze^3).',
      '',
      'Příloha č. 1',
      '',
      'Vzor žádosti',
      '',
      '^3) Vyhláška č. 5/2002 Sb.',
      '',
    ].join('\n');
    const m = byId(parseProvisions(text).provisions);
    const annex = m.get('priloha_1')!;
    expect(text.slice(annex.start, annex.end).trim()).toBe('Příloha č. 1\n\nVzor žádosti');
    expect(m.get('fn_3')!.start).toBe(annex.end);
  });

  it("leaves an amending act's quoted new footnote as the point's text", () => {
    const text = [
      '##### Čl. I',
      '',
      'Zákon č. 1/2000 Sb. se mění takto:',
      '',
      '1. Poznámka pod čarou č. 5 zní:',
      '',
      '„^5) Zákon č. 9/2009 Sb.“.',
      '',
    ].join('\n');
    const ps = parseProvisions(text).provisions;
    expect(ps.some((p) => p.kind === 'footnote')).toBe(false);
    expect(byId(ps).get('cl_1')!.end).toBe(text.length);
  });

  it('parses a text without footnotes as before', () => {
    const text = ['##### § 1', '', '(1) Text.', ''].join('\n');
    const ps = parseProvisions(text).provisions;
    expect(ps.map((p) => p.id)).toEqual(['par_1', 'par_1/odst_1']);
    expect(ps[0].end).toBe(text.length);
  });
});
