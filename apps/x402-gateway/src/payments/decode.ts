import {
  decodePaymentHeader,
  decodePaymentSignatureHeader,
  toV2Requirements,
  type PaymentPayload,
  type PaymentPayloadV2,
  type PaymentRequirements,
  type PaymentRequirementsV2,
} from '@dp/core';
import { invalidPayment } from './challenge';

/** The payment header a request carried: X-PAYMENT (v1) or PAYMENT-SIGNATURE (v2). */
export interface PresentedPayment {
  version: 1 | 2;
  header: string;
}

/** A decoded payment, paired with the resource's requirements in the same version. */
export type DecodedPayment =
  | { version: 1; payment: PaymentPayload; requirements: PaymentRequirements }
  | { version: 2; payment: PaymentPayloadV2; requirements: PaymentRequirementsV2 };

const ACCEPTED_FIELDS = ['scheme', 'network', 'asset', 'amount', 'payTo', 'maxTimeoutSeconds'] as const;

/** The `accepted` fields that differ from what the resource states (addresses compared case-insensitively). */
function mismatchedFields(accepted: PaymentRequirementsV2, stated: PaymentRequirementsV2): string[] {
  const same = (a: unknown, b: unknown) =>
    typeof a === 'string' && typeof b === 'string' && /^0x/i.test(b) ? a.toLowerCase() === b.toLowerCase() : a === b;
  const fields: string[] = ACCEPTED_FIELDS.filter((f) => !same(accepted[f], stated[f]));
  for (const [key, value] of Object.entries(stated.extra)) {
    if (accepted.extra[key] !== value) fields.push(`extra.${key}`);
  }
  return fields;
}

/**
 * Payment header → payload, or the 402 `invalid_payment` refusal. A v2 payload names the
 * requirements it pays for (`accepted`); they must be the ones this resource states, as an x402
 * resource server matches them before verifying.
 */
export function decodePayment(presented: PresentedPayment, requirements: PaymentRequirements): DecodedPayment {
  if (presented.version === 1) {
    const decoded = decodePaymentHeader(presented.header);
    if (!decoded.ok) throw invalidPayment(decoded.reason, 'The X-PAYMENT header is not base64 of an x402 payment payload (JSON).');
    return { version: 1, payment: decoded.payment, requirements };
  }
  const decoded = decodePaymentSignatureHeader(presented.header);
  if (!decoded.ok) {
    throw invalidPayment(decoded.reason, 'The PAYMENT-SIGNATURE header is not base64 of an x402 v2 payment payload (JSON).');
  }
  const stated = toV2Requirements(requirements);
  const mismatched = mismatchedFields(decoded.payment.accepted, stated);
  if (mismatched.length > 0) {
    throw invalidPayment(
      'invalid_payment_requirements',
      `The payment's \`accepted\` requirements differ from this resource's (${mismatched.join(', ')}); pay for the requirements in PAYMENT-REQUIRED.`,
    );
  }
  return { version: 2, payment: decoded.payment, requirements: stated };
}
