import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataPaths, isLock, openCliDatabase, tryLockDataDir } from '../src/database';

/** The data directory a running `start` holds is never opened (nor its server stopped) by a CLI command. */
describe('the CLI and the data directory', () => {
  let dir: string;
  let other: ChildProcess;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'dp-cli-datadir-'));
    other = spawn('sleep', ['60'], { stdio: 'ignore' });
  });
  afterAll(() => {
    other.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('says clearly when DATA_DIR does not exist or is not a directory', async () => {
    await expect(openCliDatabase({ DATA_DIR: join(dir, 'missing') })).rejects.toThrow(
      /data directory .*missing \(DATA_DIR\) does not exist/,
    );
    const file = join(dir, 'a-file');
    writeFileSync(file, '');
    await expect(openCliDatabase({ DATA_DIR: file })).rejects.toThrow(/is not a directory: set DATA_DIR/);
  });

  it('waits for, and never takes over, a directory a live start holds before its server is up', async () => {
    const dataDir = join(dir, 'held');
    const paths = dataPaths({ DATA_DIR: dataDir });
    mkdirSync(dataDir);
    writeFileSync(paths.ownerFile, JSON.stringify({ pid: other.pid, owner: 'start' }));
    await expect(openCliDatabase({ DATA_DIR: dataDir }, 500)).rejects.toThrow(new RegExp(`held by a 'start' \\(pid ${other.pid}\\)`));
    expect(existsSync(paths.embeddedDir)).toBe(false); // no server was started on it
    expect(JSON.parse(readFileSync(paths.ownerFile, 'utf8')).pid).toBe(other.pid);
    expect(isLock(tryLockDataDir(paths, 'start'))).toBe(false); // nor can a second start take it
  });

  it('a command on its own starts the embedded server, and closing stops it and frees the directory', async () => {
    const dataDir = join(dir, 'own');
    mkdirSync(dataDir);
    const db = await openCliDatabase({ DATA_DIR: dataDir });
    const { port } = JSON.parse(readFileSync(dataPaths({ DATA_DIR: dataDir }).ownerFile, 'utf8')) as { port: number };
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await db.close();
    expect(existsSync(dataPaths({ DATA_DIR: dataDir }).ownerFile)).toBe(false);
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    expect(refused).toBe(true);
  }, 60_000);

  it('takes over the file of a holder that died', () => {
    const dataDir = join(dir, 'stale');
    const paths = dataPaths({ DATA_DIR: dataDir });
    mkdirSync(dataDir);
    writeFileSync(paths.ownerFile, JSON.stringify({ pid: 2 ** 22 + 1, owner: 'start', url: 'postgresql://x', port: 1 }));
    const lock = tryLockDataDir(paths, 'start');
    expect(isLock(lock)).toBe(true);
    expect(JSON.parse(readFileSync(paths.ownerFile, 'utf8'))).toEqual({ pid: process.pid, owner: 'start' });
    if (isLock(lock)) lock.release();
    expect(existsSync(paths.ownerFile)).toBe(false);
  });
});
