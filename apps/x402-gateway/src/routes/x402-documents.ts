import type { InternalDocumentBody } from '../documents/document-fetcher';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import {
  ApiError,
  PAYMENT_RESPONSE_HEADER,
  PAYMENT_SIGNATURE_HEADER,
  X_PAYMENT_HEADER,
  X_PAYMENT_RESPONSE_HEADER,
  encodePaymentResponseHeader,
  encodePaymentResponseV2Header,
  getDocumentPaidRoute,
  methodNotAllowed,
  parseRouteInput,
  sendError,
  setRateLimitHeaders,
  type Config,
  type Metrics,
  type PaymentRequirements,
  type RouteInput,
} from '@dp/core';
import { PaymentChallenge, dailyCapReached, paymentRequired, sendChallenge } from '../payments/challenge';
import { consumeUnpaid, enforcePilotLimit } from '../payments/payer-limit';
import type { PresentedPayment } from '../payments/decode';
import { payForDocument, type PaymentContext } from '../payments/pay-for-document';
import type { Settlement } from '../payments/replay';
import { requirementsFor } from '../payments/requirements';

/**
 * A declared path (`/x402/legal/documents/{id}`) as the gateway's router under its /x402 mount
 * matches it, and its parameter from the matched path. The one parameter ends the path and takes
 * the rest of it, slashes included (an id may be a natural key, `sb/2091/1`); Express calls it
 * `*ref`, as the api's document route, so /metrics labels both alike. It is read from the raw
 * (still encoded) path, so `sb%2F2091%2F1` and `sb/2091/1` resolve alike.
 */
export function boundPath(template: string): { express: string; params(path: string): Record<string, string> } {
  const match = /^\/x402(\/[^{}]*)\{(\w+)\}$/.exec(template);
  if (!match) throw new Error(`${template}: the gateway binds paths under /x402 that end in their one parameter`);
  const [, prefix, name] = match;
  return { express: `${prefix}*ref`, params: (path) => ({ [name]: path.slice(prefix.length) }) };
}

/** Every answer carries X-RateLimit-* (spec 8); those that used no other budget count as unpaid requests. */
async function ensureRateLimitHeaders(ctx: PaymentContext, req: Request, res: Response): Promise<void> {
  if (res.getHeader('X-RateLimit-Limit') !== undefined) return;
  setRateLimitHeaders(res, await consumeUnpaid(ctx.state, req.ip ?? 'unknown', ctx.challengeLimit));
}

/**
 * The challenge for a request without payment: when the day's cap is already reached it says so
 * (reason `daily_cap_reached`, `Retry-After`), so a client does not sign a payment only to have it
 * refused. It is answered from the store's last reading of the day's total, never waiting on the
 * database: the cap is checked again when settling.
 */
function unpaidChallenge(ctx: PaymentContext, requirements: PaymentRequirements): PaymentChallenge {
  const now = ctx.now();
  const reached = ctx.store.capReached(now.toISOString().slice(0, 10), BigInt(requirements.maxAmountRequired), ctx.capAtomic);
  return reached ? dailyCapReached(now, { paymentPresented: false }) : paymentRequired();
}

/** PAYMENT-SIGNATURE (v2) when present, else X-PAYMENT (v1): a request is paid once, in one version. */
function presentedPayment(headers: RouteInput<typeof getDocumentPaidRoute>['headers']): PresentedPayment | undefined {
  const v2 = headers[PAYMENT_SIGNATURE_HEADER];
  if (v2 !== undefined) return { version: 2, header: v2 };
  const v1 = headers[X_PAYMENT_HEADER];
  return v1 === undefined ? undefined : { version: 1, header: v1 };
}

/** The receipt in the version paid with: X-PAYMENT-RESPONSE (spec 2.6) or PAYMENT-RESPONSE (a v2 settle response). */
function setReceipt(res: Response, version: 1 | 2, settlement: Settlement): void {
  if (version === 2) {
    res.setHeader(
      PAYMENT_RESPONSE_HEADER,
      encodePaymentResponseV2Header({
        success: true,
        transaction: settlement.txRef,
        network: settlement.network,
        payer: settlement.payer,
        ...(settlement.replay ? { extra: { replay: true as const } } : {}),
      }),
    );
    return;
  }
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
}

/** Each document body's JSON without its `meta`, serialised once per body (bodies come from the fetcher's cache). */
const serialisedBodies = new WeakMap<object, string>();

