import { z } from 'zod';

/*
 * The x402 wire shapes, v1 and v2, as zod schemas: the one source of the types below (each type
 * is inferred from its schema). Field names follow the x402 packages (`x402` 1.x for v1,
 * `@x402/core` 2.x for v2).
 *
 * Payload schemas are loose on purpose: they decide only "is this a payment payload at all"; the
 * facilitator judges version, scheme, network and field formats and names the precise reason.
 */

/** EIP-3009 TransferWithAuthorization fields; integers travel as decimal strings. */
export const exactEvmAuthorizationSchema = z.object({
  from: z.string(),
  to: z.string(),
  value: z.string(),
  validAfter: z.string(),
  validBefore: z.string(),
  nonce: z.string(),
});
export type ExactEvmAuthorization = z.infer<typeof exactEvmAuthorizationSchema>;

/** The `exact` EVM scheme's signed part, the same in v1 and v2. */
export const exactEvmPayloadSchema = z.object({ signature: z.string(), authorization: exactEvmAuthorizationSchema });
export type ExactEvmPayload = z.infer<typeof exactEvmPayloadSchema>;

const assetExtraSchema = z.object({ name: z.string(), version: z.string() });

// ---- v1 ------------------------------------------------------------------------------------

/** One entry of `accepts` (spec 2.4). */
export const paymentRequirementsSchema = z.object({
  scheme: z.string(),
  network: z.string(),
  maxAmountRequired: z.string(),
  resource: z.string(),
  description: z.string(),
  mimeType: z.string(),
  payTo: z.string(),
  maxTimeoutSeconds: z.number().int(),
  asset: z.string(),
  extra: assetExtraSchema,
});
export type PaymentRequirements = z.infer<typeof paymentRequirementsSchema>;

/** The X-PAYMENT payload real x402 v1 clients send for the `exact` EVM scheme. */
export const paymentPayloadSchema = z.object({
  x402Version: z.number(),
  scheme: z.string(),
  network: z.string(),
  payload: exactEvmPayloadSchema,
});
export type PaymentPayload = z.infer<typeof paymentPayloadSchema>;

/** Decoded X-PAYMENT-RESPONSE: spec 2.6 plus `transaction`/`payer` for x402 client libraries. */
export const paymentResponseHeaderSchema = z.object({
  success: z.boolean(),
  txRef: z.string(),
  transaction: z.string(),
  network: z.string(),
  payer: z.string(),
  replay: z.literal(true).optional(),
});
export type PaymentResponseHeader = z.infer<typeof paymentResponseHeaderSchema>;

// ---- v2 ------------------------------------------------------------------------------------

/** v2 names the resource once, beside `accepts`, instead of in every entry. */
export const resourceInfoSchema = z.object({
  url: z.string(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
});
export type ResourceInfo = z.infer<typeof resourceInfoSchema>;

/** One v2 `accepts` entry: `amount` (not maxAmountRequired), a CAIP-2 network, no resource. */
export const paymentRequirementsV2Schema = z.object({
  scheme: z.string(),
  network: z.string(),
  asset: z.string(),
  amount: z.string(),
  payTo: z.string(),
  maxTimeoutSeconds: z.number().int(),
  extra: z.record(z.string(), z.unknown()),
});
export type PaymentRequirementsV2 = z.infer<typeof paymentRequirementsV2Schema>;

/** The PAYMENT-REQUIRED header's value (decoded). */
export const paymentRequiredV2Schema = z.object({
  x402Version: z.literal(2),
  error: z.string().optional(),
  resource: resourceInfoSchema,
  accepts: z.array(paymentRequirementsV2Schema),
});
export type PaymentRequiredV2 = z.infer<typeof paymentRequiredV2Schema>;

/** The PAYMENT-SIGNATURE payload: the chosen requirements echoed as `accepted`, and the signed part. */
export const paymentPayloadV2Schema = z.object({
  x402Version: z.number(),
  resource: resourceInfoSchema.optional(),
  accepted: paymentRequirementsV2Schema,
  payload: exactEvmPayloadSchema,
  extensions: z.record(z.string(), z.unknown()).optional(),
});
export type PaymentPayloadV2 = z.infer<typeof paymentPayloadV2Schema>;

/** The PAYMENT-RESPONSE header's value (decoded): a v2 settle response; `extra.replay` on a replay. */
export const paymentResponseV2Schema = z.object({
  success: z.boolean(),
  transaction: z.string(),
  network: z.string(),
  payer: z.string(),
  extra: z.object({ replay: z.literal(true) }).optional(),
});
export type PaymentResponseV2 = z.infer<typeof paymentResponseV2Schema>;

// ---- facilitator HTTP API (both versions) --------------------------------------------------

/** Facilitator /verify answer (x402 HTTP API). */
export const verifyResponseSchema = z.object({
  isValid: z.boolean(),
  invalidReason: z.string().optional(),
  payer: z.string().optional(),
});
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

/** Facilitator /settle answer (x402 HTTP API). */
export const settleResponseSchema = z.object({
  success: z.boolean(),
  errorReason: z.string().optional(),
  transaction: z.string(),
  network: z.string(),
  payer: z.string().optional(),
});
export type SettleResponse = z.infer<typeof settleResponseSchema>;

/** A payment of either version, as the facilitator is handed it. */
export type AnyPaymentPayload = PaymentPayload | PaymentPayloadV2;
export type AnyPaymentRequirements = PaymentRequirements | PaymentRequirementsV2;

export function isV2Requirements(r: AnyPaymentRequirements): r is PaymentRequirementsV2 {
  return 'amount' in r;
}

export function isV2Payload(p: AnyPaymentPayload): p is PaymentPayloadV2 {
  return 'accepted' in p;
}
