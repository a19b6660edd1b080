import { z } from 'zod';

/** One error code of the public API: what a client sees and what the reference says of it. */
export interface ErrorSpec {
  status: number;
  /** One or two sentences for the reference's error page and the OpenAPI responses. */
  description: string;
}

/**
 * The error codes of the public API, declared once for every app: the HTTP status, the envelope's
 * `doc_url` (`errorDocUrl`), the OpenAPI `ErrorEnvelope.code` enum, the generic error responses
 * (`ERROR_RESPONSES`) and the reference's error page (`/docs/errors`) are all derived from here.
 */
export const ERRORS = {
  invalid_request: {
    status: 400,
    description:
      'A path, query or body value is missing or malformed; `details.errors` lists `{field, problem}` for each. An undeclared query parameter, an undecodable path and a control character in a value are refused the same way.',
  },
  missing_key: { status: 401, description: 'No API key was sent: send `Authorization: Bearer <API key>`.' },
  invalid_key: { status: 401, description: 'The API key is malformed, unknown or revoked.' },
  payment_required: {
    status: 402,
    description:
      'x402 pilot: the request needs a payment (`X-PAYMENT`), or the daily cap is reached (`details.reason = daily_cap_reached`).',
  },
  invalid_payment: {
    status: 402,
    description: 'x402 pilot: the payment could not be decoded or was refused; `details.reason` is the x402 reason.',
  },
  insufficient_scope: { status: 403, description: 'The API key lacks the scope this endpoint needs; `details.required_scope` names it.' },
  forbidden: { status: 403, description: 'The request is not allowed.' },
  not_found: { status: 404, description: 'No such document, provision, webhook, delivery or route.' },
  method_not_allowed: {
    status: 405,
    description: 'The path exists but not with this method; the `Allow` header lists the methods it takes.',
  },
  request_timeout: { status: 408, description: 'The request headers or body were not received in time.' },
  conflict: {
    status: 409,
    description:
      'The resource is in a state that refuses the request (a disabled webhook), or a request with this `Idempotency-Key` is still running (`details.reason = idempotency_key_in_progress`; retry after `Retry-After`).',
  },
  payload_too_large: { status: 413, description: 'The request body is too large.' },
  unsupported_media_type: { status: 415, description: 'The request body must be `application/json` (in UTF-8).' },
  idempotency_key_reused: {
    status: 422,
    description: 'This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); use a new key.',
  },
  rate_limited: {
    status: 429,
    description: "The plan's requests per minute are used up; retry after `Retry-After` seconds.",
  },
  quota_exceeded: {
    status: 429,
    description: "The plan's monthly units are used up; `details.resets_at` says when they renew (`Retry-After` = the seconds until then).",
  },
  headers_too_large: { status: 431, description: 'The request headers are too large.' },
  internal_error: { status: 500, description: 'An unexpected fault; never with a stack trace. Quote the request id when reporting it.' },
  facilitator_unavailable: {
    status: 502,
    description: 'x402 pilot: the payment facilitator is unreachable or failing; nothing was charged.',
  },
  unavailable: { status: 503, description: 'Storage (or the document source) is unreachable; retry after `Retry-After` seconds.' },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERRORS;

/** Every code, in the table's order (by status). */
export const ERROR_CODES = Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]];

/** The codes as a zod enum: what an error envelope's `code` may be. */
export const errorCodeSchema = z.enum(ERROR_CODES);

/** Status per code, for the places that only need the status. */
export const ERROR_STATUS = Object.fromEntries(ERROR_CODES.map((code) => [code, ERRORS[code].status])) as {
  readonly [C in ErrorCode]: (typeof ERRORS)[C]['status'];
};

/** Where the reference explains the error codes: one anchor per code. */
export const ERROR_DOCS_PATH = '/docs/errors';

/**
 * The envelope's `doc_url`: a URI reference to the code's anchor on the reference's error page,
 * relative to the API's origin, so it holds for every deployment and behind any proxy without
 * each producer knowing the public base URL.
 */
export function errorDocUrl(code: ErrorCode): string {
  return `${ERROR_DOCS_PATH}#${code}`;
}

/**
 * The error responses operations refer to (`#/components/responses/<name>`), each the codes it
 * may carry and the headers beside them; the OpenAPI document's responses are built from this.
 */
export const ERROR_RESPONSES = {
  InvalidRequest: { codes: ['invalid_request'] },
  Unauthorized: { codes: ['missing_key', 'invalid_key'], headers: ['WWW-Authenticate'] },
  Forbidden: { codes: ['insufficient_scope'], headers: ['WWW-Authenticate'] },
  NotFound: { codes: ['not_found'] },
  MethodNotAllowed: { codes: ['method_not_allowed'], headers: ['Allow'] },
  PayloadTooLarge: { codes: ['payload_too_large'] },
  UnsupportedMediaType: { codes: ['unsupported_media_type'] },
  IdempotencyInProgress: { codes: ['conflict'], headers: ['Retry-After'] },
  IdempotencyKeyReused: { codes: ['idempotency_key_reused'] },
  TooManyRequests: { codes: ['rate_limited', 'quota_exceeded'], headers: ['Retry-After'] },
  InternalError: { codes: ['internal_error'] },
  Unavailable: { codes: ['unavailable'], headers: ['Retry-After'] },
} as const satisfies Record<string, ErrorResponseSpec>;

export interface ErrorResponseSpec {
  codes: readonly ErrorCode[];
  headers?: readonly string[];
}

export interface FieldProblem {
  field: string;
  problem: string;
}

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = ERRORS[code].status;
  }
}

export function invalidRequest(errors: FieldProblem[], message?: string): ApiError {
  const text = message ?? errors.map((e) => `${e.field}: ${e.problem}`).join('; ');
  return new ApiError('invalid_request', text || 'The request is invalid.', { errors });
}

export function notFound(what: string, details: Record<string, unknown> = {}): ApiError {
  return new ApiError('not_found', `${what} was not found.`, details);
}
