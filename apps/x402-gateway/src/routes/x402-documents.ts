import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { ApiError, X_PAYMENT_RESPONSE_HEADER, encodePaymentResponseHeader, methodNotAllowed, sendError, type Config } from '@dp/core';
import { PaymentChallenge, paymentRequired, sendChallenge } from '../payments/challenge';
import { enforcePilotLimit, rateLimitHeaders } from '../payments/payer-limit';
import { payForDocument, type PaymentContext } from '../payments/pay-for-document';
import { requirementsFor } from '../payments/requirements';

const DOCUMENT_PATH = /^\/legal\/documents\/(.+)$/;

/** GET /x402/legal/documents/{id}: {id} may be a natural key, URL-encoded or not (`sb/2091/1`). */
export function x402DocumentsRouter(ctx: PaymentContext, config: Config): Router {
  const router = express.Router();

  router.get(DOCUMENT_PATH, async (req: Request, res: Response, next: NextFunction) => {
    const requirements = requirementsFor(req, config);
    try {
      const header = req.get('x-payment');
      if (header === undefined) {
        await enforcePilotLimit(ctx.state, { kind: 'ip', id: req.ip ?? 'unknown' }, ctx.rateLimit);
        return sendChallenge(res, requirements, paymentRequired());
      }
      // The raw (still encoded) path, so both `sb%2F2091%2F1` and `sb/2091/1` resolve alike.
      const ref = DOCUMENT_PATH.exec(req.path)![1];
      const paid = await payForDocument(ctx, { ref, header, requirements, requestId: req.requestId });
      const { settlement } = paid;
      res.setHeader(
        X_PAYMENT_RESPONSE_HEADER,
        encodePaymentResponseHeader({
          success: true,
          txRef: settlement.txRef,
          transaction: settlement.txRef,
          network: settlement.network,
          payer: settlement.payer,
          ...(settlement.replay ? { replay: true as const } : {}),
        }),
      );
      for (const [name, value] of Object.entries(rateLimitHeaders(paid.rateLimit))) res.setHeader(name, value);
      const meta = { ...(paid.body.meta as Record<string, unknown> | undefined), request_id: req.requestId };
      res.status(200).json({ ...paid.body, meta });
    } catch (err) {
      if (err instanceof PaymentChallenge) return sendChallenge(res, requirements, err);
      if (err instanceof ApiError) return sendError(res, err);
      next(err);
    }
  });
  router.all(DOCUMENT_PATH, methodNotAllowed(['GET']));

  return router;
}
