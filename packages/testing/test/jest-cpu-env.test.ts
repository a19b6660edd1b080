import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Environment {
  setup(): Promise<void>;
  teardown(): Promise<void>;
}
type EnvironmentClass = new (config: unknown, context: { testPath: string; console: Console; docblockPragmas: object }) => Environment;
// The environment jest.config.js names under JEST_CPU_LOG (plain CommonJS, loaded as jest loads it).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const CpuLoggingEnvironment = require(join(__dirname, '..', 'jest.cpu-env.js')) as EnvironmentClass;

describe('JEST_CPU_LOG: a line per test file with its CPU seconds, start and worker', () => {
  const before = process.env.JEST_CPU_LOG;
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'dp-cpu-log-'))));
  afterEach(() => {
    if (before === undefined) delete process.env.JEST_CPU_LOG;
    else process.env.JEST_CPU_LOG = before;
    rmSync(dir, { recursive: true, force: true });
  });

  it("counts the CPU of a process the file started and reaped, on the file's line", async () => {
    const log = join(dir, 'cpu.log');
    process.env.JEST_CPU_LOG = log;
    const config = { globalConfig: {}, projectConfig: { testEnvironmentOptions: {}, globals: {}, fakeTimers: {} } };
    const startedBy = Date.now() / 1000;
    const env = new CpuLoggingEnvironment(config, { testPath: '/x/some.test.ts', console, docblockPragmas: {} });
    await env.setup();
    // A child that spins until it has used 0.85 CPU-seconds (however long the load makes that take),
    // waited for as the apps' processes are; the log reads the kernel's clock ticks, which may count
    // a tick less than the child's own clock, so it spins past the 0.8 asserted.
    const spun = spawnSync(process.execPath, ['-e', 'const u = () => process.cpuUsage(); while (u().user + u().system < 850_000);']);
    expect(spun.status).toBe(0);
    await env.teardown();
    const [path, wall, cpu, started, worker, ...rest] = readFileSync(log, 'utf8').trimEnd().split('\t');
    expect(path).toBe('/x/some.test.ts');
    expect(rest).toEqual([]);
    expect(Number(wall)).toBeGreaterThan(0);
    expect(Number(cpu)).toBeGreaterThanOrEqual(0.8);
    // When the file started and on which worker: a pass's schedule read from its log.
    expect(Number(started)).toBeGreaterThanOrEqual(Math.floor(startedBy * 10) / 10);
    expect(Number(started)).toBeLessThanOrEqual(Date.now() / 1000);
    expect(worker).toBe(process.env.JEST_WORKER_ID ?? '1');
  });
});
