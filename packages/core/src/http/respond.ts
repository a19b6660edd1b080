import type { Response } from 'express';
import { successEnvelope } from '../envelope';
import { compressInline } from './compression';

/**
 * Writes a JSON body with its status. Not Express's res.json: res.send parses the Content-Type it
 * has just set (to add the charset) on every response, and looks for an ETag and freshness this
 * API does not use; on the hottest route that was a measurable share of a request. HEAD responses
 * get no body from Node itself.
 */
export function sendJson(res: Response, status: number, body: unknown): void {
  writeJsonText(res, status, JSON.stringify(body));
}

/** Writes JSON text already serialised, compressed when the request asks and it pays (`compressInline`). */
export function writeJsonText(res: Response, status: number, text: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  const coded = compressInline(res.req, text);
  if (coded) {
    res.setHeader('Content-Encoding', coded.coding);
    res.vary('Accept-Encoding');
    res.setHeader('Content-Length', coded.body.length);
    res.end(coded.body);
    return;
  }
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/**
 * Writes the success envelope round `data`. Untyped on purpose: a declared route's answer is typed
 * by its declaration (`Answer`, `ResponseData` in contract/route.ts), not by what is passed here.
 */
export function sendSuccess(res: Response, data: unknown, status = 200, extraMeta: Record<string, unknown> = {}): void {
  sendJson(res, status, successEnvelope(data, res.req.requestId, extraMeta));
}
