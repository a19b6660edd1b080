import { createServer, STATUS_CODES, type RequestListener, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { errorEnvelope } from '../envelope';
import { ERROR_STATUS, type ErrorCode } from '../errors';
import { newId } from '../ids';
import { staticHelmetHeaders } from './security-headers';

/** Node's parser error codes → our envelope codes (anything else is a malformed request). */
function codeForParserError(code: string | undefined): ErrorCode {
  if (code === 'HPE_HEADER_OVERFLOW') return 'headers_too_large';
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'ERR_HTTP_HEADERS_TIMEOUT') return 'request_timeout';
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return 'payload_too_large';
  return 'invalid_request';
}

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  headers_too_large: 'The request headers are too large.',
  request_timeout: 'The request was not received in time.',
  payload_too_large: 'The request body is too large.',
  invalid_request: 'The request is not valid HTTP/1.1.',
  method_not_allowed: 'CONNECT is not supported here.',
};

/** Status, headers and body of an error answer given before any Express code runs. */
function errorAnswer(
  code: ErrorCode,
  extraHeaders: Record<string, string> = {},
): { status: number; headers: Array<readonly [string, string]>; body: string } {
  const status = ERROR_STATUS[code];
  const requestId = newId('req');
  const body = JSON.stringify(errorEnvelope(code, MESSAGES[code] ?? 'The request was refused.', {}, requestId));
  const headers: Array<readonly [string, string]> = [
    ['Content-Type', 'application/json; charset=utf-8'],
    ['X-Request-Id', requestId],
    ['Cache-Control', 'no-store'],
    ...staticHelmetHeaders(),
    ...Object.entries(extraHeaders),
  ];
  return { status, headers, body };
}

/**
 * A complete HTTP/1.1 error response with the error envelope, written straight to the socket:
 * used where Node answers itself (parser errors, CONNECT).
 */
export function rawErrorResponse(code: ErrorCode, extraHeaders: Record<string, string> = {}): string {
  const { status, headers, body } = errorAnswer(code, extraHeaders);
  const all = [...headers, ['Content-Length', String(Buffer.byteLength(body))], ['Connection', 'close']];
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n${all.map(([n, v]) => `${n}: ${v}`).join('\r\n')}\r\n\r\n${body}`;
}

function answerAndClose(socket: Duplex, response: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(response);
}

/**
 * Makes Node's own answers speak the error envelope: malformed requests, oversized headers and
 * slow clients (`clientError`), CONNECT (otherwise closed without an answer), and Expect values
 * other than 100-continue (otherwise a bare 417; RFC 9110 lets a server ignore an expectation it
 * does not support, so the request is served as if it had none). Client errors log at info (the
 * client's to act on, not the operator's).
 */
export function hardenHttpServer(server: Server, logger: Logger): Server {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // A reset or half-closed connection has nobody left to answer.
    if (err.code === 'ECONNRESET' || err.code === 'EPIPE' || !socket.writable) {
      socket.destroy();
      return;
    }
    const code = codeForParserError(err.code);
    logger.info({ reason: err.code ?? err.message }, 'client error: malformed HTTP request');
    answerAndClose(socket, rawErrorResponse(code));
  });
  server.on('connect', (_req, socket: Duplex) => {
    logger.info({ method: 'CONNECT' }, 'client error: CONNECT refused');
    answerAndClose(socket, rawErrorResponse('method_not_allowed', { Allow: API_METHODS }));
  });
  server.on('checkExpectation', (req, res) => {
    server.emit('request', req, res);
  });
  return server;
}

/** Every method the JSON APIs answer (the `Allow` of a refused CONNECT, an OPTIONS, a CORS preflight). */
export const API_METHODS = 'GET, HEAD, POST, PATCH, DELETE, OPTIONS';

/** Longest a client may take to send a whole request (headers and body: every body is small). */
export const REQUEST_TIMEOUT_MS = 30_000;
/** Longest a client may take to send the request headers. */
export const HEADERS_TIMEOUT_MS = 10_000;

export interface HttpServerTimeouts {
  requestTimeoutMs?: number;
  headersTimeoutMs?: number;
}

/**
 * An HTTP server for an Express app (or any listener), hardened as above. HTTP/1.1 without Host
 * is still refused (RFC 9112 section 3.2), but with the envelope rather than Node's empty 400.
 * A request whose headers or body trickle in slower than the timeouts is answered 408 with the
 * envelope (`clientError`) and closed, so slow clients cannot hold connections open; a request
 * fully received is not limited by them, however long its handler takes.
 */
export function createHttpServer(listener: RequestListener, logger: Logger, timeouts: HttpServerTimeouts = {}): Server {
  const requestTimeout = timeouts.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const headersTimeout = Math.min(timeouts.headersTimeoutMs ?? HEADERS_TIMEOUT_MS, requestTimeout);
  const options = {
    requireHostHeader: false,
    requestTimeout,
    headersTimeout,
    // How often Node looks for expired requests: its default interval would let them run far past the timeouts.
    connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(headersTimeout / 4))),
  };
  const server = createServer(options, (req, res) => {
    if (req.headers.host === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor === 1) {
      logger.info({ reason: 'missing Host header' }, 'client error: malformed HTTP request');
      const { status, headers, body } = errorAnswer('invalid_request');
      res.shouldKeepAlive = false;
      for (const [name, value] of headers) res.setHeader(name, value);
      res.setHeader('Content-Length', Buffer.byteLength(body));
      res.writeHead(status).end(body);
      return;
    }
    listener(req, res);
  });
  return hardenHttpServer(server, logger);
}
