// jest's TypeScript transform: esbuild, transpile only. Types are checked by `pnpm typecheck`
// (a separate CI step), and every package's tsconfig has isolatedModules, so each file compiles
// alone; esbuild does that work in a fraction of TypeScript's own transpiler's time, which a
// pass pays in full on a fresh checkout (jest's cache is keyed by the file's path).
const { createHash } = require('node:crypto');
const { transformSync, version } = require('esbuild');

// What tsconfig.base.json's compilerOptions mean for one file's output (ES2022 class fields).
const OPTIONS = {
  loader: 'ts',
  format: 'cjs',
  target: 'es2022',
  platform: 'node',
  sourcemap: 'external',
  sourcesContent: false,
  tsconfigRaw: { compilerOptions: { useDefineForClassFields: true, verbatimModuleSyntax: false } },
};
const CONFIG_KEY = JSON.stringify({ version, OPTIONS });

module.exports = {
  canInstrument: false,
  process(source, filename) {
    const out = transformSync(source, { ...OPTIONS, sourcefile: filename });
    return { code: out.code, map: out.map };
  },
  getCacheKey(source, filename) {
    return createHash('sha1').update(CONFIG_KEY).update('\0').update(filename).update('\0').update(source).digest('hex');
  },
};
