import request from 'supertest';
import { freePort } from '@dp/core';
import { expectMatchesOpenApi, serve } from '@dp/testing';
import { createSimulatedFacilitator, syntheticTxRef } from '../src/facilitator/simulated';
import { FacilitatorUnavailableError, type Facilitator } from '../src/facilitator/facilitator';
import { asV2Payment, createGatewayHarness, decodeResponseHeader, encode, newPayer, requirementsFor, type GatewayHarness } from './harness';

const PATH = '/x402/legal/documents/sb%2F2091%2F1';

describe('the simulated facilitator over the x402 HTTP API', () => {
  let a: GatewayHarness;
  let b: GatewayHarness;
  beforeAll(async () => {
    a = await createGatewayHarness({ seed: false });
    b = await createGatewayHarness({ config: { X402_FACILITATOR_URL: `${a.url}/facilitator` } });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const post = (operation: 'verify' | 'settle', body: object) => request(a.url).post(`/facilitator/${operation}`).send(body);
  /** What /settle answers for a payment the simulated facilitator accepts. */
  const settlement = (payment: { payload: { authorization: { nonce: string; from: string } } }, network: string) => ({
    success: true,
    transaction: syntheticTxRef(payment.payload.authorization.nonce),
    network,
    payer: payment.payload.authorization.from,
  });

  it('serves /verify and /settle with x402 bodies; settlement is deterministic', async () => {
    const requirements = requirementsFor('http://example.test/x402/legal/documents/x');
    const payment = await newPayer().sign(requirements);
    const body = { x402Version: 1, paymentPayload: payment, paymentRequirements: requirements };
    const verify = await post('verify', body);
    expect(verify.status).toBe(200);
    expect(verify.body).toEqual({ isValid: true, payer: payment.payload.authorization.from });
    const settle1 = await post('settle', body);
    const settle2 = await post('settle', body);
    expect(settle1.body).toEqual(settlement(payment, 'base-sepolia'));
    expect(settle2.body.transaction).toBe(settle1.body.transaction);

    const bad = await post('verify', {
      ...body,
      paymentRequirements: { ...requirements, payTo: '0x4444444444444444444444444444444444444444' },
    });
    expect(bad.body).toEqual({
      isValid: false,
      invalidReason: 'invalid_exact_evm_payload_recipient_mismatch',
      payer: payment.payload.authorization.from,
    });
    const garbage = await post('verify', { ...body, paymentPayload: { nope: 1 } });
    expect(garbage.body).toEqual({ isValid: false, invalidReason: 'invalid_payload' });
    const supported = await request(a.url).get('/facilitator/supported');
    expect(supported.body.kinds).toEqual([
      { x402Version: 1, scheme: 'exact', network: 'base-sepolia' },
      { x402Version: 2, scheme: 'exact', network: 'eip155:84532' },
    ]);
  });

  it('serves x402 v2 bodies too, with the v2 reason names', async () => {
    const requirements = requirementsFor('http://example.test/x402/legal/documents/x');
    const payment = asV2Payment(await newPayer().sign(requirements), requirements);
    const body = { x402Version: 2, paymentPayload: payment, paymentRequirements: payment.accepted };
    const verify = await post('verify', body);
    expect(verify.body).toEqual({ isValid: true, payer: payment.payload.authorization.from });
    const settle = await post('settle', body);
    expect(settle.body).toEqual(settlement(payment, 'eip155:84532'));
    const elsewhere = { ...payment.accepted, payTo: '0x4444444444444444444444444444444444444444' };
    const bad = await post('verify', { ...body, paymentRequirements: elsewhere });
    expect(bad.body.invalidReason).toBe('invalid_exact_evm_recipient_mismatch');
    // A v1 payload in a v2 body is no v2 payment.
    const mixed = await post('verify', { ...body, paymentPayload: await newPayer().sign(requirements) });
    expect(mixed.body).toEqual({ isValid: false, invalidReason: 'invalid_payload' });
  });

  it('can replace the in-process facilitator (X402_FACILITATOR_URL)', async () => {
    const payment = await newPayer().sign(requirementsFor(`${b.url}${PATH}`));
    const res = await request(b.url).get(PATH).set('X-PAYMENT', encode(payment));
    expect(res.status).toBe(200);
    expect(decodeResponseHeader(res.headers['x-payment-response']).txRef).toBe(syntheticTxRef(payment.payload.authorization.nonce));
    expect(await b.paymentCount()).toBe(1);

    const tooSmall = await newPayer().sign(requirementsFor(`${b.url}${PATH}`), { value: '1' });
    const refused = await request(b.url).get(PATH).set('X-PAYMENT', encode(tooSmall));
    expect(refused.status).toBe(402);
    expect(refused.body.error.details.reason).toBe('invalid_exact_evm_payload_authorization_value');

    const v2Requirements = requirementsFor(`${b.url}${PATH}`);
    const v2 = asV2Payment(await newPayer().sign(v2Requirements), v2Requirements);
    const paid = await request(b.url).get(PATH).set('PAYMENT-SIGNATURE', encode(v2));
    expect(paid.status).toBe(200);
    expect(decodeResponseHeader(paid.headers['payment-response'])).toMatchObject({
      transaction: syntheticTxRef(v2.payload.authorization.nonce),
      network: 'eip155:84532',
    });
  });
});

describe('facilitator down or failing', () => {
  /** A request for the document with a fresh, valid payment: only the facilitator can fail it. */
  const payFor = async (h: GatewayHarness) =>
    request(h.url)
      .get(PATH)
      .set('X-PAYMENT', encode(await newPayer().sign(requirementsFor(`${h.url}${PATH}`))));

  it('answers 502 facilitator_unavailable when X402_FACILITATOR_URL points at a closed port; nothing charged', async () => {
    const h = await createGatewayHarness({ config: { X402_FACILITATOR_URL: `http://127.0.0.1:${await freePort()}/facilitator` } });
    try {
      const res = await payFor(h);
      expect(res.status).toBe(502);
      expect(res.body.error.code).toBe('facilitator_unavailable');
      expect(res.headers['x-payment-response']).toBeUndefined();
      expectMatchesOpenApi(res, 'get', PATH);
      expect(await h.paymentCount()).toBe(0);
      expect(await h.dailyTotal()).toBe(0n);
    } finally {
      await h.close();
    }
  });

  it('answers 502 when the facilitator answers 500 or nonsense', async () => {
    for (const answer of [
      (res: import('node:http').ServerResponse) => res.writeHead(500).end('oops'),
      (res: import('node:http').ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"weird":true}'),
    ]) {
      const broken = await serve((_req, res) => answer(res));
      const h = await createGatewayHarness({ config: { X402_FACILITATOR_URL: broken.url } });
      try {
        const res = await payFor(h);
        expect(res.status).toBe(502);
        expect(res.body.error.code).toBe('facilitator_unavailable');
        expect(await h.paymentCount()).toBe(0);
      } finally {
        await h.close();
        await broken.close();
      }
    }
  });

  it('releases the reservation when settlement fails after a good verify', async () => {
    const simulated = createSimulatedFacilitator();
    let settleCalls = 0;
    const flaky: Facilitator = {
      verify: (p, r) => simulated.verify(p, r),
      settle: async (p, r) => {
        settleCalls++;
        if (settleCalls === 1) throw new FacilitatorUnavailableError('boom');
        return simulated.settle(p, r);
      },
    };
    const h = await createGatewayHarness({ deps: { facilitator: flaky } });
    try {
      const header = encode(await newPayer().sign(requirementsFor(`${h.url}${PATH}`)));
      const first = await request(h.url).get(PATH).set('X-PAYMENT', header);
      expect(first.status).toBe(502);
      expect(await h.paymentCount()).toBe(0);
      expect(await h.dailyTotal()).toBe(0n);
      // The same payment can be presented again once the facilitator is back: charged once.
      const second = await request(h.url).get(PATH).set('X-PAYMENT', header);
      expect(second.status).toBe(200);
      expect(decodeResponseHeader(second.headers['x-payment-response']).replay).toBeUndefined();
      expect(await h.paymentCount()).toBe(1);
      expect(await h.dailyTotal()).toBe(2000n);
    } finally {
      await h.close();
    }
  });

  it('does not charge when the verify step throws unexpectedly', async () => {
    const h = await createGatewayHarness({
      deps: {
        facilitator: { verify: async () => Promise.reject(new Error('bug')), settle: async () => Promise.reject(new Error('never')) },
      },
    });
    try {
      const res = await payFor(h);
      expect(res.status).toBe(502);
      expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts/);
      expect(await h.paymentCount()).toBe(0);
    } finally {
      await h.close();
    }
  });
});
