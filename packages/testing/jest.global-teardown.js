// Drops whatever of the run is left (a clone's template, a database or schema a test file did not
// drop), then stops the embedded PostgreSQL the global set-up started, and removes its data.
const { rmSync } = require('node:fs');

module.exports = async () => {
  const run = globalThis.__DP_TEST_RUN__;
  if (run) {
    const left = (await run.finish()).filter((name) => name !== run.template);
    if (left.length) process.stdout.write(`[test backends] dropped ${left.length} test database(s) left behind: ${left.join(', ')}\n`);
  }
  const server = globalThis.__DP_EMBEDDED_TEST_SERVER__;
  if (!server) return;
  await server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
};
