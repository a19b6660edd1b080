// Prints which backends this run uses, so CI logs show both passes clearly.
module.exports = async () => {
  const db = process.env.DATABASE_URL ? `PostgreSQL (${new URL(process.env.DATABASE_URL).host})` : 'embedded PGlite';
  const redis = process.env.REDIS_URL ? `Redis (${new URL(process.env.REDIS_URL).host})` : 'in-process state';
  process.stdout.write(`\n[test backends] database: ${db}; shared state: ${redis}\n`);
};
