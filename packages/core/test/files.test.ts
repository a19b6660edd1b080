import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomic, writeFileAtomicSync } from '../src/files';

describe('writeFileAtomic', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dp-atomic-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('a reader polling the path never sees a partial file', async () => {
    const target = join(dir, 'big.json');
    const content = JSON.stringify({ text: 'x'.repeat(16 * 1024 * 1024) });
    let reads = 0;
    let partial = 0;
    let writing = true;
    const reader = (async () => {
      while (writing) {
        if (existsSync(target)) {
          reads++;
          if (readFileSync(target, 'utf8').length !== content.length) partial++;
        }
        await new Promise((r) => setImmediate(r));
      }
    })();
    await writeFileAtomic(target, content);
    writing = false;
    await reader;
    expect(partial).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe(content);
    expect(reads).toBeGreaterThanOrEqual(0);
  });

  it('leaves no temporary file behind, sets the mode, replaces an existing file', async () => {
    const target = join(dir, 'a.json');
    await writeFileAtomic(target, 'one');
    writeFileAtomicSync(target, 'two', { mode: 0o644 });
    expect(readFileSync(target, 'utf8')).toBe('two');
    expect(statSync(target).mode & 0o777).toBe(0o644);
    await writeFileAtomic(join(dir, 'b.json'), 'secret');
    expect(statSync(join(dir, 'b.json')).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir).sort()).toEqual(['a.json', 'b.json']);
  });

  it('removes its temporary file when the write fails', async () => {
    await expect(writeFileAtomic(join(dir, 'missing', 'x.json'), 'x')).rejects.toThrow();
    expect(() => writeFileAtomicSync(join(dir, 'missing', 'x.json'), 'x')).toThrow();
    expect(readdirSync(dir)).toEqual([]);
  });
});
