import { captureIo, createCliTestEnv, type CliTestEnv } from './capture-io';
import { main } from '../src/cli';
import { commitBootstrap, createTinyRepo, type TinyRepo } from './tiny-repo';

// #37: `search-provisions` builds the provision index of documents that lack it (a database written
// before migration 20261128200000) or whose index is stale; the sync writes it itself.
describe('cli search-provisions', () => {
  let cli: CliTestEnv;
  let repo: TinyRepo;

  beforeAll(async () => {
    cli = await createCliTestEnv('dp-cli-psearch-');
    repo = createTinyRepo();
    commitBootstrap(
      repo,
      { id: 'SB-2000-1', title: 'Zákon o věci (věcný zákon)' },
      '# Zákon\n\n##### § 1\n\n#### Předmět úpravy\n\n(1) Text první.\n\n(2) Text druhý.\n\n##### § 2\n\nDalší.\n',
    );
    expect(await main(['sync', repo.dir], captureIo(cli.env))).toBe(0);
  });
  afterAll(async () => {
    repo.destroy();
    await cli.destroy();
  });

  const units = async () =>
    (await cli.pg.query<{ provision_id: string }>('SELECT provision_id FROM "search_provision" ORDER BY ord')).map((r) => r.provision_id);

  it('the sync wrote the index; the command rebuilds what is missing or stale, once', async () => {
    expect(await units()).toEqual(['par_1', 'par_1/odst_1', 'par_1/odst_2', 'par_2']);
    await cli.pg.exec('DELETE FROM "search_provision"; DELETE FROM "search_provision_state"');
    const io = captureIo(cli.env);
    expect(await main(['search-provisions', '--batch', '1'], io)).toBe(0);
    expect(JSON.parse(io.out())).toMatchObject({ documents: 1, units: 4, remaining: 0 });
    expect(await units()).toEqual(['par_1', 'par_1/odst_1', 'par_1/odst_2', 'par_2']);
    // A stale language version is rebuilt; a current index is left alone.
    await cli.pg.exec('UPDATE "search_provision_state" SET language_version = -1');
    const stale = captureIo(cli.env);
    expect(await main(['search-provisions'], stale)).toBe(0);
    expect(JSON.parse(stale.out())).toMatchObject({ documents: 1, remaining: 0 });
    const again = captureIo(cli.env);
    expect(await main(['search-provisions'], again)).toBe(0);
    expect(JSON.parse(again.out())).toMatchObject({ documents: 0, units: 0, remaining: 0 });
  });

  it('rejects an unknown argument', async () => {
    expect(await main(['search-provisions', '--fast'], captureIo(cli.env))).toBe(2);
  });
});
