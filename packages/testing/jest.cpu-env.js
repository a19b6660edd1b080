// Opt-in with JEST_CPU_LOG=<file> (jest.config.js): jest's node environment that appends one line
// per test file — its path, wall seconds, and CPU seconds of its jest worker and of the processes
// the file started and reaped (apps, stdio servers, Chromium), from set-up to teardown, after the
// file's own afterAll; then when it started (Unix seconds) and on which jest worker, so a pass's
// log shows its schedule (a worker idle while the other ends a long file). Jest reports wall time only; on a shared 2-core machine the CPU says which
// files cost most. Linux only (/proc); the embedded PostgreSQL's backends are not counted.
const { appendFileSync, readFileSync } = require('node:fs');
const { dirname } = require('node:path');

// Not a dependency of the root: found where jest itself finds it (jest → jest-cli → jest-config).
const from = (name, dir) => dirname(require.resolve(`${name}/package.json`, { paths: [dir] }));
const jestConfigDir = from('jest-config', from('jest-cli', from('jest', __dirname)));
const { TestEnvironment } = require(require.resolve('jest-environment-node', { paths: [jestConfigDir] }));

/** user + system CPU seconds of this process and its reaped children, from /proc/self/stat. */
function cpuSeconds() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // Fields after the command's closing parenthesis: utime, stime, cutime, cstime are the 12th–15th (in clock ticks of 1/100 s).
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
}

class CpuLoggingEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.testPath = context.testPath;
    this.cpu0 = cpuSeconds();
    this.wall0 = Date.now();
  }

  async teardown() {
    const wall = ((Date.now() - this.wall0) / 1000).toFixed(1);
    const cpu = (cpuSeconds() - this.cpu0).toFixed(2);
    const line = `${this.testPath}\t${wall}\t${cpu}\t${(this.wall0 / 1000).toFixed(1)}\t${process.env.JEST_WORKER_ID ?? '1'}\n`;
    appendFileSync(process.env.JEST_CPU_LOG, line);
    await super.teardown();
  }
}

module.exports = CpuLoggingEnvironment;
