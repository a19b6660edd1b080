import { spawn } from 'node:child_process';
import { gitEnv } from './git-env';
import type { CommitFile, SourceCommit } from './types';

export interface CommitLogRange {
  /** Exclusive lower bound (the last commit already synced); null for the whole history. */
  from: string | null;
  /** Inclusive upper bound: a full commit id. */
  to: string;
}

const RECORD = '\x1e';
const FIELD = '\x1f';

function parseRecord(record: string): SourceCommit | null {
  const [sha, authorDate, rest] = splitFields(record);
  if (!sha || authorDate === undefined || rest === undefined) return null;
  // --raw -z: the message ends with NUL, then ":<modes> <old> <new> <status>\0<path>\0[<path>\0]" per file.
  const end = rest.indexOf('\0');
  const message = end < 0 ? rest : rest.slice(0, end);
  const files: CommitFile[] = [];
  if (end >= 0) {
    const parts = rest.slice(end + 1).split('\0');
    for (let i = 0; i < parts.length; i++) {
      const head = parts[i].replace(/^\n/, '');
      if (!head.startsWith(':')) continue;
      const fields = head.slice(1).split(' ');
      const status = fields[4] ?? '';
      const blob = fields[3] ?? '';
      const twoPaths = status.startsWith('R') || status.startsWith('C');
      const path = twoPaths ? parts[i + 2] : parts[i + 1];
      i += twoPaths ? 2 : 1;
      if (path !== undefined) files.push({ status, path, blob });
    }
  }
  return { sha, authorDate, message, files };
}

function splitFields(record: string): [string?, string?, string?] {
  const a = record.indexOf(FIELD);
  const b = a < 0 ? -1 : record.indexOf(FIELD, a + 1);
  if (a < 0 || b < 0) return [];
  return [record.slice(0, a).trim(), record.slice(a + 1, b), record.slice(b + 1)];
}

/**
 * Streams the commits of `range`, oldest first, with the files each touched and their blob ids,
 * from ONE `git log` child process: the history is never held in memory as a whole here (the
 * caller decides what it keeps). Rejects when git fails (unknown commit, not a repository).
 */
export async function* readCommitLog(gitDir: string, range: CommitLogRange): AsyncGenerator<SourceCommit> {
  const spec = range.from ? `${range.from}..${range.to}` : range.to;
  const child = spawn(
    'git',
    [
      '--git-dir',
      gitDir,
      'log',
      '--reverse',
      '--topo-order',
      '--no-abbrev',
      '--no-renames',
      '--raw',
      '-z',
      `--format=${RECORD}%H${FIELD}%aI${FIELD}%B`,
      spec,
      '--',
    ],
    { env: gitEnv(), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d: string) => {
    if (stderr.length < 4000) stderr += d;
  });
  const exited = new Promise<number>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
  child.stdout.setEncoding('utf8');
  let buffer = '';
  try {
    for await (const chunk of child.stdout as AsyncIterable<string>) {
      buffer += chunk;
      // Every complete record in the buffer, then one slice: no copying per record.
      let start = 0;
      let next = buffer.indexOf(RECORD, 1);
      while (next > 0) {
        const commit = parseRecord(buffer.slice(start + 1, next));
        if (commit) yield commit;
        start = next;
        next = buffer.indexOf(RECORD, start + 1);
      }
      buffer = buffer.slice(start);
    }
    if (buffer.startsWith(RECORD)) {
      const commit = parseRecord(buffer.slice(1));
      if (commit) yield commit;
    }
    const code = await exited;
    if (code !== 0) throw new Error(`git log failed (exit ${code}): ${stderr.trim()}`);
  } finally {
    if (child.exitCode === null) child.kill();
  }
}
