/**
 * The arguments both replay evaluations take (`pnpm eval:consolidation`, `pnpm eval:amendments`):
 * the bare repository (default CORPUS_GIT_DIR, else the shared full copy) and the half.
 */
import { isAbsolute, resolve } from 'node:path';
import type { Half } from '@dp/core';

export const DEFAULT_GIT_DIR = '/work/data/legalize-cz.git';

export interface EvalArgs {
  gitDir: string;
  /** The halves to run; `both` is tune and held-out side by side. */
  halves: Half[];
  /** Flags the runner reads itself (`--docs 50` → docs: '50', `--all-points` → 'true'). */
  flags: Map<string, string>;
}

/**
 * Reads `[git-dir] [--half tune|heldout|both] [--flag value]…`. `booleans` are the flags without
 * a value. A relative git dir is taken from where the command was typed (pnpm runs the script in
 * the package's folder and passes that folder in INIT_CWD).
 */
export function readEvalArgs(argv: string[], booleans: string[] = [], env: NodeJS.ProcessEnv = process.env): EvalArgs {
  let gitDir: string | null = null;
  let half = 'both';
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') continue;
    if (a.startsWith('--')) {
      const name = a.slice(2);
      if (booleans.includes(name)) flags.set(name, 'true');
      else {
        const value = argv[++i];
        if (value === undefined || value.startsWith('--')) throw new Error(`${a} needs a value`);
        if (name === 'half') half = value;
        else flags.set(name, value);
      }
    } else if (gitDir === null) gitDir = a;
    else throw new Error(`unexpected argument: ${a}`);
  }
  if (half !== 'tune' && half !== 'heldout' && half !== 'both') throw new Error(`--half is tune, heldout or both (got ${half})`);
  const dir = gitDir ?? env.CORPUS_GIT_DIR ?? DEFAULT_GIT_DIR;
  return {
    gitDir: isAbsolute(dir) ? dir : resolve(env.INIT_CWD ?? process.cwd(), dir),
    halves: half === 'both' ? ['tune', 'heldout'] : [half],
    flags,
  };
}

/** A numeric flag, or its default; a value that is not a positive number is an error. */
export function numberFlag(args: EvalArgs, name: string, fallback: number): number {
  const v = args.flags.get(name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} takes a positive number (got ${v})`);
  return n;
}
