import { invalidPayment } from './challenge';
import type { PaymentRecord, PaymentStore } from './payment-store';

export interface Settlement {
  txRef: string;
  network: string;
  payer: string;
  replay: boolean;
}

/**
 * A nonce already in the store: the same payer asking for the same resource again, in the same
 * protocol version (network label), gets the original settlement back (no new charge); anything
 * else is refused as `nonce_already_used`: a v1 payment re-wrapped as v2, or the other way round,
 * is not the payment that was settled.
 */
export function replayOf(record: PaymentRecord, attempt: { resource: string; payer: string; network: string }): Settlement {
  if (record.network !== attempt.network) {
    throw invalidPayment(
      'nonce_already_used',
      'This payment (nonce) was already used with the other x402 protocol version; sign a new one.',
    );
  }
  if (record.resource !== attempt.resource || record.payer.toLowerCase() !== attempt.payer.toLowerCase()) {
    throw invalidPayment('nonce_already_used', 'This payment (nonce) was already used for another resource; sign a new one.');
  }
  return { txRef: record.txRef, network: record.network, payer: record.payer, replay: true };
}

export type WaitOutcome = { kind: 'settled'; record: PaymentRecord } | { kind: 'released' } | { kind: 'timeout' };

/**
 * Another request holds the reservation for this nonce and is settling it right now: wait for its
 * outcome rather than answer a replay without a txRef.
 */
export async function waitUntilSettled(
  store: PaymentStore,
  nonce: string,
  options: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<WaitOutcome> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  const interval = options.intervalMs ?? 20;
  for (;;) {
    const record = await store.findByNonce(nonce);
    if (!record) return { kind: 'released' };
    if (record.txRef) return { kind: 'settled', record };
    if (Date.now() >= deadline) return { kind: 'timeout' };
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}
