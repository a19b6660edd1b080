import { testRecord } from '@dp/testing';
import { PROVISION_WEIGHTS } from '../../src/legal/search/provision-search';
import { rankingDatabase } from './ranking-database';

/**
 * #37 (h-rank2): the act document's rank is divided by the act document's length (`actNorm` 2),
 * not by its logarithm: a code's thousands of headings hold some of any question's words, so
 * holding them once among them says less of what the code is about than a short act's few
 * headings holding them.
 */

const part = (title: string, sections: string[]) =>
  [`# ${title}`, '', '## ČÁST PRVNÍ', '', '#### Poplatek za komunální odpad', '', ...sections].join('\n');

// A short act whose part is about the question; its § says it once.
const short = testRecord('sb/2001/1', {
  title: 'Zákon o místních záležitostech',
  text: part('Zákon o místních záležitostech', ['##### § 10', '', 'Obec vybírá poplatek za komunální odpad.', '']),
  version: { text_is_current: true },
});

// A long act whose part has the same heading among forty others, and whose § has a heading of
// its own and repeats the words.
const code = testRecord('sb/2001/2', {
  title: 'Zákon o věcech všech',
  text: part('Zákon o věcech všech', [
    '##### § 500',
    '',
    '#### Poplatek za odpad',
    '',
    'Poplatek za komunální odpad hradí vlastník; poplatek za komunální odpad se platí ročně a komunální odpad třídí.',
    '',
    ...Array.from({ length: 40 }, (_, i) => [
      `##### § ${i + 1}`,
      '',
      `#### Ustanovení o věci ${i + 1} druhu ${i + 7}`,
      '',
      'Text.',
      '',
    ]).flat(),
  ]),
  version: { text_is_current: true },
});

const { rank } = rankingDatabase([short, code]);
const q = 'poplatek za komunální odpad';

describe('the act document’s length', () => {
  it('puts first the short act whose few headings hold the question’s words', async () => {
    expect((await rank(q))[0].documentId).toBe('SB-2001-1');
  });

  it('with the log of the length only, the long act’s § that repeats the words wins', async () => {
    Object.assign(PROVISION_WEIGHTS, { actNorm: 1 });
    expect((await rank(q))[0].documentId).toBe('SB-2001-2');
  });
});
