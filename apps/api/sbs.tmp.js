// Side by side: the search before this session's changes (/work/wt-before) and after (this checkout).
const builds = {
  before: { db: require('/work/wt-before/packages/db/dist/index.js'), search: require('/work/wt-before/apps/api/dist/legal/search/search.js') },
  after: { db: require('/work/main/packages/db/dist/index.js'), search: require('/work/main/apps/api/dist/legal/search/search.js') },
};
const { loadQueries, scoreRanking } = require('/work/main/apps/api/dist/eval/run-search-eval.js');
const pct = (a, p) => a[Math.min(a.length - 1, Math.floor((p / 100) * a.length))];
(async () => {
  const schema = process.env.S;
  for (const b of Object.values(builds)) b.conn = await b.db.createDatabase({ url: process.env.DATABASE_URL, schema, queryTimeoutMs: 0 });
  const qs = loadQueries();
  const times = { before: { fulltext: [], hybrid: [] }, after: { fulltext: [], hybrid: [] } };
  for (let r = 0; r < Number(process.env.ROUNDS || 5); r++) {
    for (const mode of ['fulltext', 'hybrid']) for (const j of qs) for (const name of r % 2 ? ['after', 'before'] : ['before', 'after']) {
      const b = builds[name]; const t = performance.now();
      await b.search.searchDocuments(b.conn, { q: j.q, mode, filters: {}, limit: 20, after: null });
      times[name][mode].push(performance.now() - t);
    }
  }
  const keys = [...new Set(qs.flatMap((j) => [...j.relevant, ...(j.relevant_full || [])]))];
  const present = new Set((await builds.after.conn.query('SELECT natural_key FROM "document" WHERE natural_key = ANY($1::text[])', [keys])).map((r) => r.natural_key));
  for (const name of ['before', 'after']) {
    const b = builds[name]; const out = [];
    for (const mode of ['fulltext', 'hybrid']) {
      let rr = 0, rec = 0;
      for (const j of qs) { const page = await b.search.searchDocuments(b.conn, { q: j.q, mode, filters: {}, limit: 10, after: null }); const s = scoreRanking(page.results.map((x) => x.natural_key), [...j.relevant, ...(j.relevant_full || [])], present); rr += s.rr; rec += s.recall; }
      const t = times[name][mode].sort((x, y) => x - y);
      out.push(`${mode} p50 ${pct(t, 50).toFixed(1)} p95 ${pct(t, 95).toFixed(1)} ms, MRR@10 ${(rr / qs.length).toFixed(3)} recall@10 ${(rec / qs.length).toFixed(3)}`);
    }
    console.log(`${schema} ${name.padEnd(6)}: ${out.join(' | ')}`);
  }
  for (const b of Object.values(builds)) await b.conn.close();
})();
