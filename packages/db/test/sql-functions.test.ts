import { readFileSync } from 'node:fs';
import { dumpSqlFunctions, SQL_FUNCTIONS_PATH } from '@dp/db';
import { createTestDatabase, type TestDatabase } from '@dp/testing';

// prisma/sql/functions.sql shows the functions and triggers in force without replaying the
// migrations; this fails when a migration changed them and the file was not generated again.
describe('prisma/sql/functions.sql', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.destroy());

  it('is what a migrated database holds (`pnpm --filter @dp/db generate:sql` writes it)', async () => {
    const dumped = await dumpSqlFunctions(db, db.schema);
    expect(dumped).toContain('CREATE OR REPLACE FUNCTION public.search_fold');
    expect(dumped).toMatch(/CREATE TRIGGER \w+ .* ON public\.document /);
    expect(readFileSync(SQL_FUNCTIONS_PATH, 'utf8')).toBe(dumped);
  });

  it('names the schema `public` whichever schema the database uses', async () => {
    const other = 'sqlfn_probe';
    await db.exec(`CREATE SCHEMA ${other}; CREATE FUNCTION ${other}.probe() RETURNS int LANGUAGE sql AS 'SELECT 1'`);
    try {
      const dumped = await dumpSqlFunctions(db, other);
      expect(dumped).toContain('CREATE OR REPLACE FUNCTION public.probe()');
      expect(dumped).not.toContain(`${other}.`);
    } finally {
      await db.exec(`DROP SCHEMA ${other} CASCADE`);
    }
  });
});
