import { effectStatus, outstandingEffects, type Effect } from '../src/legal/documents/amendments';
import type { VersionMeta } from '../src/legal/documents/load';

// #35: a source text lacks a retroactive act's points (in effect before the text's day, published
// after it) and those of its own day that the rebuild took from it; the statuses say so.

const version = (v: Partial<VersionMeta> & { version: number; day: string }): VersionMeta => ({
  validFrom: new Date(v.day),
  validTo: null,
  kind: 'reform',
  amendedBy: null,
  amendedByKey: null,
  textSha256: null,
  textChars: 100,
  hasText: true,
  textIsCurrent: false,
  textOmitted: null,
  validFromInferredFrom: null,
  textAsOf: new Date(v.day),
  textSource: 'source',
  failed: [],
  hasTree: true,
  ...v,
});

const effect = (amendingKey: string, effectiveFrom: string, actPublishedOn: string | null, ordinal = 1): Effect => ({
  amendingKey,
  ordinal,
  point: String(ordinal),
  part: null,
  article: null,
  effectiveFrom,
  dateBasis: null,
  kinds: ['replace_words'],
  targets: ['par_1'],
  instruction: 'V § 1 se číslo „5“ nahrazuje číslem „6“.',
  actPublishedOn,
});

describe('statuses of acts a source text of their day or later lacks', () => {
  // The source's newest text is of 2017-05-01, made for zákon č. 99/2017 Sb.
  const text = version({ version: 2, day: '2017-05-01', amendedByKey: 'sb/2017/99' });
  const versions = [version({ version: 1, day: '2010-01-01' }), text];

  it('a retroactive act is not applied by a text dated before its publication', () => {
    const retro = effect('sb/2017/170', '2017-04-01', '2017-06-16');
    expect(effectStatus(retro, versions, '2017-07-01')).toBe('unapplied');
    expect(outstandingEffects({ acts: [], effects: [retro] }, text, '2017-07-01', versions)).toEqual([retro]);
    // Published before the text: the text holds it.
    const plain = effect('sb/2017/150', '2017-04-01', '2017-03-01');
    expect(effectStatus(plain, versions, '2017-07-01')).toBe('applied');
    expect(outstandingEffects({ acts: [], effects: [plain] }, text, '2017-07-01', versions)).toEqual([]);
  });

  it("an act of the text's own day is applied unless the rebuild took it from that text", () => {
    const own = effect('sb/2017/99', '2017-05-01', '2017-03-01');
    const other = effect('sb/2017/98', '2017-05-01', '2017-03-01');
    expect(effectStatus(own, versions, '2017-07-01')).toBe('applied');
    expect(effectStatus(other, versions, '2017-07-01')).toBe('applied');
    const rebuilt = version({
      version: 3,
      day: '2017-05-01',
      textSource: 'rebuilt',
      amendedByKey: 'sb/2017/98',
      textAsOf: new Date('2017-05-01'),
    });
    const chain = [...versions, rebuilt];
    expect(effectStatus(other, chain, '2017-07-01')).toBe('rebuilt');
    expect(effectStatus(own, chain, '2017-07-01')).toBe('applied');
    expect(outstandingEffects({ acts: [], effects: [own, other] }, text, '2017-07-01', chain)).toEqual([other]);
    expect(outstandingEffects({ acts: [], effects: [own, other] }, rebuilt, '2017-07-01', chain)).toEqual([]);
  });
});
