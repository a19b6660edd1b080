import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { createLogger, type Logger } from '@dp/core';

/** A logger writing JSON lines into `lines` (tests read what was logged and at which level). */
export function memoryLogger(lines: string[], level = 'warn'): Logger {
  return createLogger({
    level,
    destination: {
      write(chunk: string) {
        lines.push(chunk);
      },
    },
  });
}

/** Every logged line at error level or with a stack trace (client errors must produce neither). */
export function faultLines(lines: string[]): string[] {
  return lines.filter((l) => {
    const o = JSON.parse(l) as { level: number; err?: { stack?: string } };
    return o.level >= 50 || o.err?.stack !== undefined;
  });
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: unknown;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** One HTTP request with the path sent exactly as given (no client-side normalisation). */
export function send(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string | string[]>; body?: string | Buffer },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: parse(text) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** Writes raw bytes to the server; returns what it answers up to one complete response, a close, or a pause. */
export function rawExchange(port: number, bytes: string | Buffer, waitMs = 2_000): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(Buffer.concat(chunks).toString('latin1'));
    };
    const timer = setTimeout(done, waitMs);
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      if (isComplete(Buffer.concat(chunks).toString('latin1'))) done();
    });
    socket.on('end', done);
    socket.on('close', done);
    socket.on('error', done);
    socket.write(bytes);
  });
}

/** Interim 1xx answers (100 Continue) come before the real one. */
function withoutInterim(raw: string): string {
  let rest = raw;
  while (/^HTTP\/1\.[01] 1\d\d/.test(rest)) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) return rest;
    rest = rest.slice(end + 4);
  }
  return rest;
}

function isComplete(raw: string): boolean {
  const parsed = splitResponse(withoutInterim(raw));
  if (!parsed) return false;
  const length = Number(parsed.headers['content-length'] ?? NaN);
  return Number.isFinite(length) && Buffer.byteLength(parsed.rest, 'latin1') >= length;
}

function splitResponse(raw: string): { status: number; headers: Record<string, string>; rest: string } | undefined {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = raw.slice(0, end).split('\r\n');
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  if (!m) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { status: Number(m[1]), headers, rest: raw.slice(end + 4) };
}

/** Status, headers and body of a raw HTTP/1.1 answer (the first final response, Content-Length framed). */
export function parseRawResponse(
  raw: string,
): { status: number; headers: Record<string, string>; body: unknown; text: string } | undefined {
  const parsed = splitResponse(withoutInterim(raw));
  if (!parsed) return undefined;
  const length = Number(parsed.headers['content-length'] ?? NaN);
  const rest = Buffer.from(parsed.rest, 'latin1');
  const text = (Number.isFinite(length) ? rest.subarray(0, length) : rest).toString('utf8');
  return { status: parsed.status, headers: parsed.headers, body: parse(text), text };
}
