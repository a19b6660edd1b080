import { readAmendingAct } from '../src/amendments/read-amending-act';
import { applyAmendment } from '../src/consolidation/apply';
import { lines, pt } from './fixtures/forms';

// Forms read first in the session of 2026-11-30 evening (#36, h-engine21), on tiny texts written
// the way legalize-cz writes them.

describe('a heading restated with the other dash keeps the dash of the text', () => {
  // vyhláška č. 536/2002 Sb., bod 7, on vyhláška č. 28/2001 Sb.: "Hlava pátá včetně nadpisu zní:"
  // writes "Zahraniční podmínky - Afghánistán" where the text (and the source after it) has
  // "Zahraniční podmínky – Afghánistán".
  const text = lines(
    '### HLAVA PÁTÁ',
    '#### ZAHRANIČNÍ PODMÍNKY',
    '##### § 96',
    '#### Zahraniční podmínky – Afghánistán',
    '(1) Hmotnost činí 20 kg.',
    '##### § 97',
    '#### Zahraniční podmínky – Albánie',
    '(1) Hmotnost činí 30 kg.',
    '### HLAVA ŠESTÁ',
    '##### § 98',
    'Text.',
  );

  it('in a container written anew', () => {
    const r = applyAmendment(text, [
      pt(
        '7',
        lines(
          'Hlava pátá včetně nadpisu zní:',
          '### „HLAVA PÁTÁ',
          '#### ZAHRANIČNÍ PODMÍNKY',
          '##### § 96',
          '#### Zahraniční podmínky - Afghánistán',
          '(1) Hmotnost činí 10 kg.',
          '##### § 97',
          '#### Zahraniční podmínky - Albánie - sever',
          '(1) Hmotnost činí 30 kg.“.',
        ).trim(),
      ),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['applied']);
    expect(r.text).toContain('#### Zahraniční podmínky – Afghánistán\n\n(1) Hmotnost činí 10 kg.');
    // A heading whose words changed is the act's, dash and all.
    expect(r.text).toContain('#### Zahraniční podmínky - Albánie - sever');
    expect(r.text).not.toContain('Zahraniční podmínky – Albánie');
  });

  it("in a § written anew, either way round; the body keeps the act's dash", () => {
    const r = applyAmendment(lines('##### § 5', '#### Podmínky - Belgie', '(1) Text – starý.', '##### § 6', 'Text.'), [
      pt('1', lines('§ 5 včetně nadpisu zní:', '##### „§ 5', '#### Podmínky – Belgie', '(1) Text - nový.“.').trim()),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['applied']);
    expect(r.text).toBe(lines('##### § 5', '#### Podmínky - Belgie', '(1) Text - nový.', '##### § 6', 'Text.'));
  });
});

describe("the last block's end that the source sets after the act's účinnost sentence", () => {
  // zákon č. 60/2005 Sb., čl. IV, on zákon č. 40/2004 Sb. (its text of 2005): point 4's renumbering
  // sentence and point 5 come after "Tento zákon nabývá účinnosti dnem jeho vyhlášení.".
  const act = lines(
    '# Zákon, kterým se mění zákon č. 40/2004 Sb., o veřejných zakázkách',
    '## ČÁST PRVNÍ',
    '#### Změna zákona o veřejných zakázkách',
    '##### Čl. I',
    'Zákon č. 40/2004 Sb., o veřejných zakázkách, se mění takto:',
    '- 1. V § 17 se slovo „a“ nahrazuje slovem „b“.',
    '- 2. Za část třetí se vkládá nová část čtvrtá, která včetně nadpisu zní:',
    '## „ČÁST ČTVRTÁ',
    '#### UDĚLOVÁNÍ KONCESÍ',
    '##### § 71a',
    'Text koncese.".',
    '## ČÁST DRUHÁ',
    '##### Čl. II',
    '#### Účinnost',
    'Tento zákon nabývá účinnosti dnem jeho vyhlášení.',
    'Dosavadní části čtvrtá až osmá se označují jako části pátá až devátá.',
    '- 3. V § 110 se za slova „§ 68 odst. 5,“ vkládají slova „§ 71b odst. 3,“.',
    '**Zaorálek v. r.**',
  );
  const meta = { naturalKey: 'sb/2005/60', publicationDate: '2005-02-08', effectivenessDate: '2005-02-08' };

  it("are the last block's: the renumbering its last point's new část starts, and its next point", () => {
    const { blocks } = readAmendingAct(act, meta);
    expect(blocks.map((b) => b.targetKey)).toEqual(['sb/2004/40']);
    const points = blocks[0].points;
    expect(points.map((p) => p.number)).toEqual(['1', '2', '3']);
    expect(points[1].text).toMatch(/Text koncese\."\.\n\nDosavadní části čtvrtá až osmá se označují jako části pátá až devátá\.$/);
    expect(points[2].text).toBe('V § 110 se za slova „§ 68 odst. 5,“ vkládají slova „§ 71b odst. 3,“.');
    // The účinnost sentence is still read as the act's own.
    expect(points.map((p) => p.effective?.how)).toEqual(['relative_to_publication', 'relative_to_publication', 'relative_to_publication']);
  });

  it('leaves a renumbering of other units, or a point not next, where it is', () => {
    const other = act
      .replace(
        'Dosavadní části čtvrtá až osmá se označují jako části pátá až devátá.',
        'Dosavadní části pátá až osmá se označují jako části šestá až devátá.',
      )
      .replace('- 3. V § 110', '- 4. V § 110');
    const points = readAmendingAct(other, meta).blocks[0].points;
    expect(points.map((p) => p.number)).toEqual(['1', '2']);
    expect(points[1].text).not.toContain('Dosavadní');
  });
});

describe('"za slovo „A“ se vkládá čárka a doplňují se tato slova:"', () => {
  // vyhláška č. 346/2000 Sb., bod 44, on vyhláška č. 177/1995 Sb.: the words go after "dopravy" with the
  // comma, not at the end of the písmeno.
  const text = lines('##### § 50', 'Dráha je', '- i) řízení drážní dopravy a uspokojování potřeb veřejnosti,', '- j) pevná zařízení.');

  it('puts the words after the mark', () => {
    const r = applyAmendment(text, [
      pt('44', 'V § 50 písm. i) se za slovo „dopravy“ vkládá čárka a doplňují se tato slova: „k odstavování vozidel (depo)“.'),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['applied']);
    expect(r.text).toContain('- i) řízení drážní dopravy, k odstavování vozidel (depo) a uspokojování potřeb veřejnosti,');
  });
});

describe('"odst. 1" of a § whose text numbers no odstavce', () => {
  // zákon č. 60/2005 Sb., bod 1, on zákon č. 40/2004 Sb.: the source's § 1 is one unnumbered
  // sentence and its písmena.
  const text = lines(
    '##### § 1',
    'Tento zákon upravuje',
    '- a) okruh osob,',
    '- b) postup,',
    '- c) druhy řízení,',
    '- d) soutěž o návrh.',
    '##### § 2',
    '(1) Text.',
    '(2) Další.',
  );

  it('is its text, for what lies in it', () => {
    const r = applyAmendment(text, [
      pt(
        '1',
        lines(
          'V § 1 odst. 1 se za písmeno c) vkládá nové písmeno d), které zní:',
          '- „d) postup při udělování koncesí,“.',
          'Dosavadní písmeno d) se označuje jako písmeno e).',
        ),
      ),
      pt('2', 'V § 1 odst. 1 se slova „okruh osob“ nahrazují slovy „okruh všech osob“.'),
    ]);
    expect(r.points.map((p) => p.status)).toEqual(['applied', 'applied']);
    expect(r.text).toContain(
      '- a) okruh všech osob,\n\n- b) postup,\n\n- c) druhy řízení,\n\n- d) postup při udělování koncesí,\n\n- e) soutěž o návrh.',
    );
  });

  it('is not found in a § that numbers its odstavce, nor rewritten whole', () => {
    const r = applyAmendment(text, [
      pt('1', 'V § 2 odst. 3 se slovo „Text“ nahrazuje slovem „Znění“.'),
      pt('2', 'V § 1 odstavec 1 zní:\n\n„(1) Nové znění.“.'),
    ]);
    expect(r.points.map((p) => p.reason)).toEqual(['target_not_found', 'target_not_found']);
  });
});

describe("titles of a new annex where the act's annexes write them plain", () => {
  // vyhláška č. 454/2008 Sb., body 53 and 54, on vyhláška č. 541/2005 Sb.: "Za přílohu č. 1 se vkládá
  // příloha č. 1a" writes "#### Náležitosti žádosti …", the act's annexes (and the source's text
  // after) the title as a plain line.
  const annexes = (title: string) =>
    lines(
      '##### § 1',
      'Text.',
      'Příloha č. 1 k vyhlášce č. 541/2005 Sb.',
      `${title}Náležitosti žádosti`,
      'Údaje.',
      'Příloha č. 2 k vyhlášce č. 541/2005 Sb.',
      `${title}Náležitosti oznámení`,
      'Údaje.',
    );
  const point = pt(
    '53',
    lines(
      'Za přílohu č. 1 se vkládá příloha č. 1a, která zní:',
      '„Příloha č. 1a k vyhlášce č. 541/2005 Sb.',
      '#### Náležitosti žádosti o zkušební provoz',
      'Údaje.“.',
    ),
  );

  it('are plain lines too', () => {
    const r = applyAmendment(annexes(''), [point]);
    expect(r.points.map((p) => p.status)).toEqual(['applied']);
    expect(r.text).toContain('Příloha č. 1a k vyhlášce č. 541/2005 Sb.\n\nNáležitosti žádosti o zkušební provoz\n\nÚdaje.');
  });

  it('keep their mark where the annexes set titles as headings', () => {
    const r = applyAmendment(annexes('#### '), [point]);
    expect(r.text).toContain('Příloha č. 1a k vyhlášce č. 541/2005 Sb.\n\n#### Náležitosti žádosti o zkušební provoz');
  });
});
