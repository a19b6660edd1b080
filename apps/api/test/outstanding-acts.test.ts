import { outstandingActs, presentOutstandingAct, type AmendingAct, type Effect } from '../src/legal/documents/amendments';
import type { VersionMeta } from '../src/legal/documents/load';

// The act as enacted (text of 2007-01-01), amended since by one act whose points were read and by
// one whose text in the source is its title only (read as one effect naming no point and no place).
const original: VersionMeta = {
  version: 1,
  validFrom: new Date('2007-01-01'),
  validTo: null,
  kind: 'bootstrap',
  amendedBy: null,
  amendedByKey: null,
  textSha256: null,
  textChars: 100,
  hasText: true,
  textIsCurrent: false,
  textOmitted: null,
  validFromInferredFrom: null,
  textAsOf: new Date('2007-01-01'),
  textSource: 'source',
  failed: [],
  hasTree: true,
};

const act = (naturalKey: string, effectiveFrom: string): AmendingAct => ({
  naturalKey,
  id: naturalKey,
  docNumber: null,
  title: null,
  effectiveFrom,
  methods: ['source-text'],
});

const effect = (amendingKey: string, effectiveFrom: string, point: string | null, targets: string[]): Effect => ({
  amendingKey,
  ordinal: 1,
  point,
  part: null,
  article: null,
  effectiveFrom,
  dateBasis: null,
  kinds: point === null ? ['unsupported'] : ['replace_words'],
  targets,
  instruction:
    point === null ? 'Zákon, kterým se mění zákon č. 262/2006 Sb., zákoník práce' : 'V § 75 se číslo „150“ nahrazuje číslem „300“.',
});

describe('the outstanding amending acts of a document read', () => {
  const amendments = {
    acts: [act('sb/2011/365', '2012-01-01'), act('sb/2013/1', '2013-07-01'), act('sb/2014/2', '2014-01-01')],
    effects: [
      effect('sb/2011/365', '2012-01-01', '1', ['par_75']),
      effect('sb/2013/1', '2013-07-01', null, []),
      effect('sb/2014/2', '2014-01-01', null, ['par_203']),
    ],
  };

  it('says what an act read from its title alone changes is unknown, unless the title names the place', () => {
    const listed = outstandingActs(amendments, original, '2026-11-28', [original]).map((o) =>
      presentOutstandingAct(o, 'sb/2006/262', '2026-11-28'),
    );
    expect(listed.map((o) => [o.natural_key, o.effects_known, o.points])).toEqual([
      ['sb/2011/365', true, 1],
      ['sb/2013/1', false, 0],
      ['sb/2014/2', true, 1],
    ]);
  });
});
