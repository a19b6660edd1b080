/**
 * Reason strings, as the `x402` package names them (ErrorReasons in its types), the v2 names of
 * the `exact` EVM checks (`@x402/evm`'s facilitator errors), plus `nonce_already_used`, which the
 * gateway adds for a nonce already spent on another resource or under the other protocol version,
 * and `authorization_validity_too_long` for an authorization valid for longer than the challenge's
 * `maxTimeoutSeconds` (plus X402_CLOCK_SKEW_SECONDS).
 */
export const X402_REASONS = [
  'insufficient_funds',
  'invalid_exact_evm_payload_authorization_valid_after',
  'invalid_exact_evm_payload_authorization_valid_before',
  'invalid_exact_evm_payload_authorization_value',
  'invalid_exact_evm_payload_signature',
  'invalid_exact_evm_payload_recipient_mismatch',
  'invalid_network',
  'invalid_payload',
  'invalid_payment_requirements',
  'invalid_scheme',
  'invalid_payment',
  'payment_expired',
  'unsupported_scheme',
  'invalid_x402_version',
  'invalid_transaction_state',
  'unexpected_settle_error',
  'unexpected_verify_error',
  'duplicate_settlement',
  'invalid_exact_evm_scheme',
  'invalid_exact_evm_network_mismatch',
  'invalid_exact_evm_signature',
  'invalid_exact_evm_recipient_mismatch',
  'invalid_exact_evm_payload_authorization_value_mismatch',
  'nonce_already_used',
  'authorization_validity_too_long',
] as const;

export type X402Reason = (typeof X402_REASONS)[number];

export function isX402Reason(value: unknown): value is X402Reason {
  return typeof value === 'string' && (X402_REASONS as readonly string[]).includes(value);
}
