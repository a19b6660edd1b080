import { captureIo, createCliTestEnv, type CliTestEnv } from './capture-io';
import { main } from '../src/cli';
import { commitBootstrap, createTinyRepo, type TinyRepo } from './tiny-repo';

// #25: a database whose documents were stored before the search signals existed gets them from
// `search-signals` (the next sync does the same; packages/db/test/search-signals.test.ts).
describe('cli search-signals', () => {
  let cli: CliTestEnv;
  let repo: TinyRepo;

  beforeAll(async () => {
    cli = await createCliTestEnv('dp-cli-signals-');
    repo = createTinyRepo();
    commitBootstrap(
      repo,
      { id: 'SB-2000-1', title: 'Zákon o věci (věcný zákon)' },
      '# Zákon\n\n##### § 1\n\n#### Předmět úpravy\n\nText.\n',
    );
    expect(await main(['sync', repo.dir], captureIo(cli.env))).toBe(0);
  });
  afterAll(async () => {
    repo.destroy();
    await cli.destroy();
  });

  const aliases = async () => (await cli.pg.query<{ n: number }>('SELECT count(*)::int AS n FROM "search_alias"'))[0].n;

  it('writes the aliases of the documents that have none, and says how many', async () => {
    expect(await aliases()).toBe(2);
    await cli.pg.exec('DELETE FROM "search_alias"; DELETE FROM "search_alias_source"');
    const io = captureIo(cli.env);
    expect(await main(['search-signals'], io)).toBe(0);
    expect(JSON.parse(io.out())).toEqual({ documents_written: 1 });
    expect(await aliases()).toBe(2);
    const again = captureIo(cli.env);
    expect(await main(['search-signals'], again)).toBe(0);
    expect(JSON.parse(again.out())).toEqual({ documents_written: 0 });
  });

  it('takes no arguments', async () => {
    expect(await main(['search-signals', 'extra'], captureIo(cli.env))).toBe(2);
  });
});
