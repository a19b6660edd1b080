import http from 'node:http';
import https from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { classifyAddress, internalHostnameProblem, isIpLiteral, WEBHOOK_RESPONSE_BODY_LIMIT } from '@dp/db';
import { AddressNotAllowedError, guardedLookup, systemResolver, type Resolver } from './safe-lookup';

export interface SendRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /**
   * WEBHOOK_ALLOW_PRIVATE_TARGETS. Off (the default, in every mode): https only, public addresses
   * only, checked on the address connected to. On: local receivers (http, loopback, private).
   */
  allowPrivateTargets: boolean;
}

export interface SendResult {
  status: number;
  retryAfter?: string;
  /** The answer's headers (repeated ones joined with ", "), for the delivery log. */
  headers?: Record<string, string>;
  /** The first WEBHOOK_RESPONSE_BODY_LIMIT bytes of the answer, as UTF-8. */
  body?: string;
  /** The answer was longer than what `body` holds. */
  bodyTruncated?: boolean;
}

const MAX_LOGGED_HEADERS = 64;
const MAX_HEADER_VALUE = 1024;

// PostgreSQL text and jsonb cannot hold NUL: a receiver's bytes are stored with it replaced.
const storable = (s: string) => s.split('\u0000').join('\uFFFD');

/** A response's headers as a small, storable map. */
export function loggableHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers).slice(0, MAX_LOGGED_HEADERS)) {
    if (value === undefined) continue;
    out[name] = storable((Array.isArray(value) ? value.join(', ') : value).slice(0, MAX_HEADER_VALUE));
  }
  return out;
}

/**
 * What refuses a delivery before any connection: http, and an IP literal host that is not public
 * (Node connects to literals without calling `lookup`, so they are checked here), and the
 * internal host names creation refuses too (a row written before that check, or by hand), unless
 * private targets are allowed. Other host names are checked on their resolved addresses by guardedLookup.
 */
export function deliveryUrlProblem(url: URL, allowPrivateTargets: boolean): string | null {
  if (allowPrivateTargets) return null;
  if (url.protocol !== 'https:') return 'refused: only https URLs are delivered to';
  if (isIpLiteral(url.hostname)) {
    const cls = classifyAddress(url.hostname);
    if (cls !== 'public') return `refused: ${url.hostname} is a ${cls.replace('_', '-')} address`;
  }
  const internal = internalHostnameProblem(url.hostname);
  return internal ? `refused: ${internal}` : null;
}

/** Sends one webhook request; resolves with the status, rejects on network errors and refusals. */
export type Sender = (req: SendRequest) => Promise<SendResult>;

/**
 * The sender: node's http(s).request (no redirects are followed, unlike fetch), a
 * guarded DNS lookup, a fresh connection per attempt and one overall timeout.
 */
export function createSender(resolve: Resolver = systemResolver): Sender {
  return (req) =>
    new Promise<SendResult>((resolvePromise, reject) => {
      const url = new URL(req.url);
      const problem = deliveryUrlProblem(url, req.allowPrivateTargets);
      if (problem) return reject(new AddressNotAllowedError(problem));
      const transport = url.protocol === 'https:' ? https : http;
      const request = transport.request(
        url,
        {
          method: 'POST',
          headers: { ...req.headers, 'content-length': String(Buffer.byteLength(req.body)) },
          agent: false,
          lookup: guardedLookup(resolve, !req.allowPrivateTargets),
        },
        (res) => {
          // The first few KB are kept for the delivery log; the rest is read and dropped so the
          // socket closes cleanly (the overall timeout still bounds an endless answer).
          const kept: Buffer[] = [];
          let size = 0;
          let truncated = false;
          res.on('data', (chunk: Buffer) => {
            const room = WEBHOOK_RESPONSE_BODY_LIMIT - size;
            if (chunk.length > room) truncated = true;
            if (room > 0) {
              kept.push(chunk.subarray(0, room));
              size += Math.min(room, chunk.length);
            }
          });
          res.on('end', () => {
            clearTimeout(timer);
            resolvePromise({
              status: res.statusCode ?? 0,
              // Node keeps only the first Retry-After of a response (duplicates are discarded): a string.
              retryAfter: res.headers['retry-after'],
              headers: loggableHeaders(res.headers),
              body: storable(Buffer.concat(kept).toString('utf8')),
              bodyTruncated: truncated,
            });
          });
          res.on('error', (err) => {
            clearTimeout(timer);
            reject(err);
          });
        },
      );
      const timer = setTimeout(() => request.destroy(new Error(`timed out after ${req.timeoutMs} ms`)), req.timeoutMs);
      request.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      request.end(req.body);
    });
}
