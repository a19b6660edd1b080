import { errorDocUrl, type ErrorCode } from './errors';

export interface Meta {
  request_id: string;
  [extra: string]: unknown;
}

export interface SuccessEnvelope<T> {
  success: true;
  data: T;
  meta: Meta;
}

export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string; details: Record<string, unknown>; doc_url: string };
  meta: Meta;
}

export function successEnvelope<T>(data: T, requestId: string, extraMeta: Record<string, unknown> = {}): SuccessEnvelope<T> {
  return { success: true, data, meta: { request_id: requestId, ...extraMeta } };
}

export function errorEnvelope(code: ErrorCode, message: string, details: Record<string, unknown>, requestId: string): ErrorEnvelope {
  return { error: { code, message, details, doc_url: errorDocUrl(code) }, meta: { request_id: requestId } };
}
