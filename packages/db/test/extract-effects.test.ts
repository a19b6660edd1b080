import { extractEffects, extractEffectsOfTexts } from '../src/amendments/extract-effects';

const META = { naturalKey: 'sb/2009/52', publishedOn: '2009-02-26', effectiveFrom: '2009-04-01' };

const part = (n: string, key: string, point: string) => `## ČÁST ${n}

##### Čl. ${n === 'PRVNÍ' ? 'I' : 'II'}

Zákon č. ${key}, o něčem, se mění takto:

- 1. ${point}
`;

const END = `## ČÁST TŘETÍ

#### ÚČINNOST

##### Čl. III

Tento zákon nabývá účinnosti dnem 1. dubna 2009.
`;

/** The act as enacted amends two acts; its later text (as e-Sbírka consolidates it) lost the second part. */
const ORIGINAL = `# Zákon\n\n${part('PRVNÍ', '141/1961 Sb.', '§ 8a se zrušuje.')}\n${part('DRUHÁ', '101/2000 Sb.', 'V § 5 se slovo „a“ nahrazuje slovem „b“.')}\n${END}`;
const LATER = `# Zákon\n\n${part('PRVNÍ', '141/1961 Sb.', '§ 8b se zrušuje.')}\n${END}`;

describe('extractEffectsOfTexts', () => {
  it('keeps the effects on an act that only an older text of the amending act still names', () => {
    expect(extractEffects(LATER, META).effects.map((e) => e.targetKey)).toEqual(['sb/1961/141']);
    const read = extractEffectsOfTexts([ORIGINAL, LATER], META);
    expect(read.effects.map((e) => [e.targetKey, e.targets, e.effectiveFrom])).toEqual([
      // The newest text wins for an act it still amends.
      ['sb/1961/141', ['par_8b'], '2009-04-01'],
      ['sb/2000/101', ['par_5'], '2009-04-01'],
    ]);
    expect(read.blocks).toBe(2);
  });

  it('leaves out the blocks of the acts it is told to skip, the others numbered as in a whole read', () => {
    const whole = extractEffects(ORIGINAL, META);
    const skipped = extractEffects(ORIGINAL, META, new Set(['sb/1961/141']));
    expect(skipped.effects).toEqual(whole.effects.filter((e) => e.targetKey !== 'sb/1961/141'));
    expect(skipped.effects.map((e) => [e.targetKey, e.ordinal])).toEqual([['sb/2000/101', 1]]);
    expect(skipped.points).toBe(1);
  });

  it('reads the older texts when the newest amends nothing (truncated to its title)', () => {
    const title = '# Zákon, kterým se mění zákon č. 141/1961 Sb. a zákon č. 101/2000 Sb.\n';
    expect(extractEffects(title, META).effects).toEqual([]);
    const read = extractEffectsOfTexts([ORIGINAL, title], META);
    expect(read.effects.map((e) => [e.targetKey, e.targets, e.effectiveFrom])).toEqual([
      ['sb/1961/141', ['par_8a'], '2009-04-01'],
      ['sb/2000/101', ['par_5'], '2009-04-01'],
    ]);
  });

  it('knows the act a title-only amending act amends, and when, but not its points (zákon č. 53/1963 Sb. on zákon č. 140/1961 Sb.)', () => {
    // Every text of zákon č. 53/1963 Sb. in the source is its title; its front matter's effectiveness_date is 1963-07-17.
    const title = '# Zákon, jímž se mění § 203 trestního zákona č. 140/1961 Sb\n';
    const meta = { naturalKey: 'sb/1963/53', publishedOn: '1963-07-17', effectiveFrom: '1963-07-17' };
    const read = extractEffectsOfTexts([title, title], meta);
    expect(read.effects).toEqual([
      expect.objectContaining({
        targetKey: 'sb/1961/140',
        targetDocNumber: '140/1961 Sb.',
        point: null,
        effectiveFrom: '1963-07-17',
        dateBasis: expect.stringContaining('title only'),
        kinds: ['unsupported'],
        targets: ['par_203'],
        instruction: 'Zákon, jímž se mění § 203 trestního zákona č. 140/1961 Sb',
      }),
    ]);
    // A title naming the act alone gives no target: the effect is one a read cannot locate.
    const plain = extractEffectsOfTexts(['# Nařízení vlády, kterým se mění nařízení vlády č. 396/2001 Sb., o něčem\n'], meta);
    expect(plain.effects.map((e) => [e.targetKey, e.targets])).toEqual([['sb/2001/396', []]]);
    // A text with more than its title, or a title naming two acts, gives nothing of the kind.
    expect(extractEffectsOfTexts([`${title}\nText bez bodů.\n`], meta).effects).toEqual([]);
    expect(extractEffectsOfTexts(['# Zákon, kterým se mění zákon č. 141/1961 Sb. a zákon č. 101/2000 Sb.\n'], META).effects).toEqual([]);
  });

  it('reads one text as extractEffects does', () => {
    expect(extractEffectsOfTexts([ORIGINAL], META)).toEqual(extractEffects(ORIGINAL, META));
    expect(extractEffectsOfTexts([], META).effects).toEqual([]);
  });
});

describe('extractEffects: points the grammar does not read', () => {
  // Zákon č. 344/2002 Sb., čl. I bod 21, on zákon č. 262/2000 Sb.: a row of an annex's table the
  // grammar does not read; the point's kind is unknown, its place is not.
  it('stores the provisions an unread sentence names (zákon č. 344/2002 Sb.)', () => {
    const point = 'V příloze č. 1 položce 142 se slovo „vodoměry“ nahrazuje slovy „měřidla protečeného množství vody“.';
    const text = `# Zákon\n\n${part('PRVNÍ', '262/2000 Sb.', point)}\n${END}`;
    const [effect] = extractEffects(text, META).effects;
    expect(effect.kinds).toEqual(['unsupported']);
    expect(effect.targets).toEqual(['priloha_1']);
  });
});
