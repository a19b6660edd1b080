const { createDatabase } = require('@dp/db');
const { lexicalRanking } = require('./dist/legal/search/lexical');
const { namedDocuments } = require('./dist/legal/search/names');
const { prepareQuery } = require('./dist/legal/search/query');
const { SEARCH_SETTINGS } = require('./dist/legal/search/search');
const { loadQueries } = require('./dist/eval/run-search-eval');
(async () => {
  const db = await createDatabase({ url: 'postgresql://postgres@127.0.0.1:5432/dp_search', readOnly: true });
  const qs = loadQueries().map((q) => q.q);
  const day = new Date();
  const t = { named: [], lex: [], lexNoNamed: [] };
  for (let r = 0; r < 3; r++) for (const q of qs) {
    const p = prepareQuery(q);
    await db.withReadOnlySettings(SEARCH_SETTINGS, async (s) => {
      let a = performance.now(); const named = await namedDocuments(s, p, {}, day); t.named.push(performance.now() - a);
      a = performance.now(); await lexicalRanking(s, p, {}, 200, 1000, day, 20, named); t.lex.push(performance.now() - a);
      a = performance.now(); await lexicalRanking(s, p, {}, 200, 1000, day, 20, new Map()); t.lexNoNamed.push(performance.now() - a);
    });
  }
  for (const [k, v] of Object.entries(t)) { v.sort((a, b) => a - b); console.log(k, 'p50', v[v.length >> 1].toFixed(1), 'p95', v[Math.floor(v.length * 0.95)].toFixed(1), 'sum', v.reduce((a, b) => a + b, 0).toFixed(0)); }
  await db.close();
})();
