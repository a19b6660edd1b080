import type { Request } from 'express';
import { X402_PRICE_USD, buildPaymentRequirements, type Config, type PaymentRequirements } from '@dp/core';

/**
 * The absolute URL the client requested. Behind a trusted proxy (TRUST_PROXY) express takes the
 * scheme and host from X-Forwarded-Proto/-Host, so `resource` names the URL the client really used.
 */
export function requestedUrl(req: Request): string {
  return `${req.protocol}://${req.host}${req.originalUrl}`;
}

export function requirementsFor(req: Request, config: Config): PaymentRequirements {
  return buildPaymentRequirements({
    resource: requestedUrl(req),
    payTo: config.X402_PAY_TO,
    asset: config.X402_ASSET,
    description: `Legal document (GET /x402/legal/documents/{id}), ${X402_PRICE_USD} USD per call`,
  });
}
