import http from 'node:http';
import https from 'node:https';
import { classifyAddress, isIpLiteral } from '@dp/db';
import { AddressNotAllowedError, guardedLookup, systemResolver, type Resolver } from './safe-lookup';

export interface SendRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Production: https only, public addresses only (checked on the address connected to). */
  production: boolean;
}

export interface SendResult {
  status: number;
  retryAfter?: string;
}

/** Sends one webhook request; resolves with the status, rejects on network errors and refusals. */
export type Sender = (req: SendRequest) => Promise<SendResult>;

/**
 * The production sender: node's http(s).request (no redirects are followed, unlike fetch), a
 * guarded DNS lookup, a fresh connection per attempt and one overall timeout.
 */
export function createSender(resolve: Resolver = systemResolver): Sender {
  return (req) =>
    new Promise<SendResult>((resolvePromise, reject) => {
      const url = new URL(req.url);
      if (req.production && url.protocol !== 'https:')
        return reject(new AddressNotAllowedError('refused: only https URLs are delivered to'));
      // Node connects to IP literals without calling `lookup`, so they are checked here.
      if (req.production && isIpLiteral(url.hostname) && classifyAddress(url.hostname) !== 'public') {
        return reject(
          new AddressNotAllowedError(`refused: ${url.hostname} is a ${classifyAddress(url.hostname).replace('_', '-')} address`),
        );
      }
      const transport = url.protocol === 'https:' ? https : http;
      const request = transport.request(
        url,
        {
          method: 'POST',
          headers: { ...req.headers, 'content-length': String(Buffer.byteLength(req.body)) },
          agent: false,
          lookup: guardedLookup(resolve, req.production),
        },
        (res) => {
          // The body is not needed; drain it so the socket closes cleanly.
          res.resume();
          res.on('end', () => {
            clearTimeout(timer);
            // Node keeps only the first Retry-After of a response (duplicates are discarded): a string.
            resolvePromise({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] });
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
