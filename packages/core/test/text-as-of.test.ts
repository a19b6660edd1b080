import { eSbirkaUrl, textAsOf } from '../src/text-as-of';

describe('textAsOf: the day a version text represents', () => {
  it.each([
    // [valid_from, valid_to, source URL date, text_as_of]
    ['2007-01-01', null, '2026-01-01', '2026-01-01'], // one version, a later consolidation (the Labour Code)
    ['2014-01-01', '2017-02-28', '2026-01-01', '2014-01-01'], // a history: the URL names a later version
    ['2025-07-01', '2026-01-01', '2026-01-01', '2025-07-01'], // the URL date is the next version's start
    ['2026-01-01', null, '2026-01-01', '2026-01-01'], // the newest version, as its URL says
    ['2026-07-01', null, '2026-01-01', '2026-07-01'], // a version scheduled after the URL date
    ['1949-04-10', null, '1949-12-31', '1949-12-31'], // the newest of several, URL after it
    ['2010-01-01', null, null, '2010-01-01'], // undated (…/0000-00-00 is stored as null)
    ['2010-01-01', null, '0000-00-00', '2010-01-01'],
  ])('valid %s–%s under a URL of %s: %s', (from, to, source, expected) => {
    expect(textAsOf(from, to, source)).toBe(expected);
  });
});

describe('eSbirkaUrl', () => {
  it('the ELI at e-Sbírka, with the day when given', () => {
    expect(eSbirkaUrl('sb/2006/262', '2010-06-01')).toBe('https://e-sbirka.gov.cz/eli/cz/sb/2006/262/2010-06-01');
    expect(eSbirkaUrl('sb/2006/262')).toBe('https://e-sbirka.gov.cz/eli/cz/sb/2006/262');
    expect(eSbirkaUrl('not a key')).toBeNull();
  });
});
