import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { gitEnv } from './git-env';

export interface BlobReader {
  /** The blob's bytes, or null when the repository does not have it (a partial clone's gap). */
  read(blob: string): Promise<Buffer | null>;
  close(): Promise<void>;
}

interface Pending {
  blob: string;
  resolve(value: Buffer | null): void;
  reject(error: Error): void;
}

/**
 * Reads blobs through ONE long-lived `git cat-file --batch`, requests pipelined in order.
 *
 * `available` (from listObjects) answers a missing object without asking git: a partial clone
 * (promisor remote, lazy fetching off) can spend minutes on it before exiting. Without the list,
 * a missing object is answered `<id> missing` by an ordinary repository, and when git exits
 * instead, the request it was answering is reported missing and a fresh child takes over the
 * requests still queued.
 */
export function openBlobReader(gitDir: string, available?: Set<string>): BlobReader {
  let child: ChildProcessWithoutNullStreams | null = null;
  let queue: Pending[] = [];
  let closed = false;
  // Parser state: a header line, then `size` bytes and a newline.
  let header = Buffer.alloc(0);
  let body: Buffer | null = null;
  let filled = 0;
  let stderr = '';

  const answer = (value: Buffer | null) => {
    const p = queue.shift();
    p?.resolve(value);
  };

  const onData = (chunk: Buffer) => {
    let pos = 0;
    while (pos < chunk.length) {
      if (body) {
        const take = Math.min(body.length - filled, chunk.length - pos);
        chunk.copy(body, filled, pos, pos + take);
        filled += take;
        pos += take;
        if (filled === body.length) {
          // body holds the content plus git's trailing newline
          answer(body.subarray(0, body.length - 1));
          body = null;
          filled = 0;
        }
        continue;
      }
      const nl = chunk.indexOf(0x0a, pos);
      if (nl < 0) {
        header = Buffer.concat([header, chunk.subarray(pos)]);
        return;
      }
      const line = Buffer.concat([header, chunk.subarray(pos, nl)]).toString('utf8');
      header = Buffer.alloc(0);
      pos = nl + 1;
      const parts = line.split(' ');
      if (parts[1] === 'missing' || parts[1] === 'ambiguous') {
        answer(null);
      } else {
        const size = Number(parts[2]);
        if (!Number.isFinite(size) || size < 0) {
          failAll(new Error(`git cat-file: unexpected answer "${line.slice(0, 200)}"`));
          return;
        }
        body = Buffer.allocUnsafe(size + 1);
        filled = 0;
      }
    }
  };

  const failAll = (error: Error) => {
    const pending = queue;
    queue = [];
    for (const p of pending) p.reject(error);
  };

  const start = (): ChildProcessWithoutNullStreams => {
    const c = spawn('git', ['--git-dir', gitDir, 'cat-file', '--batch'], { env: gitEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    child = c;
    header = Buffer.alloc(0);
    body = null;
    filled = 0;
    stderr = '';
    c.stdout.on('data', onData);
    c.stderr.setEncoding('utf8');
    c.stderr.on('data', (d: string) => {
      if (stderr.length < 4000) stderr += d;
    });
    c.stdin.on('error', () => {}); // EPIPE when git exits early; handled on 'close'
    c.on('error', (e) => failAll(e));
    c.on('close', () => {
      if (child !== c) return;
      child = null;
      if (closed || queue.length === 0) return;
      const first = queue[0];
      if (stderr.includes(first.blob)) {
        // the object git could not produce; the rest go to a new child
        answer(null);
        const rest = queue;
        queue = [];
        if (rest.length) {
          start();
          for (const p of rest) send(p);
        }
      } else {
        failAll(new Error(`git cat-file exited: ${stderr.trim() || 'no message'}`));
      }
    });
    return c;
  };

  const send = (p: Pending) => {
    const c = child ?? start();
    queue.push(p);
    c.stdin.write(`${p.blob}\n`);
  };

  return {
    read(blob: string) {
      if (closed) return Promise.reject(new Error('blob reader closed'));
      if (!/^[0-9a-f]{40,64}$/.test(blob)) return Promise.resolve(null);
      if (available && !available.has(blob)) return Promise.resolve(null);
      return new Promise<Buffer | null>((resolve, reject) => send({ blob, resolve, reject }));
    },
    async close() {
      closed = true;
      const c = child;
      child = null;
      if (!c) return;
      await new Promise<void>((resolve) => {
        c.once('close', () => resolve());
        c.stdin.end();
        setTimeout(() => c.kill(), 2000).unref();
      });
      failAll(new Error('blob reader closed'));
    },
  };
}
