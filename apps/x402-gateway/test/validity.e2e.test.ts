import request from 'supertest';
// @ts-expect-error TS1479: viem's typings are ESM-only; the CommonJS runtime is what jest loads.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment as wrapFetchWithPaymentV1 } from 'x402-fetch';
import { X402_CLOCK_SKEW_SECONDS, X402_MAX_TIMEOUT_SECONDS } from '@dp/core';
import { expectMatchesOpenApi } from '@dp/testing';
import { asV2Payment, createGatewayHarness, decodeResponseHeader, encode, newPayer, type GatewayHarness } from './harness';

const PATH = '/x402/legal/documents/sb%2F2091%2F1';
const OTHER = '/x402/legal/documents/sb%2F2091%2F2';
const TEMPLATE = '/x402/legal/documents/{id}';

const fromBase64 = (value: string): Record<string, unknown> => JSON.parse(Buffer.from(value, 'base64').toString('utf8'));

/** A fetch that remembers the headers of every request it sent, to replay a real client's payment by hand. */
function recordingFetch(sent: Headers[]): typeof fetch {
  return async (input, init) => {
    const req = new Request(input, init);
    sent.push(req.headers);
    return fetch(req);
  };
}

function paidWith(sent: Headers[], header: string): string {
  const value = sent.map((h) => h.get(header)).find((v) => v !== null);
  if (!value) throw new Error(`the client sent no ${header}`);
  return value;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('a settled payment replayed after its validBefore (the documented safe retry)', () => {
  let h: GatewayHarness;
  // The gateway's clock runs `skewMs` ahead of the client's: the authorization's minute passes without waiting.
  let skewMs = 0;
  beforeAll(async () => {
    h = await createGatewayHarness({ deps: { now: () => new Date(Date.now() + skewMs) } });
  });
  afterAll(() => h.close());
  afterEach(() => {
    skewMs = 0;
  });

  it('x402-fetch (v1): the same X-PAYMENT is served as a replay two minutes later; a new expired one is refused', async () => {
    const sent: Headers[] = [];
    const res = await wrapFetchWithPaymentV1(recordingFetch(sent), privateKeyToAccount(generatePrivateKey()))(`${h.url}${PATH}`);
    expect(res.status).toBe(200);
    const header = paidWith(sent, 'x-payment');
    const first = decodeResponseHeader(res.headers.get('x-payment-response')!);
    const count = await h.paymentCount();
    const total = await h.dailyTotal();

    skewMs = 2 * X402_MAX_TIMEOUT_SECONDS * 1000; // well past validBefore
    const replay = await request(h.url).get(PATH).set('X-PAYMENT', header);
    expect(replay.status).toBe(200);
    expect(replay.body.data.document.natural_key).toBe('sb/2091/1');
    expect(decodeResponseHeader(replay.headers['x-payment-response'])).toMatchObject({
      success: true,
      replay: true,
      transaction: first.transaction,
      payer: first.payer,
    });
    expect(await h.paymentCount()).toBe(count);
    expect(await h.dailyTotal()).toBe(total);

    // The settled payment, expired, for another URL: still spent, not served.
    const elsewhere = await request(h.url).get(OTHER).set('X-PAYMENT', header);
    expect(elsewhere.status).toBe(402);
    expect(elsewhere.body.error.details.reason).toBe('nonce_already_used');

    // The settled authorization with a signature by someone else than `from`: not the payment that was settled.
    const payment = fromBase64(header) as { payload: { signature: string; authorization: { nonce: string } } };
    const forged = await newPayer().sign(
      (await request(h.url).get(PATH)).body.accepts[0],
      (payment.payload as unknown as { authorization: Record<string, string> }).authorization,
    );
    const refused = await request(h.url).get(PATH).set('X-PAYMENT', encode(forged));
    expect(refused.status).toBe(402);
    expect(refused.body.error.details.reason).toBe('invalid_exact_evm_payload_signature');

    // A new authorization, never settled, past its validBefore: expired, nothing charged.
    skewMs = 0;
    const challenge = await request(h.url).get(PATH);
    const fresh = encode(await newPayer().sign(challenge.body.accepts[0]));
    skewMs = 2 * X402_MAX_TIMEOUT_SECONDS * 1000;
    const expired = await request(h.url).get(PATH).set('X-PAYMENT', fresh);
    expect(expired.status).toBe(402);
    expect(expired.body.error).toMatchObject({
      code: 'invalid_payment',
      details: { reason: 'invalid_exact_evm_payload_authorization_valid_before' },
    });
    expectMatchesOpenApi(expired, 'get', PATH, TEMPLATE);
    expect(await h.paymentCount()).toBe(count);
  });

  it('@x402/fetch (v2): the same PAYMENT-SIGNATURE is served as a replay after expiry, without a new charge', async () => {
    const sent: Headers[] = [];
    const account = privateKeyToAccount(generatePrivateKey());
    const payingFetch = wrapFetchWithPayment(recordingFetch(sent), new x402Client().register('eip155:*', new ExactEvmScheme(account)));
    const res = await payingFetch(`${h.url}${OTHER}`);
    expect(res.status).toBe(200);
    const signature = paidWith(sent, 'payment-signature');
    const count = await h.paymentCount();

    skewMs = 2 * X402_MAX_TIMEOUT_SECONDS * 1000;
    const replay = await request(h.url).get(OTHER).set('PAYMENT-SIGNATURE', signature);
    expect(replay.status).toBe(200);
    expect(fromBase64(replay.headers['payment-response'])).toMatchObject({
      success: true,
      payer: account.address,
      network: 'eip155:84532',
      extra: { replay: true },
    });
    expect(await h.paymentCount()).toBe(count);
  });
});

describe('authorizations valid for longer than the challenge allows', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await createGatewayHarness();
  });
  afterAll(() => h.close());

  it('refuses validBefore beyond now + maxTimeoutSeconds + the clock skew (v1 and v2), accepts one within it', async () => {
    const challenge = await request(h.url).get(PATH);
    const requirements = challenge.body.accepts[0];
    expect(requirements.maxTimeoutSeconds).toBe(X402_MAX_TIMEOUT_SECONDS);
    const count = await h.paymentCount();

    const aYear = await newPayer().sign(requirements, { validBefore: String(nowSeconds() + 365 * 24 * 3600) });
    const v1 = await request(h.url).get(PATH).set('X-PAYMENT', encode(aYear));
    expect(v1.status).toBe(402);
    expect(v1.body.error).toMatchObject({ code: 'invalid_payment', details: { reason: 'authorization_validity_too_long' } });
    expect(v1.body.error.message).toMatch(/maxTimeoutSeconds \(60 s\)/);
    expectMatchesOpenApi(v1, 'get', PATH, TEMPLATE);
    const v2 = await request(h.url)
      .get(PATH)
      .set('PAYMENT-SIGNATURE', encode(asV2Payment(aYear, requirements)));
    expect(v2.status).toBe(402);
    expect(fromBase64(v2.headers['payment-required'])).toMatchObject({ error: 'authorization_validity_too_long' });

    // Just past the bound is refused ...
    const tooLong = await newPayer().sign(requirements, {
      validBefore: String(nowSeconds() + X402_MAX_TIMEOUT_SECONDS + X402_CLOCK_SKEW_SECONDS + 5),
    });
    expect((await request(h.url).get(PATH).set('X-PAYMENT', encode(tooLong))).body.error.details.reason).toBe(
      'authorization_validity_too_long',
    );
    expect(await h.paymentCount()).toBe(count);

    // ... a payer whose clock runs a little ahead is not.
    const skewed = await newPayer().sign(requirements, {
      validBefore: String(nowSeconds() + X402_MAX_TIMEOUT_SECONDS + X402_CLOCK_SKEW_SECONDS - 5),
    });
    expect((await request(h.url).get(PATH).set('X-PAYMENT', encode(skewed))).status).toBe(200);
    expect(await h.paymentCount()).toBe(count + 1);
  });
});

