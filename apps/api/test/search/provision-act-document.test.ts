import { testRecord } from '@dp/testing';
import { PROVISION_WEIGHTS } from '../../src/legal/search/provision-search';
import { rankingDatabase } from './ranking-database';

/**
 * #37 (h-acts2): the act stage ranks the acts of the ranked units also as documents of their own
 * (`search_act`: the title and short names, the act's own headings): an act whose headings are the
 * question's subject is the act the question is about, even where a provision of another act holds
 * the question's words more often. PROVISION_WEIGHTS.actDoc weighs it (0: none).
 */

// The act the question is about: its headings say so, its answering § says it once.
const fees = testRecord('sb/1990/565', {
  title: 'Zákon o místních poplatcích',
  text: [
    '# Zákon o místních poplatcích',
    '',
    '## ČÁST PRVNÍ',
    '',
    '#### Poplatek ze psů',
    '',
    '##### § 2',
    '',
    '#### Poplatník poplatku ze psů',
    '',
    'Poplatek platí držitel psa.',
    '',
    '##### § 3',
    '',
    '#### Sazba poplatku ze psů',
    '',
    'Sazba činí 1 500 Kč za kalendářní rok.',
    '',
  ].join('\n'),
  version: { text_is_current: true },
});

// An act about something else whose one § repeats the question's words in its text.
const vets = testRecord('sb/1999/166', {
  title: 'Zákon o veterinární péči',
  text: [
    '# Zákon o veterinární péči',
    '',
    '##### § 5',
    '',
    '#### Poplatky chovatele psa',
    '',
    'Chovatel psa hradí poplatek za očkování psa; sazba poplatku za psa je stanovena ročně.',
    '',
    '##### § 6',
    '',
    '#### Očkování proti vzteklině',
    '',
    'Chovatel zajistí očkování.',
    '',
  ].join('\n'),
  version: { text_is_current: true },
});

const ranking = rankingDatabase([fees, vets]);
const { rank } = ranking;

describe('the act as a document in the act stage', () => {
  const q = 'Jaká je roční sazba poplatku za psa?';

  it('puts first the act whose own headings are the question’s subject', async () => {
    expect((await rank(q))[0]).toMatchObject({ documentId: 'SB-1990-565', sectionId: 'par_3' });
  });

  it('without it, the other act’s § that repeats the words wins', async () => {
    Object.assign(PROVISION_WEIGHTS, { actDoc: 0 });
    expect((await rank(q))[0].documentId).toBe('SB-1999-166');
  });
});
