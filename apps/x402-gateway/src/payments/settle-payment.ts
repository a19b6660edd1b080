import { ApiError, type Logger } from '@dp/core';
import { FacilitatorUnavailableError, type Facilitator } from '../facilitator/facilitator';
import { dailyCapReached, invalidPayment } from './challenge';
import type { DecodedPayment } from './decode';
import type { PaymentStore } from './payment-store';
import { replayOf, waitUntilSettled, type Settlement } from './replay';

export interface SettleInput {
  store: PaymentStore;
  facilitator: Facilitator;
  decoded: DecodedPayment;
  /** The URL paid for. */
  resource: string;
  payer: string;
  documentId: string;
  capAtomic: bigint;
  now: Date;
  logger: Logger;
  requestId: string;
}

const facilitatorDown = () =>
  new ApiError(
    'facilitator_unavailable',
    'The payment facilitator is unavailable; nothing was charged. Retry shortly.',
    {},
    { 'Retry-After': '5' },
  );

/**
 * Charges a verified payment exactly once: reserve it within the daily cap (durable, shared by all
 * instances), have the facilitator settle it, then record the txRef; with a facilitator that
 * settles offline (moves nothing), settle first and reserve the payment already settled, in one
 * statement. A nonce seen before is a
 * replay (same resource, same protocol version) or refused (anything else); losing the insert race
 * counts as seen. v1 and v2 payments share the store, so a nonce is spent once across both.
 */
export async function settlePayment(input: SettleInput): Promise<Settlement> {
  const { store, decoded, resource, payer } = input;
  const { payment, requirements } = decoded;
  const nonce = payment.payload.authorization.nonce.toLowerCase();
  // The network label tells the versions apart (base-sepolia, eip155:84532).
  const attempt = { resource, payer, network: requirements.network };
  // An offline facilitator's settlement is known before reserving: one durable write, not two.
  // If it does not settle now (e.g. a replay past validBefore), the usual path below decides.
  const settled = input.facilitator.settlesOffline ? await settleOffline(input) : undefined;

  // The insert itself detects a known nonce (UNIQUE), so the common case costs one statement.
  // A released reservation (its settlement failed) may be retried, but not forever.
  for (let round = 0; round < 3; round++) {
    const reserved = await store.reserve({
      nonce,
      payer,
      resource,
      documentId: input.documentId,
      network: requirements.network,
      // What the authorization transfers, i.e. what settling moves (the gateway admits only the price).
      amountAtomic: BigInt(payment.payload.authorization.value),
      day: input.now.toISOString().slice(0, 10),
      capAtomic: input.capAtomic,
      txRef: settled?.transaction,
    });
    if (reserved === 'reserved') {
      if (!settled) return settleReserved(input, nonce);
      return { txRef: settled.transaction, network: settled.network || requirements.network, payer, replay: false };
    }

    // Seen before (or lost the race to a concurrent request with the same payment): a replay.
    // With the cap reached the insert is never tried, so a replay is looked up the same way.
    const existing = await store.findByNonce(nonce);
    if (!existing) {
      if (reserved === 'cap_reached') throw dailyCapReached(input.now, { paymentPresented: true });
      continue; // released between our insert and this read: try again
    }
    replayOf(existing, attempt); // refuses another resource before any waiting
    const outcome = existing.txRef ? { kind: 'settled' as const, record: existing } : await waitUntilSettled(store, nonce);
    if (outcome.kind === 'settled') return replayOf(outcome.record, attempt);
    if (outcome.kind === 'timeout') break;
  }
  throw new ApiError('unavailable', 'This payment is still being settled by another request; retry shortly.', {}, { 'Retry-After': '1' });
}

async function settleOffline(input: SettleInput): Promise<{ transaction: string; network: string } | undefined> {
  try {
    const result = await input.facilitator.settle(input.decoded.payment, input.decoded.requirements);
    return result.success && result.transaction ? { transaction: result.transaction, network: result.network } : undefined;
  } catch {
    return undefined; // the usual path asks again and reports it
  }
}

async function settleReserved(input: SettleInput, nonce: string): Promise<Settlement> {
  const { store, facilitator, logger, requestId } = input;
  const { payment, requirements } = input.decoded;
  let result;
  try {
    result = await facilitator.settle(payment, requirements);
  } catch (err) {
    await store.release(nonce);
    if (!(err instanceof FacilitatorUnavailableError)) logger.error({ requestId, err }, 'facilitator settle failed');
    else logger.warn({ requestId, reason: err.message }, 'facilitator unavailable at settle');
    throw facilitatorDown();
  }
  if (!result.success || !result.transaction) {
    await store.release(nonce);
    const reason = result.errorReason;
    if (!reason || reason === 'unexpected_settle_error') throw facilitatorDown();
    throw invalidPayment(reason);
  }
  await store.confirm(nonce, result.transaction);
  return { txRef: result.transaction, network: result.network || requirements.network, payer: input.payer, replay: false };
}
