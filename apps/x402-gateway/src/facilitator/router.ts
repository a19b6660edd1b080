import express, { type Router } from 'express';
import { z } from 'zod';
import { ApiError, X402_NETWORK, X402_SCHEME, X402_VERSION, parsePaymentPayload, sendError } from '@dp/core';
import type { Facilitator } from './facilitator';

const requirementsShape = z.object({
  scheme: z.string(),
  network: z.string(),
  maxAmountRequired: z.string(),
  resource: z.string(),
  description: z.string(),
  mimeType: z.string(),
  payTo: z.string(),
  maxTimeoutSeconds: z.number().int(),
  asset: z.string(),
  extra: z.object({ name: z.string(), version: z.string() }),
});
const body = z.object({ x402Version: z.number().optional(), paymentPayload: z.unknown(), paymentRequirements: requirementsShape });

/**
 * Serves a facilitator over the x402 HTTP API, so that a gateway pointed at this router through
 * X402_FACILITATOR_URL behaves exactly like one using the facilitator in process.
 */
export function createFacilitatorRouter(facilitator: Facilitator): Router {
  const router = express.Router();
  router.use(express.json({ limit: '32kb' }));

  router.get('/supported', (_req, res) => {
    res.json({ kinds: [{ x402Version: X402_VERSION, scheme: X402_SCHEME, network: X402_NETWORK }] });
  });

  router.post('/verify', async (req, res) => {
    const parsed = body.safeParse(req.body);
    if (!parsed.success)
      return sendError(res, new ApiError('invalid_request', 'Expected {x402Version, paymentPayload, paymentRequirements}.'));
    const payment = parsePaymentPayload(parsed.data.paymentPayload);
    if (!payment) return void res.json({ isValid: false, invalidReason: 'invalid_payload' });
    res.json(await facilitator.verify(payment, parsed.data.paymentRequirements));
  });

  router.post('/settle', async (req, res) => {
    const parsed = body.safeParse(req.body);
    if (!parsed.success)
      return sendError(res, new ApiError('invalid_request', 'Expected {x402Version, paymentPayload, paymentRequirements}.'));
    const payment = parsePaymentPayload(parsed.data.paymentPayload);
    if (!payment) {
      return void res.json({
        success: false,
        errorReason: 'invalid_payload',
        transaction: '',
        network: parsed.data.paymentRequirements.network,
      });
    }
    res.json(await facilitator.settle(payment, parsed.data.paymentRequirements));
  });

  return router;
}
