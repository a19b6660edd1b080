/** One entry of `accepts` (spec 2.4). */
export interface PaymentRequirements {
  scheme: string;
  network: string;
  maxAmountRequired: string;
  resource: string;
  description: string;
  mimeType: string;
  payTo: string;
  maxTimeoutSeconds: number;
  asset: string;
  extra: { name: string; version: string };
}

/** EIP-3009 TransferWithAuthorization fields; integers travel as decimal strings. */
export interface ExactEvmAuthorization {
  from: string;
  to: string;
  value: string;
  validAfter: string;
  validBefore: string;
  nonce: string;
}

/** The X-PAYMENT payload real x402 v1 clients send for the `exact` EVM scheme. */
export interface PaymentPayload {
  x402Version: number;
  scheme: string;
  network: string;
  payload: { signature: string; authorization: ExactEvmAuthorization };
}

/** Facilitator /verify answer (x402 HTTP API). */
export interface VerifyResponse {
  isValid: boolean;
  invalidReason?: string;
  payer?: string;
}

/** Facilitator /settle answer (x402 HTTP API). */
export interface SettleResponse {
  success: boolean;
  errorReason?: string;
  transaction: string;
  network: string;
  payer?: string;
}

/** Decoded X-PAYMENT-RESPONSE: spec 2.6 plus `transaction`/`payer` for x402 client libraries. */
export interface PaymentResponseHeader {
  success: boolean;
  txRef: string;
  transaction: string;
  network: string;
  payer: string;
  replay?: true;
}
