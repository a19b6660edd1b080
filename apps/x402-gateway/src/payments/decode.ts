import { decodePaymentHeader, type PaymentPayload } from '@dp/core';
import { invalidPayment } from './challenge';

/** X-PAYMENT → payload, or the 402 `invalid_payment` refusal naming `invalid_payload`. */
export function decodePayment(header: string): PaymentPayload {
  const decoded = decodePaymentHeader(header);
  if (!decoded.ok) throw invalidPayment(decoded.reason, 'The X-PAYMENT header is not base64 of an x402 payment payload (JSON).');
  return decoded.payment;
}