/**
 * The /v1 body as JSON with this request's id in `meta`: a document's text can be hundreds of
 * kilobytes, so its JSON is built once per cached body, not per paid call; only `meta` is new.
 */
function documentJson(body: InternalDocumentBody, requestId: string): string {
  let head = serialisedBodies.get(body);
  if (head === undefined) {
    const { meta: _meta, ...rest } = body;
    const json = JSON.stringify(rest);
    head = json === '{}' ? '{' : `${json.slice(0, -1)},`;
    serialisedBodies.set(body, head);
  }
  const meta = { ...body.meta, request_id: requestId };
  return `${head}"meta":${JSON.stringify(meta)}}`;
}

/** The pilot's counters in `/metrics` (reasons are the challenges' own `reason` or code: a fixed set). */
function paymentCounters(metrics: Metrics | undefined) {
  if (!metrics) return undefined;
  return {
    challenges: metrics.counter('dp_x402_challenges_total', 'Requests without payment answered 402, by reason.', ['reason']),
    settlements: metrics.counter('dp_x402_settlements_total', 'Paid requests served, by x402 version and replay.', ['version', 'replay']),
    refusals: metrics.counter('dp_x402_refusals_total', 'Requests with a payment that were refused, by reason.', ['reason']),
  };
}

function reasonOf(err: PaymentChallenge | ApiError): string {
  return typeof err.details.reason === 'string' ? err.details.reason : err.code;
}

/**
 * GET /x402/legal/documents/{id} (`getDocumentPaidRoute`, packages/core/src/contract/x402.ts): its
 * path and method bound from the declaration, its input parsed with it, any other method a 405
 * naming the declared one. {id} may be a natural key, URL-encoded or not (`sb/2091/1`).
 */
export function x402DocumentsRouter(ctx: PaymentContext, config: Config): Router {
  const router = express.Router();
  const counters = paymentCounters(ctx.metrics);
  const contract = getDocumentPaidRoute;
  const path = boundPath(contract.path);

  const route = router.route(path.express);
  route[contract.method](async (req: Request, res: Response, next: NextFunction) => {
    const requirements = requirementsFor(req, config);
    const ip = req.ip ?? 'unknown';
    let presented: PresentedPayment | undefined;
    try {
      const input = parseRouteInput(contract, { params: path.params(req.path), query: req.query, body: undefined, headers: req.headers });
      presented = presentedPayment(input.headers);
      if (presented === undefined) {
        setRateLimitHeaders(res, await enforcePilotLimit(ctx.state, { kind: 'ip', id: ip }, ctx.challengeLimit));
        const challenge = unpaidChallenge(ctx, requirements);
        counters?.challenges.inc({ reason: reasonOf(challenge) });
        return sendChallenge(res, requirements, challenge);
      }
      // An address that keeps sending refused payments is stopped before any decoding or signature check.
      ctx.invalidPayments.check(ip);
      const paid = await payForDocument(ctx, {
        ref: input.params.id,
        presented,
        requirements,
        requestId: req.requestId,
        onPayerLimit: (decision) => setRateLimitHeaders(res, decision),
      });
      setReceipt(res, presented.version, paid.settlement);
      counters?.settlements.inc({ version: String(presented.version), replay: String(paid.settlement.replay) });
      const text = documentJson(paid.body, req.requestId);
      res.statusCode = 200;
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Content-Length', Buffer.byteLength(text));
      res.end(text);
    } catch (err) {
      if (err instanceof PaymentChallenge || err instanceof ApiError) {
        // A 429 of the unpaid budget is a challenge refused, not a payment.
        (presented === undefined ? counters?.challenges : counters?.refusals)?.inc({ reason: reasonOf(err) });
      }
      try {
        if (err instanceof PaymentChallenge) {
          if (err.code === 'invalid_payment') setRateLimitHeaders(res, await ctx.invalidPayments.record(ip));
          else await ensureRateLimitHeaders(ctx, req, res);
          return sendChallenge(res, requirements, err);
        }
        if (err instanceof ApiError) {
          // A 429's own headers name the budget that ran out; the others get the client's.
          if (err.headers['X-RateLimit-Limit'] === undefined) await ensureRateLimitHeaders(ctx, req, res);
          return sendError(res, err);
        }
      } catch (limited) {
        return next(limited);
      }
      next(err);
    }
  });
  route.all(methodNotAllowed([contract.method.toUpperCase()]));

  return router;
}
