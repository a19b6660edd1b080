/** The error codes of the public API, with their HTTP status. One table for every app. */
export const ERROR_STATUS = {
  invalid_request: 400,
  missing_key: 401,
  invalid_key: 401,
  insufficient_scope: 403,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  conflict: 409,
  payload_too_large: 413,
  idempotency_key_reused: 422,
  unsupported_media_type: 415,
  headers_too_large: 431,
  rate_limited: 429,
  quota_exceeded: 429,
  payment_required: 402,
  invalid_payment: 402,
  internal_error: 500,
  facilitator_unavailable: 502,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

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
    this.status = ERROR_STATUS[code];
  }
}

export function invalidRequest(errors: FieldProblem[], message?: string): ApiError {
  const text = message ?? errors.map((e) => `${e.field}: ${e.problem}`).join('; ');
  return new ApiError('invalid_request', text || 'The request is invalid.', { errors });
}

export function notFound(what: string, details: Record<string, unknown> = {}): ApiError {
  return new ApiError('not_found', `${what} was not found.`, details);
}
