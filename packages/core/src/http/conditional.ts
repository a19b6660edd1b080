import { hash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Meta } from '../envelope';
import { writeJsonText } from './respond';

/**
 * How long a validated copy may be used: `private` (the answer depends on the caller's key, so no
 * shared cache keeps it) and `no-cache` (a client keeps the copy and revalidates it with
 * `If-None-Match` before each use; an unchanged resource answers 304, which costs no units).
 */
export const REVALIDATE_CACHE_CONTROL = 'private, no-cache';

/**
 * The strong ETag of the envelope's data: equal data, equal tag, whichever request asked. SHA-1
 * by the one-shot `crypto.hash`: it runs on every document read, and a tag needs no resistance to
 * forged collisions (nobody but the API chooses the data).
 */
export function entityTag(dataJson: string): string {
  return `"${hash('sha1', dataJson, 'base64url')}"`;
}

/** An entity tag as compared (RFC 9110 weak comparison): without `W/` and the content-coding suffix compression adds. */
function opaqueTag(tag: string): string {
  const t = tag.trim().replace(/^W\//, '');
  return t.replace(/-(?:br|gzip|deflate)"$/, '"');
}

/** Whether If-None-Match names the current representation (`*` names any). */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const current = opaqueTag(etag);
  return header.split(',').some((tag) => opaqueTag(tag) === current);
}

/** JSON text and its tag; `extraJson` (the extra meta) is tagged with the data. */
function taggedJson(data: unknown, extraJson?: string): { json: string; etag: string } {
  const json = JSON.stringify(data);
  return { json, etag: entityTag(extraJson === undefined ? json : `${json}\n${extraJson}`) };
}

/**
 * Frozen data's JSON and tag, worked out on its first answer and kept as long as the object
 * lives. A frozen object is one a cache shares between requests (a document's view of today, see
 * the api's DocumentViews): every answer would serialise and hash the same text again.
 */
const frozenAnswers = new WeakMap<object, { json: string; etag: string }>();

function taggedData(data: unknown): { json: string; etag: string } {
  if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return taggedJson(data);
  let tagged = frozenAnswers.get(data);
  if (!tagged) frozenAnswers.set(data, (tagged = taggedJson(data)));
  return tagged;
}

/**
 * Writes a success envelope with a strong `ETag` (over `data` and the extra meta, not the request
 * id) and `Cache-Control`, or a 304 without a body when the request's `If-None-Match` names that
 * tag. For reads whose answer is fixed by the resource's version (documents, their versions and
 * effectivity and relations, provisions): one call gives a route all of it. The envelope is
 * written as `sendSuccess` writes it, byte for byte. Frozen `data` is taken as immutable: its
 * JSON and tag are worked out once.
 */
export function sendCacheable<T>(
  req: Request,
  res: Response,
  data: T,
  options: { cacheControl?: string; extraMeta?: Record<string, unknown> } = {},
): void {
  const extra = options.extraMeta && Object.keys(options.extraMeta).length ? options.extraMeta : undefined;
  const { json: dataJson, etag } = extra ? taggedJson(data, JSON.stringify(extra)) : taggedData(data);
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', options.cacheControl ?? REVALIDATE_CACHE_CONTROL);
  // RFC 9110 13.1.2: If-None-Match is for GET and HEAD here (other methods do not reach this).
  if (ifNoneMatchHits(req.headers['if-none-match'], etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const meta: Meta = { request_id: req.requestId, ...extra };
  writeJsonText(res, 200, `{"success":true,"data":${dataJson},"meta":${JSON.stringify(meta)}}`);
}
