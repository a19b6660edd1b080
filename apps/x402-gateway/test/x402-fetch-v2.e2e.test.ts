import request from 'supertest';
// @ts-expect-error TS1479: viem's typings are ESM-only; the CommonJS runtime is what jest loads.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { decodeXPaymentResponse, wrapFetchWithPayment as wrapFetchWithPaymentV1 } from 'x402-fetch';
import type { PaymentPayloadV2 } from '@dp/core';
import { expectMatchesOpenApi, expectMatchesOpenApiSchema } from '@dp/testing';
import { asV2Payment, createGatewayHarness, encode, newPayer, PAY_TO, PUBLIC_URL, type GatewayHarness, preflight } from './harness';

const PATH = '/x402/legal/documents/sb%2F2091%2F1';
const TEMPLATE = '/x402/legal/documents/{id}';

const fromBase64 = (value: string): unknown => JSON.parse(Buffer.from(value, 'base64').toString('utf8'));

/** @x402/fetch 2.x configured for v2 only: the exact EVM scheme for every eip155 chain, a viem local account. */
function v2Fetch(account = privateKeyToAccount(generatePrivateKey()), baseFetch: typeof fetch = fetch) {
  const client = new x402Client().register('eip155:*', new ExactEvmScheme(account));
  return { account, fetch: wrapFetchWithPayment(baseFetch, client) };
}

/** A fetch that remembers the payment headers it sent, to replay a real client's payment by hand. */
function recordingFetch(sent: Headers[]): typeof fetch {
  return async (input, init) => {
    const req = new Request(input, init);
    sent.push(req.headers);
    return fetch(req);
  };
}

