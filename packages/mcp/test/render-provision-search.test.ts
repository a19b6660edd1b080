import { renderProvisionSearch, renderSearch, type ProvisionHit, type SearchHit } from '../src/render/search';

// #37: legal_search with granularity "provision" answers as a model needs: the top provisions'
// text, each cited as lawyers cite it, with the day's text status; the rest as snippets.

const hit = (n: number, o: Partial<ProvisionHit> = {}): ProvisionHit => ({
  act: {
    id: 'SB-2006-262',
    natural_key: 'sb/2006/262',
    doc_number: '262/2006 Sb.',
    title: 'Zákon zákoník práce',
    doc_type: 'act',
    status: 'in_force',
  },
  provision: { id: `par_${n}/odst_1`, label: `§ ${n} odst. 1`, heading: 'Zkušební doba', context: 'ČÁST DRUHÁ › Pracovní poměr' },
  score: 1 / n,
  snippet: `…snippet ${n} «zkušební» doba…`,
  text: `(1) Text ${n} ${'slovo '.repeat(40)}`,
  source_text: null,
  text_truncated: n === 1,
  text_status: 'current',
  text_source: 'source',
  ...o,
});

describe('renderProvisionSearch', () => {
  it('cites each provision with its act, shows the top texts and the rest as snippets', () => {
    const out = renderProvisionSearch(
      'jak dlouho trvá zkušební doba',
      'hybrid',
      '2026-11-28',
      [1, 2, 3, 4].map((n) => hit(n)),
      null,
      'req_1',
    );
    expect(out).toContain('1. § 1 odst. 1 zákona č. 262/2006 Sb., ve znění účinném ke dni 28. 11. 2026 — Zkušební doba');
    expect(out).toContain('in: ČÁST DRUHÁ › Pracovní poměr');
    expect(out).toMatch(/text: \(1\) Text 1 (slovo )+…/);
    expect(out).toContain('text: (1) Text 3');
    expect(out).toContain('snippet: …snippet 4 «zkušební» doba…');
    expect(out).not.toContain('text: (1) Text 4');
    expect(out).toContain('legal_get_provision');
    expect(out).not.toMatch(/NOT THE LAW/);
  });

  it('says when a provision’s text is not the day’s law, and when nothing was found', () => {
    const out = renderProvisionSearch(
      'přesčas',
      'fulltext',
      '2026-11-28',
      [
        hit(76, {
          text_status: 'amended_not_in_source',
          text: null,
          source_text: { as_of: '2007-01-01', text: '(1) Práce přesčas nesmí činit 150 hodin' },
        }),
      ],
      'cur',
      null,
    );
    expect(out).toMatch(/text_status amended_not_in_source/);
    expect(out).toMatch(/NOT THE LAW OF THE DAY/);
    // The older wording only under its own day, never as the day's text (#35 item 3).
    expect(out).toContain('older wording (of 1. 1. 2007, not the law of 28. 11. 2026): (1) Práce přesčas nesmí činit 150 hodin');
    expect(out).not.toMatch(/ {3}text: /);
    expect(out).toContain('cursor "cur"');
    expect(renderProvisionSearch('nic', 'fulltext', '2026-11-28', [], null, null)).toMatch(/Nothing found/);
  });
});

describe('renderSearch (documents)', () => {
  const doc = (o: Partial<SearchHit> = {}): SearchHit => ({
    id: 'SB-2006-262',
    natural_key: 'sb/2006/262',
    doc_number: '262/2006 Sb.',
    title: 'Zákon zákoník práce',
    doc_type: 'act',
    status: 'in_force',
    score: 1,
    snippet: '«výpověď»',
    provision: { id: 'par_52', label: '§ 52', heading: 'Výpověď', text_status: 'current' },
    text_current: true,
    outstanding_amendments: 0,
    ...o,
  });

  it('says when a hit’s text lacks amendments in force (#35), and whether they reach the provision it points at', () => {
    expect(renderSearch('výpověď', 'fulltext', [doc()], null, null)).not.toMatch(/NOT THE LAW/);
    const reached = renderSearch(
      'výpověď',
      'fulltext',
      [
        doc({
          text_current: false,
          outstanding_amendments: 2,
          provision: { id: 'par_52', label: '§ 52', heading: null, text_status: 'amended_not_in_source' },
        }),
      ],
      null,
      null,
    );
    expect(reached).toMatch(
      /NOT THE LAW OF THE DAY: the collection's text of this act lacks 2 amending acts in force that day\. They change § 52/,
    );
    const elsewhere = renderSearch('výpověď', 'fulltext', [doc({ text_current: false, outstanding_amendments: 1 })], null, null);
    expect(elsewhere).toMatch(/lacks 1 amending act in force that day\. They do not reach § 52 as far as known/);
  });
});
