import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');

interface DryTask {
  taskId: string;
  task: string;
  package: string;
  hash: string;
  /** `<NONEXISTENT>` when the package has no such script: the task runs (and writes) nothing. */
  command: string;
  inputs: Record<string, string>;
  resolvedTaskDefinition: { outputs: string[] };
}

/** `turbo run build --dry=json`: every task's hash and hashed inputs, without building anything. */
function dryRun(env: NodeJS.ProcessEnv): DryTask[] {
  const r = spawnSync(join(root, 'node_modules', '.bin', 'turbo'), ['run', 'build', '--dry=json'], {
    cwd: root,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`turbo --dry=json failed: ${r.stderr}`);
  return (JSON.parse(r.stdout.slice(r.stdout.indexOf('{'))) as { tasks: DryTask[] }).tasks;
}

/** A turbo output glob (`src/generated/**`, `dist/**`) as a matcher of package-relative paths. */
function globMatcher(glob: string): RegExp {
  const source = glob
    .split('/')
    .map((part) => (part === '**' ? '.*' : part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')))
    .join('/');
  return new RegExp(`^${source.replace(/\/\.\*$/, '(/.*)?')}$`);
}

/**
 * `npm start` builds before it starts (scripts/run.mjs): a tree built once must build nothing the
 * second time, whatever runtime settings the environment holds.
 */
describe('the build cache (turbo)', () => {
  const base = { ...process.env };
  for (const name of ['X402_ENABLED', 'DATABASE_URL', 'REDIS_URL', 'LOG_LEVEL', 'LOG_FORMAT', 'PUBLIC_PORT', 'CORPUS_PATH'])
    delete base[name];
  let plain: DryTask[];
  beforeAll(() => {
    plain = dryRun(base);
  }, 120_000);

  it('runtime settings are not build inputs: every task hashes the same whatever the environment says', () => {
    const other = dryRun({
      ...base,
      X402_ENABLED: 'true',
      X402_DAILY_CAP_USD: '1.00',
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/elsewhere',
      REDIS_URL: 'redis://127.0.0.1:6379',
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'json',
      PUBLIC_PORT: '4000',
      CORPUS_PATH: '/tmp/corpus.jsonl',
      NODE_ENV: 'production',
    });
    const hashes = (tasks: DryTask[]) => Object.fromEntries(tasks.map((t) => [t.taskId, t.hash]));
    expect(plain.length).toBeGreaterThan(10);
    expect(hashes(other)).toEqual(hashes(plain));
  }, 120_000);

  it("no task hashes files another task writes (the generated Prisma client): a build's hash does not depend on whether generate ran before it", () => {
    // turbo hashes every task's inputs when the run starts. A file that a task of the same run
    // writes (generate's output) is hashed as absent on a fresh tree and as present the next
    // time: that second run misses the cache of the package and of everything built on it.
    const clashes: string[] = [];
    for (const task of plain) {
      const writers = plain.filter(
        (other) => other.package === task.package && other.taskId !== task.taskId && other.command !== '<NONEXISTENT>',
      );
      for (const writer of writers) {
        for (const output of writer.resolvedTaskDefinition.outputs ?? []) {
          const matches = globMatcher(output);
          for (const input of Object.keys(task.inputs))
            if (matches.test(input)) clashes.push(`${task.taskId} hashes ${input} (${writer.taskId} writes ${output})`);
        }
      }
    }
    expect(clashes).toEqual([]);
    // The generated client is still covered: by the schema the build hashes and by generate's hash.
    const dbBuild = plain.find((t) => t.taskId === '@dp/db#build')!;
    expect(Object.keys(dbBuild.inputs)).toContain('prisma/schema.prisma');
  });
});
