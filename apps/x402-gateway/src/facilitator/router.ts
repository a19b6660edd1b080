import express, { type Router } from 'express';
import { z } from 'zod';
import {
  ApiError,
  X402_NETWORK,
  X402_NETWORK_V2,
  X402_SCHEME,
  X402_VERSION,
  X402_VERSION_V2,
  parsePaymentPayload,
  parsePaymentPayloadV2,
  paymentRequirementsSchema,
  paymentRequirementsV2Schema,
  sendError,
} from '@dp/core';
import type { Facilitator } from './facilitator';

const v1Body = z.object({
  x402Version: z.literal(X402_VERSION).optional(),
  paymentPayload: z.unknown(),
  paymentRequirements: paymentRequirementsSchema,
});
const v2Body = z.object({
  x402Version: z.literal(X402_VERSION_V2),
  paymentPayload: z.unknown(),
  paymentRequirements: paymentRequirementsV2Schema,
});
const body = z.union([v2Body, v1Body]);

/**
 * Serves a facilitator over the x402 HTTP API (v1 and v2 bodies), so that a gateway pointed at
 * this router through X402_FACILITATOR_URL behaves exactly like one using the facilitator in process.
 */
export function createFacilitatorRouter(facilitator: Facilitator): Router {
  const router = express.Router();
  router.use(express.json({ limit: '32kb' }));

  router.get('/supported', (_req, res) => {
    res.json({
      kinds: [
        { x402Version: X402_VERSION, scheme: X402_SCHEME, network: X402_NETWORK },
        { x402Version: X402_VERSION_V2, scheme: X402_SCHEME, network: X402_NETWORK_V2 },
      ],
    });
  });

  /** The request's payment and requirements, or why there are none. */
  function parse(raw: unknown) {
    const parsed = body.safeParse(raw);
    if (!parsed.success) return { error: new ApiError('invalid_request', 'Expected {x402Version, paymentPayload, paymentRequirements}.') };
    const { paymentPayload, paymentRequirements: requirements } = parsed.data;
    const payment =
      parsed.data.x402Version === X402_VERSION_V2 ? parsePaymentPayloadV2(paymentPayload) : parsePaymentPayload(paymentPayload);
    return { requirements, payment };
  }

  router.post('/verify', async (req, res) => {
    const parsed = parse(req.body);
    if (parsed.error) return sendError(res, parsed.error);
    if (!parsed.payment) return void res.json({ isValid: false, invalidReason: 'invalid_payload' });
    res.json(await facilitator.verify(parsed.payment, parsed.requirements));
  });

  router.post('/settle', async (req, res) => {
    const parsed = parse(req.body);
    if (parsed.error) return sendError(res, parsed.error);
    if (!parsed.payment) {
      return void res.json({ success: false, errorReason: 'invalid_payload', transaction: '', network: parsed.requirements.network });
    }
    res.json(await facilitator.settle(parsed.payment, parsed.requirements));
  });

  return router;
}
