import { z } from 'zod';
import { PAYMENT_RESPONSE_HEADER, PAYMENT_SIGNATURE_HEADER, X_PAYMENT_HEADER, X_PAYMENT_RESPONSE_HEADER } from '../x402/constants';
import { declareRoute, type PaidRouteContract } from './route';
import { DocumentEnvelopeSchema } from './v1/document-schemas';

/*
 * The keyless pay-per-call pilot (apps/x402-gateway): no API key, so no scope and no units; each
 * call is paid with x402 v1 (`X-PAYMENT`) or v2 (`PAYMENT-SIGNATURE`). The schemas of its answers
 * are declared here; the x402 fragment (docs/openapi/x402.yaml) keeps the prose of its responses
 * and headers.
 */

export const X402PaymentRequirementsSchema = z
  .strictObject({
    scheme: z.literal('exact'),
    network: z.literal('base-sepolia'),
    maxAmountRequired: z
      .string()
      .regex(/^[0-9]+$/)
      .meta({ description: 'Price in atomic units of the asset (6 decimals); `2000` = 0.002 USD.', examples: ['2000'] }),
    resource: z.string().meta({
      format: 'uri',
      description:
        'The URL requested, as the configured public base URL (`PUBLIC_BASE_URL`) plus the path and query sent; never taken from `Host` or `X-Forwarded-Host`.',
    }),
    description: z.string(),
    mimeType: z.literal('application/json'),
    payTo: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
    maxTimeoutSeconds: z.literal(60),
    asset: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/)
      .meta({ description: 'USDC contract (base-sepolia).' }),
    extra: z.object({ name: z.literal('USDC'), version: z.literal('2') }),
  })
  .meta({ description: 'One entry of `accepts`.' });

export const X402ChallengeSchema = z.strictObject({
  x402Version: z.literal(1),
  accepts: z.array(X402PaymentRequirementsSchema).min(1),
  error: z.strictObject({
    code: z.enum(['payment_required', 'invalid_payment']),
    message: z.string(),
    doc_url: z.string().meta({ format: 'uri-reference', description: "The code's entry in the reference (`/docs/errors#<code>`)." }),
    details: z.object({
      price_usd: z.literal(0.002),
      reason: z.string().meta({ description: 'x402 reason string (`invalid_payment`), or `daily_cap_reached`.' }).optional(),
      resets_at: z.string().meta({ format: 'date-time' }).optional(),
    }),
  }),
  meta: z.object({ request_id: z.string() }).optional(),
});

export const X402PaymentPayloadSchema = z
  .object({
    x402Version: z.literal(1),
    scheme: z.literal('exact'),
    network: z.literal('base-sepolia'),
    payload: z.object({
      signature: z.string().meta({ description: 'EIP-712 signature of the authorization.' }),
      authorization: z.object({
        from: z.string().meta({ description: 'Payer address.' }),
        to: z.string().meta({ description: 'Must equal `payTo`.' }),
        value: z.string().meta({ description: 'Atomic units; exactly `maxAmountRequired`.' }),
        validAfter: z.string().meta({ description: 'Unix seconds.' }),
        validBefore: z.string().meta({ description: 'Unix seconds.' }),
        nonce: z.string().meta({ description: '32-byte hex; one payment = one nonce.' }),
      }),
    }),
  })
  .meta({ description: 'Decoded `X-PAYMENT` (x402 v1, exact scheme, EVM).' });

export const X402PaymentResponseSchema = z
  .object({
    success: z.boolean(),
    txRef: z.string(),
    transaction: z.string().meta({ description: 'Same as txRef.' }),
    network: z.string(),
    payer: z.string(),
    replay: z.literal(true).optional(),
  })
  .meta({ description: 'Decoded `X-PAYMENT-RESPONSE`.' });

export const X402PaymentRequirementsV2Schema = z
  .strictObject({
    scheme: z.literal('exact'),
    network: z.literal('eip155:84532').meta({ description: 'Base Sepolia as a CAIP-2 id.' }),
    asset: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/)
      .meta({ description: 'USDC contract (Base Sepolia).' }),
    amount: z
      .string()
      .regex(/^[0-9]+$/)
      .meta({
        description: "Price in atomic units (6 decimals); `2000` = 0.002 USD. The authorization's `value` must equal it.",
        examples: ['2000'],
      }),
    payTo: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
    maxTimeoutSeconds: z.literal(60),
    extra: z.object({ name: z.literal('USDC'), version: z.literal('2') }),
  })
  .meta({ description: "One x402 v2 `accepts` entry (the v1 entry's terms, with v2's names)." });

