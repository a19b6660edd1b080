import { eSbirkaUrl } from '../src/text-as-of';

describe('eSbirkaUrl', () => {
  it('the ELI at e-Sbírka, with the day when given', () => {
    expect(eSbirkaUrl('sb/2006/262', '2010-06-01')).toBe('https://e-sbirka.gov.cz/eli/cz/sb/2006/262/2010-06-01');
    expect(eSbirkaUrl('sb/2006/262')).toBe('https://e-sbirka.gov.cz/eli/cz/sb/2006/262');
    expect(eSbirkaUrl('not a key')).toBeNull();
  });
});
