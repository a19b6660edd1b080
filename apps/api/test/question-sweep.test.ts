import type { SqlSession } from '@dp/db';
import { memoQueries } from '../src/eval/run-question-sweep';

/**
 * #37: the weights sweep ranks each question once per variant over one memo of its statements, so
 * a statement asked again with the same text and parameters is answered from the memo.
 */
function countingSession(): { s: SqlSession; calls: string[] } {
  const calls: string[] = [];
  const s: SqlSession = {
    exec: async () => undefined,
    query: async <T>(sql: string, params?: unknown[]) => {
      calls.push(`${sql} ${JSON.stringify(params ?? [])}`);
      return [{ sql, params }] as T[];
    },
  };
  return { s, calls };
}

describe('memoQueries', () => {
  it('answers a statement asked again with the same text and parameters from the memo, through any session sharing it', async () => {
    const { s, calls } = countingSession();
    const memo = new Map<string, Promise<unknown[]>>();
    const first = await memoQueries(s, memo).query('SELECT $1', [1]);
    const again = await memoQueries(s, memo).query('SELECT $1', [1]);
    expect(again).toBe(first);
    expect(calls).toHaveLength(1);
  });

  it('asks the database when the text or a parameter differs', async () => {
    const { s, calls } = countingSession();
    const memo = new Map<string, Promise<unknown[]>>();
    const m = memoQueries(s, memo);
    await m.query('SELECT $1', [1]);
    await m.query('SELECT $1', [2]);
    await m.query('SELECT $1 + 0', [1]);
    await m.query('SELECT 1');
    expect(calls).toHaveLength(4);
    // A fresh memo remembers nothing.
    await memoQueries(s, new Map()).query('SELECT $1', [1]);
    expect(calls).toHaveLength(5);
  });
});