export const X402PaymentRequiredV2Schema = z
  .strictObject({
    x402Version: z.literal(2),
    error: z.string().meta({ description: 'Why the payment was refused (an x402 reason), or why payment is required.' }).optional(),
    resource: z.object({
      url: z.string().meta({ format: 'uri', description: "The URL requested, built from `PUBLIC_BASE_URL` as v1's `resource`." }),
      description: z.string().optional(),
      mimeType: z.literal('application/json').optional(),
    }),
    accepts: z.array(X402PaymentRequirementsV2Schema).min(1),
  })
  .meta({ description: 'Decoded `PAYMENT-REQUIRED` (x402 v2 challenge).' });

export const X402PaymentPayloadV2Schema = z
  .object({
    x402Version: z.literal(2),
    resource: z
      .record(z.string(), z.unknown())
      .meta({ description: 'The `resource` of the challenge, echoed (informative only).' })
      .optional(),
    accepted: X402PaymentRequirementsV2Schema,
    payload: z.object({
      signature: z
        .string()
        .meta({ description: 'EIP-712 signature, domain `{name: "USDC", version: "2", chainId: 84532, verifyingContract: asset}`.' }),
      authorization: z.object({
        from: z.string().meta({ description: 'Payer address.' }),
        to: z.string().meta({ description: 'Must equal `payTo`.' }),
        value: z.string().meta({ description: 'Atomic units; exactly `amount`.' }),
        validAfter: z.string().meta({ description: 'Unix seconds.' }),
        validBefore: z.string().meta({ description: 'Unix seconds.' }),
        nonce: z.string().meta({ description: '32-byte hex; one payment = one nonce, across v1 and v2.' }),
      }),
    }),
    extensions: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ description: 'Decoded `PAYMENT-SIGNATURE` (x402 v2, exact scheme, EVM, EIP-3009).' });

export const X402PaymentResponseV2Schema = z
  .strictObject({
    success: z.literal(true),
    transaction: z.string().meta({ description: 'Synthetic transaction reference (0x + sha256 of the nonce).' }),
    network: z.literal('eip155:84532'),
    payer: z.string(),
    extra: z.object({ replay: z.literal(true) }).optional(),
  })
  .meta({ description: 'Decoded `PAYMENT-RESPONSE` (x402 v2 settle response).' });

export const getDocumentPaidRoute = declareRoute({
  auth: 'x402',
  method: 'get',
  path: '/x402/legal/documents/{id}',
  operationId: 'getDocumentPaid',
  summary: 'A document, paid per call with x402 (no API key)',
  tags: ['x402'],
  // Checked only once paid (a ref that names no document is a 404, never charged), so not here.
  params: z.object({
    id: z.string().meta({ description: 'Document id (`SB-2012-89`) or natural key (`sb/2012/89`, URL-encoded or not).' }),
  }),
  headers: z.object({
    [X_PAYMENT_HEADER]: z
      .string()
      .optional()
      .meta({ description: 'base64 of the JSON x402 payment payload (`X402PaymentPayload`) built for one `accepts` entry.' }),
    [PAYMENT_SIGNATURE_HEADER]: z
      .string()
      .optional()
      .meta({ description: 'x402 v2 payment, base64 of the JSON `X402PaymentPayloadV2` (takes precedence over `X-PAYMENT`).' }),
  }),
  responses: {
    200: {
      description: 'The document (same body as `GET /v1/legal/documents/{id}`), paid.',
      body: DocumentEnvelopeSchema,
      headers: {
        [X_PAYMENT_RESPONSE_HEADER]: 'X402PaymentResponse',
        [PAYMENT_RESPONSE_HEADER]: 'X402PaymentResponseV2',
        'X-Request-Id': 'X402RequestId',
        'X-RateLimit-Limit': 'X402RateLimitLimit',
        'X-RateLimit-Remaining': 'X402RateLimitRemaining',
        'X-RateLimit-Reset': 'X402RateLimitReset',
      },
    },
    400: { ref: 'X402InvalidRequest' },
    402: { ref: 'X402PaymentRequired' },
    404: { ref: 'X402NotFound' },
    405: { ref: 'X402MethodNotAllowed' },
    429: { ref: 'X402RateLimited' },
    500: { ref: 'X402InternalError' },
    502: { ref: 'X402FacilitatorUnavailable' },
    503: { ref: 'X402Unavailable' },
  },
});

/** The gateway's routes (their OpenAPI operations are generated from these). */
export const X402_ROUTES: readonly PaidRouteContract[] = [getDocumentPaidRoute];