describe('x402 v2 beside v1, with the official clients', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await createGatewayHarness();
  });
  afterAll(() => h.close());

  it('every 402 carries the v2 challenge in PAYMENT-REQUIRED, beside the unchanged v1 body', async () => {
    const res = await request(h.url).get(`${PATH}?at=2020-01-01`);
    expect(res.status).toBe(402);
    expect(res.body.x402Version).toBe(1);
    expect(res.body.accepts[0].maxAmountRequired).toBe('2000');
    expectMatchesOpenApi(res, 'get', PATH, TEMPLATE);
    const challenge = fromBase64(res.headers['payment-required']);
    expectMatchesOpenApiSchema(challenge, 'X402PaymentRequiredV2');
    expect(challenge).toEqual({
      x402Version: 2,
      error: expect.any(String),
      resource: {
        url: `${PUBLIC_URL}${PATH}?at=2020-01-01`,
        description: res.body.accepts[0].description,
        mimeType: 'application/json',
      },
      accepts: [
        {
          scheme: 'exact',
          network: 'eip155:84532',
          asset: res.body.accepts[0].asset,
          amount: '2000',
          payTo: PAY_TO,
          maxTimeoutSeconds: 60,
          extra: { name: 'USDC', version: '2' },
        },
      ],
    });
  });

  it('@x402/fetch (v2) and x402-fetch (v1) both pay the same server; one store, one daily total', async () => {
    const before = await h.paymentCount();
    const totalBefore = await h.dailyTotal();

    const v2 = v2Fetch();
    const res2 = await v2.fetch(`${h.url}${PATH}`, { method: 'GET' });
    expect(res2.status).toBe(200);
    const body2 = (await res2.json()) as { data: { document: { natural_key: string } } };
    expect(body2.data.document.natural_key).toBe('sb/2091/1');
    expectMatchesOpenApi({ status: res2.status, body: body2 }, 'get', PATH, TEMPLATE);
    expect(res2.headers.get('x-payment-response')).toBeNull();
    const receipt2 = decodePaymentResponseHeader(res2.headers.get('payment-response')!);
    expectMatchesOpenApiSchema(receipt2, 'X402PaymentResponseV2');
    expect(receipt2).toEqual({
      success: true,
      transaction: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      network: 'eip155:84532',
      payer: v2.account.address,
    });

    const v1Account = privateKeyToAccount(generatePrivateKey());
    const res1 = await wrapFetchWithPaymentV1(fetch, v1Account)(`${h.url}${PATH}`, { method: 'GET' });
    expect(res1.status).toBe(200);
    expect(res1.headers.get('payment-response')).toBeNull();
    expect(decodeXPaymentResponse(res1.headers.get('x-payment-response')!)).toMatchObject({
      success: true,
      network: 'base-sepolia',
      payer: v1Account.address,
    });

    expect(await h.paymentCount()).toBe(before + 2);
    expect(await h.dailyTotal()).toBe(totalBefore + 4000n);
    const rows = await h.db.query<{ payer: string; network: string; tx_ref: string }>(
      'SELECT payer, network, tx_ref FROM x402_payment WHERE payer = ANY($1)',
      [[v2.account.address, v1Account.address]],
    );
    expect(rows.map((r: { payer: string; network: string }) => [r.payer, r.network]).sort()).toEqual(
      [
        [v2.account.address, 'eip155:84532'],
        [v1Account.address, 'base-sepolia'],
      ].sort(),
    );
    expect(rows.find((r: { payer: string }) => r.payer === v2.account.address)?.tx_ref).toBe(receipt2.transaction);
  });

  it('replays a v2 payment for the same URL without a new charge; refuses it in v1 (and a v1 payment in v2)', async () => {
    const sent: Headers[] = [];
    const v2 = v2Fetch(undefined, recordingFetch(sent));
    const first = await v2.fetch(`${h.url}/x402/legal/documents/sb/2091/2`, { method: 'GET' });
    expect(first.status).toBe(200);
    const signature = sent.map((headers) => headers.get('payment-signature')).find((v) => v !== null)!;
    const payment = fromBase64(signature) as PaymentPayloadV2;
    expectMatchesOpenApiSchema(payment, 'X402PaymentPayloadV2');
    const count = await h.paymentCount();

    const replay = await request(h.url).get('/x402/legal/documents/sb/2091/2').set('PAYMENT-SIGNATURE', signature);
    expect(replay.status).toBe(200);
    const replayed = fromBase64(replay.headers['payment-response']);
    expectMatchesOpenApiSchema(replayed, 'X402PaymentResponseV2');
    expect(replayed).toMatchObject({ success: true, extra: { replay: true }, payer: v2.account.address });

    // The same signed authorization as a v1 X-PAYMENT: the nonce is spent, whatever the version.
    const asV1 = encode({ x402Version: 1, scheme: 'exact', network: 'base-sepolia', payload: payment.payload });
    const crossed = await request(h.url).get('/x402/legal/documents/sb/2091/2').set('X-PAYMENT', asV1);
    expect(crossed.status).toBe(402);
    expect(crossed.body.error).toMatchObject({ code: 'invalid_payment', details: { reason: 'nonce_already_used' } });
    expectMatchesOpenApi(crossed, 'get', PATH, TEMPLATE);

    // And the other way round: a v1 payment re-wrapped as v2.
    const challenge = await request(h.url).get(PATH);
    const v1Payment = await newPayer().sign(challenge.body.accepts[0]);
    expect((await request(h.url).get(PATH).set('X-PAYMENT', encode(v1Payment))).status).toBe(200);
    const rewrapped = await request(h.url)
      .get(PATH)
      .set('PAYMENT-SIGNATURE', encode(asV2Payment(v1Payment, challenge.body.accepts[0])));
    expect(rewrapped.status).toBe(402);
    expect(rewrapped.body.error.details.reason).toBe('nonce_already_used');
    expect(fromBase64(rewrapped.headers['payment-required'])).toMatchObject({ x402Version: 2, error: 'nonce_already_used' });
    expect(await h.paymentCount()).toBe(count + 1);

    // Logs carry the request id and never the PAYMENT-SIGNATURE header or the signature.
    const logs = h.logs.join('\n');
    expect(logs).toContain(replay.headers['x-request-id']);
    expect(logs).not.toContain(signature);
    expect(logs).not.toContain(payment.payload.signature.slice(2, 40));
  });

  it('refuses a v2 payment with a bad signature: invalid_exact_evm_signature, nothing charged', async () => {
    const count = await h.paymentCount();
    const challenge = await request(h.url).get(PATH);
    const requirements = challenge.body.accepts[0];
    const good = asV2Payment(await newPayer().sign(requirements), requirements);
    // Signed by someone else than `from`.
    const other = await newPayer().sign(requirements, { nonce: good.payload.authorization.nonce });
    const forged = { ...good, payload: { ...good.payload, signature: other.payload.signature } };
    const res = await request(h.url).get(PATH).set('PAYMENT-SIGNATURE', encode(forged));
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({ code: 'invalid_payment', details: { reason: 'invalid_exact_evm_signature' } });
    expectMatchesOpenApi(res, 'get', PATH, TEMPLATE);
    const v2Challenge = fromBase64(res.headers['payment-required']);
    expectMatchesOpenApiSchema(v2Challenge, 'X402PaymentRequiredV2');
    expect(v2Challenge).toMatchObject({ x402Version: 2, error: 'invalid_exact_evm_signature' });
    expect(await h.paymentCount()).toBe(count);
  });

  it('refuses a v2 payment whose `accepted` is not the stated requirement, and an undecodable one', async () => {
    const challenge = await request(h.url).get(PATH);
    const requirements = challenge.body.accepts[0];
    const payment = asV2Payment(await newPayer().sign(requirements), requirements);
    const cheaper = { ...payment, accepted: { ...payment.accepted, amount: '1' } };
    const res = await request(h.url).get(PATH).set('PAYMENT-SIGNATURE', encode(cheaper));
    expect(res.status).toBe(402);
    expect(res.body.error.details.reason).toBe('invalid_payment_requirements');
    expect(res.body.error.message).toContain('amount');

    const garbage = await request(h.url).get(PATH).set('PAYMENT-SIGNATURE', 'not base64!');
    expect(garbage.status).toBe(402);
    expect(garbage.body.error.details.reason).toBe('invalid_payload');
  });

  it('lets browsers send PAYMENT-SIGNATURE and read PAYMENT-REQUIRED and PAYMENT-RESPONSE', async () => {
    const pre = await preflight(h.url, PATH, 'payment-signature');
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-headers'].toLowerCase()).toContain('payment-signature');
    const res = await request(h.url).get(PATH).set('Origin', 'https://agent.example');
    const exposed = res.headers['access-control-expose-headers'];
    expect(exposed).toContain('PAYMENT-REQUIRED');
    expect(exposed).toContain('PAYMENT-RESPONSE');
  });
});

