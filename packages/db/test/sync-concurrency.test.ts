import { syncRepository } from '@dp/db';
import { createTestDatabase, type TestDatabase } from './corpus-helpers';
import { bootstrapMessage, createTinyRepo, docFile, reformMessage, type TinyRepo } from '@dp/testing';

// Several documents are written at once (`concurrency`). Related documents that arrive in the
// same run must still find each other: an amending act and the act it amends written side by side
// each see nothing of the other's uncommitted rows, so without the cross-document lock both would
// miss the `amends` edge (and a repealing act its target's `repealed_by`).

const TODAY = '2026-06-01';
const PAIRS = 12;

function buildRepo(): TinyRepo {
  const repo = createTinyRepo();
  for (let k = 1; k <= PAIRS; k++) {
    const year = 2000 + k;
    const target = `SB-${year}-1`;
    const act = `SB-${year}-2`;
    const body = `# Zákon o věci ${k}\n\n##### § 1\n\nPůvodní znění.\n`;
    repo.commit(`cz/${target}.md`, docFile({ id: target }, body), bootstrapMessage(target, `${year}-01-01`), `${year}-01-01`);
    // The amending act also repeals an older act, which arrives right after it.
    const repealed = `SB-${year}-3`;
    repo.commit(
      `cz/${act}.md`,
      docFile(
        { id: act, kind: 'CISTNOV' },
        `# Zákon ${k}\n\n##### § 1\n\nMění se zákon č. 1/${year} Sb.\n\nZrušuje se zákon č. 3/${year} Sb., o starém.\n`,
      ),
      bootstrapMessage(act, `${year}-06-01`),
      `${year}-06-01`,
    );
    repo.commit(
      `cz/${repealed}.md`,
      docFile({ id: repealed }, `# Zákon o starém ${k}\n`),
      bootstrapMessage(repealed, `${year}-01-02`),
      `${year}-06-02`,
    );
    repo.commit(
      `cz/${target}.md`,
      docFile({ id: target, versionDate: `${year}-07-01`, amendments: [`2/${year} Sb.`] }, `${body}\nDoplněno.\n`),
      reformMessage(target, `${year}-07-01`, `2/${year} Sb.`),
      `${year}-07-01`,
    );
  }
  return repo;
}

async function snapshot(db: TestDatabase) {
  const relations = await db.query<{ s: string }>(
    `SELECT d.natural_key || ' ' || r."type" || ' ' || r.target_key || ' ' || array_to_string(r.methods, ',') AS s
     FROM "document_relation" r JOIN "document" d ON d.id = r.source_id ORDER BY 1`,
  );
  const repealed = await db.query<{ s: string }>(
    `SELECT natural_key || ' ' || array_to_string(repealed_by, ',') || ' ' || coalesce(inferred_effective_to::text, '-') AS s
     FROM "document" ORDER BY 1`,
  );
  const changes = await db.query<{ s: string }>(
    `SELECT kind || ' ' || natural_key || ' ' || coalesce(relation::text, '') AS s FROM "change" ORDER BY 1`,
  );
  return { relations: relations.map((r) => r.s), repealed: repealed.map((r) => r.s), changes: changes.map((r) => r.s) };
}

describe('syncRepository with several writers', () => {
  let repo: TinyRepo;
  let serial: TestDatabase;
  let parallel: TestDatabase;

  beforeAll(async () => {
    repo = buildRepo();
    [serial, parallel] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });
  afterAll(async () => {
    repo.destroy();
    await Promise.all([serial.destroy(), parallel.destroy()]);
  });

  it('writes exactly what one writer writes, related documents included', async () => {
    const one = await syncRepository(serial, repo.dir, { today: TODAY, concurrency: 1 });
    const many = await syncRepository(parallel, repo.dir, { today: TODAY, concurrency: 6 });
    expect(many.documents).toEqual(one.documents);
    expect(many.documents).toEqual({ created: PAIRS * 3, updated: 0, unchanged: 0, failed: 0 });
    expect(many.changes).toBe(one.changes);

    const a = await snapshot(serial);
    const b = await snapshot(parallel);
    // Every amending act has its edge and every repealed act its repealing one, in both runs.
    expect(a.relations.filter((r) => r.includes(' amends ')).length).toBe(PAIRS);
    expect(a.repealed.filter((r) => /^sb\/\d+\/3 sb\/\d+\/2 /.test(r)).length).toBe(PAIRS);
    expect(b.relations).toEqual(a.relations);
    expect(b.repealed).toEqual(a.repealed);
    expect(b.changes).toEqual(a.changes);
  });

  it("writes each document in a transaction on pg, not Prisma's", async () => {
    const scratch = await createTestDatabase();
    const raw = jest.spyOn(scratch, 'rawTransaction');
    const prisma = jest.spyOn(scratch.prisma, '$transaction');
    try {
      const report = await syncRepository(scratch, repo.dir, { today: TODAY, concurrency: 2 });
      expect(report.documents.created).toBe(PAIRS * 3);
      expect(raw.mock.calls.length).toBeGreaterThanOrEqual(PAIRS * 3);
      expect(prisma).not.toHaveBeenCalled();
      // The same rows as the runs above.
      expect(await snapshot(scratch)).toEqual(await snapshot(serial));
    } finally {
      await scratch.destroy();
    }
  });
});
