import { childId, idSegment, keyOrder, parseProvisionId, parseProvisions, PROVISION_KINDS, provisionId, recogniseCitations } from '../src';

describe('provision ids: one builder and parser (#39 item 5)', () => {
  it('builds and parses ids, the bare annex and a repeated number included', () => {
    expect(
      provisionId([
        { word: 'par', key: '55' },
        { word: 'odst', key: '1' },
        { word: 'pism', key: 'a' },
      ]),
    ).toBe('par_55/odst_1/pism_a');
    expect(idSegment(PROVISION_KINDS.annex.segment, null)).toBe('priloha');
    expect(childId('cast_1', 'hlava_2')).toBe('cast_1/hlava_2');
    expect(childId('', 'par_1')).toBe('par_1');
    expect(parseProvisionId('par_5~2')).toEqual({ segments: [{ word: 'par', key: '5' }], repeat: 2 });
    expect(parseProvisionId('priloha')).toEqual({ segments: [{ word: 'priloha', key: null }], repeat: 1 });
    expect(parseProvisionId('§ 5')).toBeNull();
    for (const id of ['par_52a', 'cl_1/odst_2', 'cast_1/hlava_2/dil_3', 'par_55/odst_1/pism_a/bod_2']) {
      expect(provisionId(parseProvisionId(id)!.segments)).toBe(id);
    }
  });

  it('orders keys as the text numbers them', () => {
    const keys = ['52b', '52', '53', '52a', 'c', 'a'];
    expect(keys.filter((k) => /^\d/.test(k)).sort((a, b) => keyOrder(a) - keyOrder(b))).toEqual(['52', '52a', '52b', '53']);
    expect(keyOrder('52a')).toBeGreaterThan(keyOrder('52'));
    expect(keyOrder('52a')).toBeLessThan(keyOrder('53'));
    expect(keyOrder('c')).toBeGreaterThan(keyOrder('b'));
  });

  it('the parser and the citation recogniser give the same id for the same unit', () => {
    const text = '# Zákon\n\n##### § 55\n\n(1) Zaměstnavatel\n\n- a) nesmí\n\n##### Čl. II\n\nText.\n';
    const ids = parseProvisions(text).provisions.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining(['par_55', 'par_55/odst_1', 'par_55/odst_1/pism_a', 'cl_2']));
    const cited = recogniseCitations('podle § 55 odst. 1 písm. a) zákona č. 262/2006 Sb. a čl. II zákona č. 1/1993 Sb.');
    const citedIds = cited.flatMap((c) => (c.provision ? [c.provision.id] : []));
    expect(citedIds).toEqual(['par_55/odst_1/pism_a', 'cl_2']);
  });
});