describe('the challenge says when the daily cap is reached', () => {
  let h: GatewayHarness;
  // A fixed clock, so that Retry-After is known to the second; read when the harness starts, not
  // when the file loads, since the payers sign by the real clock and this file's earlier tests
  // may run for minutes on a loaded machine.
  let at: Date;
  let resets: number;
  let retryAfter: string;
  beforeAll(async () => {
    at = new Date();
    resets = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1);
    retryAfter = String(Math.ceil((resets - at.getTime()) / 1000));
    h = await createGatewayHarness({ config: { X402_DAILY_CAP_USD: '0.002' }, deps: { now: () => at } }); // one payment a day
  });
  afterAll(() => h.close());

  it('v1 body and v2 PAYMENT-REQUIRED name daily_cap_reached with Retry-After; a payment refused for it carries Retry-After too', async () => {
    const open = await request(h.url).get(PATH);
    expect(open.status).toBe(402);
    expect(open.body.error.details.reason).toBeUndefined();
    expect(open.headers['retry-after']).toBeUndefined();

    const res = await wrapFetchWithPaymentV1(fetch, privateKeyToAccount(generatePrivateKey()))(`${h.url}${PATH}`);
    expect(res.status).toBe(200);

    const capped = await request(h.url).get(PATH);
    expect(capped.status).toBe(402);
    expect(capped.body.error).toMatchObject({
      code: 'payment_required',
      details: { reason: 'daily_cap_reached', resets_at: new Date(resets).toISOString() },
    });
    expect(capped.headers['retry-after']).toBe(retryAfter);
    expect(fromBase64(capped.headers['payment-required'])).toMatchObject({ x402Version: 2, error: 'daily_cap_reached' });
    expectMatchesOpenApi(capped, 'get', PATH, TEMPLATE);

    // A client that signs anyway (x402-fetch pays whatever 402 it gets) is refused, with Retry-After.
    const refusedV1 = await wrapFetchWithPaymentV1(fetch, privateKeyToAccount(generatePrivateKey()))(`${h.url}${PATH}`);
    expect(refusedV1.status).toBe(402);
    expect(refusedV1.headers.get('retry-after')).toBe(retryAfter);
    expect(((await refusedV1.json()) as { error: { details: { reason: string } } }).error.details.reason).toBe('daily_cap_reached');

    const v2Client = new x402Client().register('eip155:*', new ExactEvmScheme(privateKeyToAccount(generatePrivateKey())));
    const refusedV2 = await wrapFetchWithPayment(fetch, v2Client)(`${h.url}${PATH}`);
    expect(refusedV2.status).toBe(402);
    expect(refusedV2.headers.get('retry-after')).toBe(retryAfter);
    expect(fromBase64(refusedV2.headers.get('payment-required')!)).toMatchObject({ error: 'daily_cap_reached' });
    expect(await h.paymentCount()).toBe(1);
  });
});
