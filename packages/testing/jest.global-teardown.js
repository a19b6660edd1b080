// Drops the run's template and any clone a test file left behind, then stops the embedded
// PostgreSQL the global set-up started, and removes its data.
const { rmSync } = require('node:fs');

module.exports = async () => {
  const run = globalThis.__DP_TEST_TEMPLATE_RUN__;
  if (run) {
    const left = (await run.finish()).filter((name) => name !== run.template);
    if (left.length) process.stdout.write(`[test backends] dropped ${left.length} database(s) test files left: ${left.join(', ')}\n`);
  }
  const server = globalThis.__DP_EMBEDDED_TEST_SERVER__;
  if (!server) return;
  await server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
};