describe('limits are shared by v1 and v2', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await createGatewayHarness({
      // Three payments a day, two a minute per payer, two refused payments a minute per IP.
      config: { X402_DAILY_CAP_USD: '0.006' },
      deps: { rateLimit: { limit: 2, windowSeconds: 60 }, invalidPaymentLimit: { limit: 2, windowSeconds: 60 } },
    });
  });
  afterAll(() => h.close());

  async function requirements(ip: string) {
    return (await request(h.url).get(PATH).set('X-Forwarded-For', ip)).body.accepts[0];
  }

  it('per payer, per IP (refused payments) and the daily cap count both versions', async () => {
    // One payer: a v1 then a v2 payment use up its two a minute; a third (v2) is 429.
    const payer = newPayer();
    const r = await requirements('10.9.0.1');
    const pay = (ip: string, header: 'X-PAYMENT' | 'PAYMENT-SIGNATURE', value: string) =>
      request(h.url).get(PATH).set('X-Forwarded-For', ip).set(header, value);
    expect((await pay('10.9.0.1', 'X-PAYMENT', encode(await payer.sign(r)))).status).toBe(200);
    expect((await pay('10.9.0.2', 'PAYMENT-SIGNATURE', encode(asV2Payment(await payer.sign(r), r)))).status).toBe(200);
    const limited = await pay('10.9.0.3', 'PAYMENT-SIGNATURE', encode(asV2Payment(await payer.sign(r), r)));
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');

    // The day's third payment (v2) reaches the cap; a fourth (v1) is refused with daily_cap_reached.
    expect((await pay('10.9.0.4', 'PAYMENT-SIGNATURE', encode(asV2Payment(await newPayer().sign(r), r)))).status).toBe(200);
    const capped = await pay('10.9.0.5', 'X-PAYMENT', encode(await newPayer().sign(r)));
    expect(capped.status).toBe(402);
    expect(capped.body.error.details.reason).toBe('daily_cap_reached');
    expect(fromBase64(capped.headers['payment-required'])).toMatchObject({ error: 'daily_cap_reached' });
    expect(await h.dailyTotal()).toBe(6000n);

    // One IP: a refused v1 and a refused v2 payment use up its budget; then even a valid payment is 429.
    const ip = '10.9.1.1';
    const expired = () => newPayer().sign(r, { validBefore: '1' });
    expect((await pay(ip, 'X-PAYMENT', encode(await expired()))).status).toBe(402);
    expect((await pay(ip, 'PAYMENT-SIGNATURE', encode(asV2Payment(await expired(), r)))).status).toBe(402);
    // Per version this would be the second refused v1 payment (402); shared, it is the third (429).
    const blocked = await pay(ip, 'X-PAYMENT', encode(await expired()));
    expect(blocked.status).toBe(429);
    expect((await pay(ip, 'PAYMENT-SIGNATURE', encode(asV2Payment(await newPayer().sign(r), r)))).status).toBe(429);
  });
});
