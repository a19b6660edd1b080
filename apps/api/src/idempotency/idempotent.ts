import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import {
  ApiError,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_TTL_MS,
  IDEMPOTENT_REPLAYED_HEADER,
  parseIdempotencyKey,
  type Logger,
} from '@dp/core';
import {
  canonicalJson,
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
  type Database,
  type StoredAnswer,
} from '@dp/db';

/** How long a running request holds its key before another instance may run it instead (a crash). */
export const IDEMPOTENCY_LOCK_MS = 60_000;
/** The answer's headers a replay repeats; the rest (request id, rate limit) are the retry's own. */
const REPLAYED_HEADERS = ['content-type', 'location'];

/** What identifies a request under its key: method, path with query, and the body as JSON with sorted keys. */
function fingerprint(req: Request): string {
  return createHash('sha256')
    .update(`${req.method} ${req.originalUrl}\n${req.body === undefined ? '' : canonicalJson(req.body)}`)
    .digest('hex');
}

/**
 * Runs `handler` at most once per (organization, Idempotency-Key) within 24 h, across every api
 * instance (the keys live in PostgreSQL, so this holds with or without Redis):
 * - a request without the header just runs (the caller passes only POST, PATCH and DELETE);
 * - the first request with a key claims it, runs, and its answer is stored when it is written
 *   (a 5xx or a failure gives the key back instead, so a retry runs again);
 * - a retry with the same key, method, path and body gets the stored answer (status, body,
 *   Content-Type, Location) with `Idempotent-Replayed: true`;
 * - the same key with another method, path or body is a 422 `idempotency_key_reused`;
 * - the same key while its first request still runs is a 409 `conflict` with `Retry-After: 1`.
 * Called after the scope check, so only a key allowed to run the operation sees its answers.
 */
export async function runIdempotent(
  db: Database,
  logger: Logger,
  orgId: string,
  req: Request,
  res: Response,
  handler: () => Promise<void>,
): Promise<void> {
  const key = parseIdempotencyKey(req.headers['idempotency-key']);
  if (key === undefined) return handler();
  const claim = await claimIdempotencyKey(db, {
    orgId,
    key,
    fingerprint: fingerprint(req),
    ttlMs: IDEMPOTENCY_KEY_TTL_MS,
    lockMs: IDEMPOTENCY_LOCK_MS,
  });
  switch (claim.outcome) {
    case 'replay':
      return replay(res, claim.answer);
    case 'mismatch':
      throw new ApiError(
        'idempotency_key_reused',
        `This ${IDEMPOTENCY_KEY_HEADER} was used for another request (method, path or body) in the last 24 hours; use a new key for a new request.`,
        { header: IDEMPOTENCY_KEY_HEADER },
      );
    case 'in_progress':
      throw new ApiError(
        'conflict',
        `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being processed; retry shortly to receive its answer.`,
        { reason: 'idempotency_key_in_progress', header: IDEMPOTENCY_KEY_HEADER },
        { 'Retry-After': '1' },
      );
  }
  // A failure the handler throws is written by the error handler, through this hook too.
  storeAnswerOnEnd(db, logger, orgId, key, res);
  await handler();
}

function replay(res: Response, answer: StoredAnswer): void {
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
  res.statusCode = answer.status;
  if (answer.body) res.setHeader('Content-Length', Buffer.byteLength(answer.body));
  res.end(answer.body);
}

/**
 * Holds the answer back until it is stored, so a retry sent as soon as the answer arrives finds
 * it. Every body here is written in one `end` (core's sendJson, or an empty 204).
 */
function storeAnswerOnEnd(db: Database, logger: Logger, orgId: string, key: string, res: Response): void {
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  let stored = false;
  res.end = function endAfterStoring(this: Response, ...args: unknown[]) {
    if (stored) return end(...args);
    stored = true;
    const chunk = args[0];
    const body = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : '';
    const status = res.statusCode;
    const save =
      status >= 500
        ? releaseIdempotencyKey(db, orgId, key)
        : completeIdempotencyKey(db, orgId, key, { status, headers: replayedHeaders(res), body });
    save.then(
      () => end(...args),
      (err: Error) => {
        // The answer still goes out; the key's lock runs out and a retry may run the request again.
        logger.warn({ err: { message: err.message }, requestId: res.req.requestId }, 'idempotency key not stored');
        end(...args);
      },
    );
    return res;
  } as Response['end'];
}

function replayedHeaders(res: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = res.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  return headers;
}
