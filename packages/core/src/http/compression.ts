import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';
import compression from 'compression';
import Negotiator from 'negotiator';
import onHeaders from 'on-headers';

/** Bodies below this many bytes are sent as they are: compressing them gains little. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Largest envelope compressed in one synchronous call; larger ones go through the stream (off the event loop). */
const INLINE_MAX_CHARS = 64 * 1024;
/** The compression package's preference and br quality, so both paths answer alike. */
const PREFERRED_CODINGS = ['br', 'gzip'];
const BROTLI_QUALITY = 4;

/** negotiator 0.6.4 takes the server's preference among equally accepted codings; its types omit it. */
interface PreferringNegotiator {
  encoding(available: string[], preferred: string[]): string | undefined;
}

/**
 * An envelope of a GET, 1 to 64 KB, compressed in one synchronous call when the request accepts br
 * or gzip: a zlib stream per answer (what the middleware sets up) costs several times the
 * compression of a small body. Other methods are left to the middleware, which compresses after
 * the idempotency layer has kept the plain answer.
 */
export function compressInline(req: Request, text: string): { coding: string; body: Buffer } | undefined {
  if (
    req.method !== 'GET' ||
    !req.headers['accept-encoding'] ||
    text.length < COMPRESSION_THRESHOLD_BYTES ||
    text.length > INLINE_MAX_CHARS
  )
    return undefined;
  const coding = (new Negotiator(req) as PreferringNegotiator).encoding(['br', 'gzip', 'identity'], PREFERRED_CODINGS);
  if (coding === 'br')
    return {
      coding,
      body: brotliCompressSync(text, {
        params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text) },
      }),
    };
  if (coding === 'gzip') return { coding, body: gzipSync(text) };
  return undefined;
}

/** Server-sent events are written as they happen: a compressor would hold them back. */
function compressible(req: Request, res: Response): boolean {
  const type = res.getHeader('Content-Type');
  if (typeof type === 'string' && type.startsWith('text/event-stream')) return false;
  return compression.filter(req, res);
}

/**
 * A strong ETag names one representation, and a compressed body is another: the content coding is
 * appended inside the tag (`"abc"` → `"abc-br"`), as Apache does, and `ifNoneMatchHits` compares
 * tags without it.
 */
function tagCoding(res: Response): void {
  const coding = res.getHeader('Content-Encoding');
  const etag = res.getHeader('ETag');
  if (typeof coding !== 'string' || coding === 'identity' || typeof etag !== 'string' || etag.startsWith('W/')) return;
  res.setHeader('ETag', `${etag.slice(0, -1)}-${coding}"`);
}

/**
 * gzip or br (the `compression` package; Node's zlib has both) for bodies of 1 KB and more when
 * `Accept-Encoding` asks for one, with `Vary: Accept-Encoding`; br at quality 4 (the package's
 * default too), gzip at level 1 for what the stream compresses. Envelopes of GETs up to 64 KB
 * arrive compressed already (`compressInline`, from core's responders) and pass through. A
 * request that asks for none skips the package entirely.
 */
export function compressResponses(): RequestHandler {
  const compress = compression({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // What reaches the stream is large (over 64 KB: texts of acts): gzip's fastest level, as
    // nginx's default. The default level took several times as long for a somewhat smaller body.
    level: constants.Z_BEST_SPEED,
    filter: compressible,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
  return (req, res, next) => {
    if (!req.headers['accept-encoding']) return next();
    // Registered before the compressor's own hook, so it runs after it (on-headers runs the last one first).
    onHeaders(res, () => tagCoding(res));
    compress(req, res, next);
  };
}
