// Stops the embedded PostgreSQL the global set-up started, and removes its data.
const { rmSync } = require('node:fs');

module.exports = async () => {
  const server = globalThis.__DP_EMBEDDED_TEST_SERVER__;
  if (!server) return;
  await server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
};
