import { ACT_NAMES } from '../src/citations/act-names';

describe('ACT_NAMES', () => {
  it('names each act by a natural key', () => {
    for (const entry of ACT_NAMES) {
      expect(entry.acts.length).toBeGreaterThan(0);
      for (const key of entry.acts) expect(key).toMatch(/^sb\/\d{4}\/\d+[a-z]?$/);
      expect(entry.abbreviations.length + entry.names.length).toBeGreaterThan(0);
    }
  });

  it('gives every written form one entry, so a reader never has to choose between rows', () => {
    const seen = new Map<string, number>();
    ACT_NAMES.forEach((entry, index) => {
      for (const form of [...entry.abbreviations, ...entry.names]) {
        const key = form.replace(/\s+/g, '');
        expect({ form, entry: seen.get(key) ?? index }).toEqual({ form, entry: index });
        seen.set(key, index);
      }
    });
  });
});
