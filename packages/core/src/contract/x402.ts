import { z } from 'zod';
import { PAYMENT_RESPONSE_HEADER, PAYMENT_SIGNATURE_HEADER, X_PAYMENT_HEADER, X_PAYMENT_RESPONSE_HEADER } from '../x402/constants';
import { componentRef, declareRoute, type PaidRouteContract } from './route';

/*
 * The keyless pay-per-call pilot (apps/x402-gateway): no API key, so no scope and no units; each
 * call is paid with x402 v1 (`X-PAYMENT`) or v2 (`PAYMENT-SIGNATURE`). Its answers are the x402
 * fragment's components (docs/openapi/x402.yaml), which also say what each header carries.
 */

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
      body: componentRef('DocumentEnvelope'),
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
