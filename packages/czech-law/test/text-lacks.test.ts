import type { AmendmentPoint } from '../src/amendments/types';
import { textLacks, textLacksStep } from '../src/consolidation/steps';

// #35: which effects a source text dated on a day lacks, the one rule of the rebuild, the statuses
// and the replays' windows.

const points = (...texts: string[]): AmendmentPoint[] => texts.map((t, i) => ({ number: String(i + 1), text: t, start: 0, end: 0 }));

describe('textLacks', () => {
  const act = (effectiveFrom: string | null, publishedOn: string | null = null, key = 'sb/2017/170') => ({
    act: key,
    effectiveFrom,
    publishedOn,
  });

  it('takes effects dated after the text', () => {
    expect(textLacks(act('2017-05-01', '2017-03-01'), '2017-04-15')).toBe('after');
    expect(textLacks(act(null), '2017-04-15')).toBeNull();
  });

  it('takes a retroactive act: in effect before the text, published after it (zákon č. 170/2017 Sb.)', () => {
    expect(textLacks(act('2017-04-01', '2017-06-16'), '2017-05-01')).toBe('retroactive');
    expect(textLacks(act('2017-04-01', '2017-06-16'), '2017-06-16')).toBeNull();
    expect(textLacks(act('2017-04-01', null), '2017-05-01')).toBeNull();
  });

  it("tells by the text whether the source's version named for a retroactive act holds it (made before the act existed)", () => {
    // Zákon č. 170/2017 Sb. names the version of 2017-04-01 (its effective day), published 2017-06-16.
    expect(textLacks(act('2017-04-01', '2017-06-16'), '2017-04-01', 'sb/2017/170')).toBe('same_day');
    // Published on or before the version's day, or of another day: the version holds it.
    expect(textLacks(act('2017-04-01', '2017-04-01'), '2017-04-01', 'sb/2017/170')).toBeNull();
    expect(textLacks(act('2017-03-01', '2017-06-16'), '2017-04-01', 'sb/2017/170')).toBeNull();
    expect(textLacks(act('2017-04-01', null), '2017-04-01', 'sb/2017/170')).toBeNull();
  });

  it("takes an act of the text's own day only when it is not the act the source's version names", () => {
    expect(textLacks(act('2017-05-01', '2017-03-01'), '2017-05-01', 'sb/2017/170')).toBeNull();
    expect(textLacks(act('2017-05-01', '2017-03-01'), '2017-05-01', 'sb/2017/99')).toBe('same_day');
    expect(textLacks(act('2017-05-01', '2017-03-01'), '2017-05-01')).toBe('same_day');
  });
});

describe('textLacksStep', () => {
  const text = '# Zákon\n\n##### § 1\n\nLhůta je 5 dnů.\n\n##### § 2\n\nPoplatek je 100 Kč.\n';

  it('tells a step the text lacks (its points apply) from one it holds (its old words are gone)', () => {
    const step = points('V § 1 se číslo „5“ nahrazuje číslem „6“.', 'V § 2 se číslo „100“ nahrazuje číslem „200“.');
    expect(textLacksStep(text, step)).toBe(true);
    const held = text.replace('5 dnů', '6 dnů').replace('100 Kč', '200 Kč');
    expect(textLacksStep(held, step)).toBe(false);
  });

  it('holds a step whose new wording the text already has, though the engine would apply it again', () => {
    // Zákon č. 357/2011 Sb. on zákon č. 555/1992 Sb. (§ 23a odst. 8), whose text of 2012-01-01 has it.
    const odst = 'Vězeňská služba je oprávněna pro účely evidence podle odstavce 1 vyžádat si opis z evidence Rejstříku trestů.';
    const step = points(
      `V § 2 se za odstavec 1 vkládá nový odstavec 2, který zní:\n\n„(2) ${odst}“.\n\nDosavadní odstavec 2 se označuje jako odstavec 3.`,
    );
    const lacking = text.replace('Poplatek je 100 Kč.\n', '(1) Poplatek je 100 Kč.\n\n(2) Poplatek je splatný do 15 dnů.\n');
    expect(textLacksStep(lacking, step)).toBe(true);
    const holding = text.replace('Poplatek je 100 Kč.\n', `(1) Poplatek je 100 Kč.\n\n(2) ${odst}\n\n(3) Poplatek je splatný do 15 dnů.\n`);
    expect(textLacksStep(holding, step)).toBe(false);
  });

  it('holds a step whose new unit is already there', () => {
    const step = points('Za § 1 se vkládá nový § 1a, který zní:\n\n##### „§ 1a\n\nLhůta se prodlužuje.“');
    expect(textLacksStep(text, step)).toBe(true);
    expect(textLacksStep(text.replace('##### § 2', '##### § 1a\n\nLhůta se prodlužuje.\n\n##### § 2'), step)).toBe(false);
  });
});
