import type { Request } from 'express';
import { X402_PRICE_USD, buildPaymentRequirements, type Config, type PaymentRequirements } from '@dp/core';

/**
 * The absolute public URL of the request: PUBLIC_BASE_URL (configuration) plus the path and query
 * as received. Never the Host or X-Forwarded-Host header: those are the client's to choose, and a
 * payment signed for a spoofed `resource` must not be what the gateway records and replays.
 */
export function requestedUrl(req: Request, config: Config): string {
  return `${config.PUBLIC_BASE_URL.replace(/\/+$/, '')}${req.originalUrl}`;
}

export function requirementsFor(req: Request, config: Config): PaymentRequirements {
  return buildPaymentRequirements({
    resource: requestedUrl(req, config),
    payTo: config.X402_PAY_TO,
    asset: config.X402_ASSET,
    description: `Legal document (GET /x402/legal/documents/{id}), ${X402_PRICE_USD} USD per call`,
  });
}
