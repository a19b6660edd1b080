import { z } from 'zod';
import type { PaymentPayload, PaymentResponseHeader } from './types';

// Loose on purpose: only "is this a payment payload at all" is decided here; the facilitator
// judges version, scheme, network and field formats and names the precise reason.
const payloadShape = z.object({
  x402Version: z.number(),
  scheme: z.string(),
  network: z.string(),
  payload: z.object({
    signature: z.string(),
    authorization: z.object({
      from: z.string(),
      to: z.string(),
      value: z.string(),
      validAfter: z.string(),
      validBefore: z.string(),
      nonce: z.string(),
    }),
  }),
});

/** Headers bigger than this are not payments; refusing early bounds the JSON parse. */
const MAX_HEADER_LENGTH = 8_192;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

export type DecodeResult = { ok: true; payment: PaymentPayload } | { ok: false; reason: 'invalid_payload' };

export function encodePaymentHeader(payment: PaymentPayload): string {
  return Buffer.from(JSON.stringify(payment), 'utf8').toString('base64');
}

/** base64(JSON) → payment payload; anything else is `invalid_payload`, never an exception. */
export function decodePaymentHeader(header: string | undefined): DecodeResult {
  const value = header?.trim() ?? '';
  if (!value || value.length > MAX_HEADER_LENGTH || !BASE64.test(value)) return { ok: false, reason: 'invalid_payload' };
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid_payload' };
  }
  const payment = parsePaymentPayload(json);
  return payment ? { ok: true, payment } : { ok: false, reason: 'invalid_payload' };
}

/** The same loose shape check for payloads that arrive as JSON (a facilitator's request body). */
export function parsePaymentPayload(value: unknown): PaymentPayload | null {
  const parsed = payloadShape.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function encodePaymentResponseHeader(value: PaymentResponseHeader): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
}

export function decodePaymentResponseHeader(header: string): PaymentResponseHeader {
  return JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as PaymentResponseHeader;
}
