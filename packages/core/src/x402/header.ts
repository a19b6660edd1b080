import type { z } from 'zod';
import {
  paymentPayloadSchema,
  paymentPayloadV2Schema,
  type PaymentPayload,
  type PaymentPayloadV2,
  type PaymentRequiredV2,
  type PaymentResponseHeader,
  type PaymentResponseV2,
} from './types';

/** Headers bigger than this are not payments; refusing early bounds the JSON parse. */
const MAX_HEADER_LENGTH = 8_192;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

export type DecodeResult<T> = { ok: true; payment: T } | { ok: false; reason: 'invalid_payload' };

/** Every x402 header value is base64 of JSON. */
export function encodeX402Header(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
}

/** base64(JSON) matching `schema` → its value; anything else is `invalid_payload`, never an exception. */
function decodeWith<S extends z.ZodType>(schema: S, header: string | undefined): DecodeResult<z.infer<S>> {
  const value = header?.trim() ?? '';
  if (!value || value.length > MAX_HEADER_LENGTH || !BASE64.test(value)) return { ok: false, reason: 'invalid_payload' };
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid_payload' };
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? { ok: true, payment: parsed.data } : { ok: false, reason: 'invalid_payload' };
}

export const encodePaymentHeader: (payment: PaymentPayload) => string = encodeX402Header;

/** X-PAYMENT (v1) → payment payload. */
export function decodePaymentHeader(header: string | undefined): DecodeResult<PaymentPayload> {
  return decodeWith(paymentPayloadSchema, header);
}

/** PAYMENT-SIGNATURE (v2) → payment payload. */
export function decodePaymentSignatureHeader(header: string | undefined): DecodeResult<PaymentPayloadV2> {
  return decodeWith(paymentPayloadV2Schema, header);
}

/** The same loose shape check for payloads that arrive as JSON (a facilitator's request body). */
export function parsePaymentPayload(value: unknown): PaymentPayload | null {
  const parsed = paymentPayloadSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function parsePaymentPayloadV2(value: unknown): PaymentPayloadV2 | null {
  const parsed = paymentPayloadV2Schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export const encodePaymentResponseHeader: (value: PaymentResponseHeader) => string = encodeX402Header;
export const encodePaymentResponseV2Header: (value: PaymentResponseV2) => string = encodeX402Header;
export const encodePaymentRequiredHeader: (value: PaymentRequiredV2) => string = encodeX402Header;
