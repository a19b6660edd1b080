import { usdToAtomic } from '../config';

/** The x402 protocol version this service speaks (spec 9.2). */
export const X402_VERSION = 1;
export const X402_SCHEME = 'exact';
/** Test network label only: no real funds move (spec 4.2.1). */
export const X402_NETWORK = 'base-sepolia';
export const X402_CHAIN_ID = 84532;
/** x402 v2 beside v1: the same payment, with v2's names and headers. */
export const X402_VERSION_V2 = 2;
/** The same test network as a CAIP-2 id, as v2 names networks. */
export const X402_NETWORK_V2 = `eip155:${X402_CHAIN_ID}`;
export const X402_MAX_TIMEOUT_SECONDS = 60;
/**
 * Clock skew allowed between a payer and the gateway, declared once: an authorization may be valid
 * until at most now + the challenge's maxTimeoutSeconds + this (a payer whose clock runs a little
 * ahead is not refused); anything longer is refused (`authorization_validity_too_long`).
 */
export const X402_CLOCK_SKEW_SECONDS = 30;
export const X402_ASSET_DECIMALS = 6;
/** EIP-712 domain name/version of USDC, echoed to clients in `extra` so they can sign. */
export const X402_ASSET_EXTRA = { name: 'USDC', version: '2' } as const;

/** Price as a decimal string; everything derived from it stays integer (no floating point). */
export const X402_PRICE_USD = '0.002';
export const X402_PRICE_ATOMIC: bigint = usdToAtomic(X402_PRICE_USD, X402_ASSET_DECIMALS);

export const X_PAYMENT_HEADER = 'X-PAYMENT';
export const X_PAYMENT_RESPONSE_HEADER = 'X-PAYMENT-RESPONSE';

/** v2 headers: the challenge, the payment and the receipt. */
export const PAYMENT_REQUIRED_HEADER = 'PAYMENT-REQUIRED';
export const PAYMENT_SIGNATURE_HEADER = 'PAYMENT-SIGNATURE';
export const PAYMENT_RESPONSE_HEADER = 'PAYMENT-RESPONSE';
