import { syncRepository } from '@dp/db';
import { createTestDatabase, type TestDatabase } from './corpus-helpers';
import { amendingActText, bootstrapMessage, createTinyRepo, docFile, effectiveOn, type TinyRepo } from '@dp/testing';

// An act of the Slovak National Council amending a common act amends it for the Slovak republic
// only: the rebuild of the Czech text skips it (`other_republic` in the next version's provenance)
// and applies the Czech National Council's act; on an act a Slovak organ issued it applies.

const COMMON = '# Zákon o věci 1\n\n##### § 1\n\nLhůta je 10 dní.\n\n##### § 2\n\nPoplatek činí 100 Kčs.\n';
const SLOVAK_DOC = '# Zákon Slovenské národní rady o věci 2\n\n##### § 1\n\nLhůta je 10 dní.\n';

const act = (title: string, target: string, point: string, day: string) =>
  amendingActText(title, [{ article: 'I', intro: `Zákon č. ${target}, se mění takto:`, points: [point] }], {
    article: 'II',
    sentence: effectiveOn(day),
  });

describe('sync: an act of the other republic is not rebuilt into a text it does not govern', () => {
  let db: TestDatabase;
  let repo: TinyRepo;
  beforeAll(async () => {
    db = await createTestDatabase();
    repo = createTinyRepo();
    repo.commit('cz/SB-1970-1.md', docFile({ id: 'SB-1970-1' }, COMMON), bootstrapMessage('SB-1970-1', '1970-01-01'), '1970-01-01');
    repo.commit(
      'cz/SB-1970-2.md',
      docFile({ id: 'SB-1970-2', title: 'Zákon Slovenské národní rady o věci 2' }, SLOVAK_DOC),
      bootstrapMessage('SB-1970-2', '1970-01-01'),
      '1970-01-01',
    );
    const acts: [string, string, string, string][] = [
      [
        'SB-1982-52',
        'Zákon Slovenskej národnej rady, ktorým sa mení zákon o veci 1',
        '1/1970 Sb., o věci 1',
        'V § 1 se číslo „10“ nahrazuje číslem „30“.',
      ],
      [
        'SB-1982-53',
        'Zákon Slovenskej národnej rady, ktorým sa mení zákon o veci 2',
        '2/1970 Sb., o věci 2',
        'V § 1 se číslo „10“ nahrazuje číslem „30“.',
      ],
      [
        'SB-1983-49',
        'Zákon České národní rady, kterým se mění zákon o věci 1',
        '1/1970 Sb., o věci 1',
        'V § 2 se číslo „100“ nahrazuje číslem „200“.',
      ],
    ];
    for (const [id, title, target, point] of acts) {
      const day = id.startsWith('SB-1982') ? '1. července 1982' : '1. července 1983';
      const iso = id.startsWith('SB-1982') ? '1982-07-01' : '1983-07-01';
      repo.commit(
        `cz/${id}.md`,
        docFile({ id, kind: 'CISTNOV', effectiveFrom: iso, title }, act(title, target, point, day)),
        bootstrapMessage(id, iso),
        iso,
      );
    }
  });
  afterAll(async () => {
    await db?.destroy();
    repo?.destroy();
  });

  it("skips the Slovak act on the common text, says why, and applies it on a Slovak organ's act", async () => {
    const report = await syncRepository(db, repo.dir, { today: '2026-06-01', concurrency: 1 });
    expect(report.documents.failed).toBe(0);
    const rows = await db.query<{ document_id: string; amended_by_key: string; text: string; rebuild: { failed: unknown[] } }>(
      `SELECT v.document_id, v.amended_by_key, CASE WHEN v.text_is_current THEN d.text ELSE v.text END AS text, v.rebuild
       FROM "document_version" v JOIN "document" d ON d.id = v.document_id
       WHERE v.text_source = 'rebuilt' ORDER BY v.document_id, v.version`,
    );
    expect(rows.map((r) => [r.document_id, r.amended_by_key])).toEqual([
      ['SB-1970-1', 'sb/1983/49'],
      ['SB-1970-2', 'sb/1982/53'],
    ]);
    expect(rows[0].text).toContain('Lhůta je 10 dní.');
    expect(rows[0].text).toContain('Poplatek činí 200 Kčs.');
    expect(rows[0].rebuild.failed).toEqual([{ amending_key: 'sb/1982/52', ordinal: 1, reason: 'other_republic' }]);
    expect(rows[1].text).toContain('Lhůta je 30 dní.');
    // The act's effects stay listed: they are the act's, whichever text they govern.
    const effects = await db.query<{ amending_key: string }>(
      `SELECT amending_key FROM "amendment_effect" WHERE target_key = 'sb/1970/1' ORDER BY amending_key`,
    );
    expect(effects.map((e) => e.amending_key)).toEqual(['sb/1982/52', 'sb/1983/49']);
  });
});
