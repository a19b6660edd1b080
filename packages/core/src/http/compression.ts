import type { Request, RequestHandler, Response } from 'express';
import compression from 'compression';
import onHeaders from 'on-headers';

/** Bodies below this many bytes are sent as they are: compressing them gains little. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

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
 * `Accept-Encoding` asks for one, with `Vary: Accept-Encoding`; br at quality 4, the package's
 * default, fast enough for every answer. A request that asks for none skips the package entirely.
 */
export function compressResponses(): RequestHandler {
  const compress = compression({ threshold: COMPRESSION_THRESHOLD_BYTES, filter: compressible });
  return (req, res, next) => {
    if (!req.headers['accept-encoding']) return next();
    // Registered before the compressor's own hook, so it runs after it (on-headers runs the last one first).
    onHeaders(res, () => tagCoding(res));
    compress(req, res, next);
  };
}
