import request from 'supertest';
import { expectMatchesOpenApi } from '@dp/testing';
import {
  createGatewayHarness,
  dataUsage,
  decodeResponseHeader,
  encode,
  newPayer,
  randomNonce,
  type GatewayHarness,
  PAY_TO,
  PUBLIC_URL,
} from './harness';

const PATH = '/x402/legal/documents/sb%2F2091%2F1';
const TEMPLATE = '/x402/legal/documents/{id}';

let h: GatewayHarness;
beforeAll(async () => {
  h = await createGatewayHarness();
});
afterAll(() => h.close());

/** The requirements exactly as the gateway states them in its challenge. */
let clientNo = 0;
/** Each challenge from its own client IP, so the pre-payment limit (10/min per IP) stays out of the way. */
async function challenge(path: string, ip = `10.1.${Math.floor(++clientNo / 250)}.${clientNo % 250}`) {
  const res = await request(h.url).get(path).set('X-Forwarded-For', ip);
  expect(res.status).toBe(402);
  return res.body.accepts[0];
}

async function usage() {
  const res = await request(h.apiUrl).get('/v1/usage').set('Authorization', `Bearer ${h.key}`);
  expect(res.status).toBe(200);
  return res.body.data;
}

describe('a paid call', () => {
  it('answers 200 with the /v1 document body and X-PAYMENT-RESPONSE, and charges once', async () => {
    const usageBefore = await usage();
    const payer = newPayer();
    const payment = await payer.sign(await challenge(PATH));
    const res = await request(h.url).get(PATH).set('X-PAYMENT', encode(payment));
    expect(res.status).toBe(200);
    expectMatchesOpenApi(res, 'get', PATH);

    const receipt = decodeResponseHeader(res.headers['x-payment-response']);
    expect(receipt).toEqual({
      success: true,
      txRef: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      transaction: receipt.txRef,
      network: 'base-sepolia',
      payer: payer.address,
    });
    expect(await h.paymentCount()).toBe(1);
    expect(await h.dailyTotal()).toBe(2000n);

    // Gateway traffic writes no usage record: GET /v1/usage is exactly as before.
    const usageAfter = await usage();
    expect(dataUsage(usageAfter)).toEqual(dataUsage(usageBefore));

    // Same body as GET /v1/legal/documents/{id} (apart from the request id).
    const v1 = await request(h.apiUrl).get('/v1/legal/documents/sb%2F2091%2F1').set('Authorization', `Bearer ${h.key}`);
    expect(v1.status).toBe(200);
    expect({ ...res.body, meta: undefined }).toEqual({ ...v1.body, meta: undefined });
    expect(res.body.meta.request_id).toBe(res.headers['x-request-id']);
    expect(res.body.data.document.natural_key).toBe('sb/2091/1');
  });

  it('compresses the paid document when asked (br here), and exposes the IETF rate-limit fields', async () => {
    const payment = await newPayer().sign(await challenge(PATH));
    const res = await request(h.url).get(PATH).set('X-PAYMENT', encode(payment)).set('Accept-Encoding', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-length']).toBeUndefined();
    // superagent decodes br itself: the body read is the document.
    expect(res.body.data.document.natural_key).toBe('sb/2091/1');
    const exposed = String(res.headers['access-control-expose-headers']).toLowerCase();
    expect(exposed).toContain('ratelimit-policy');
  });

  it('records a payment with one durable write (reserved already settled, the simulated facilitator settling offline), and serves the body each time with its own request id', async () => {
    const statements: string[] = [];
    const query = h.db.query.bind(h.db);
    h.db.query = (sql: string, params?: unknown[]) => {
      if (/x402_payment/.test(sql)) statements.push(sql);
      return query(sql, params);
    };
    try {
      const payer = newPayer();
      const res = await request(h.url)
        .get(PATH)
        .set('X-PAYMENT', encode(await payer.sign(await challenge(PATH))));
      expect(res.status).toBe(200);
      expect(statements).toHaveLength(1); // not reserve, then confirm: two commits on the paid path
      const [row] = await query<{ tx_ref: string }>('SELECT tx_ref FROM x402_payment WHERE payer = $1', [payer.address]);
      expect(row.tx_ref).toBe(decodeResponseHeader(res.headers['x-payment-response']).txRef);

      // The same cached body, serialised once, carries each answer's own request id.
      const again = await request(h.url)
        .get(PATH)
        .set('Accept-Encoding', 'identity') // the length checked below is the uncompressed body's
        .set('X-PAYMENT', encode(await payer.sign(await challenge(PATH))));
      expect(again.body.meta.request_id).toBe(again.headers['x-request-id']);
      expect(again.body.meta.request_id).not.toBe(res.body.meta.request_id);
      expect({ ...again.body, meta: undefined }).toEqual({ ...res.body, meta: undefined });
      expect(Number(again.headers['content-length'])).toBe(Buffer.byteLength(again.text));
    } finally {
      h.db.query = query;
    }
  });

  it('accepts the unencoded natural key and the document id alike', async () => {
    for (const path of ['/x402/legal/documents/sb/2091/2', '/x402/legal/documents/SB-2091-2']) {
      const payment = await newPayer().sign(await challenge(path));
      const res = await request(h.url).get(path).set('X-PAYMENT', encode(payment));
      expect(res.status).toBe(200);
      expect(res.body.data.document.id).toBe('SB-2091-2');
      expectMatchesOpenApi(res, 'get', path, TEMPLATE);
    }
  });

  it('honours a replay of the same payment for the same resource without a new charge', async () => {
    const payment = encode(await newPayer().sign(await challenge(PATH)));
    const first = await request(h.url).get(PATH).set('X-PAYMENT', payment);
    expect(first.status).toBe(200);
    const count = await h.paymentCount();
    const total = await h.dailyTotal();
    const again = await request(h.url).get(PATH).set('X-PAYMENT', payment);
    expect(again.status).toBe(200);
    expectMatchesOpenApi(again, 'get', PATH);
    const receipt = decodeResponseHeader(again.headers['x-payment-response']);
    expect(receipt.replay).toBe(true);
    expect(receipt.txRef).toBe(decodeResponseHeader(first.headers['x-payment-response']).txRef);
    expect(decodeResponseHeader(first.headers['x-payment-response']).replay).toBeUndefined();
    expect(await h.paymentCount()).toBe(count);
    expect(await h.dailyTotal()).toBe(total);
  });

  it('refuses the same payment for another resource (nonce_already_used)', async () => {
    const payer = newPayer();
    const nonce = randomNonce();
    const paid = await request(h.url)
      .get(PATH)
      .set('X-PAYMENT', encode(await payer.sign(await challenge(PATH), { nonce })));
    expect(paid.status).toBe(200);
    const other = '/x402/legal/documents/sb%2F2091%2F2';
    const count = await h.paymentCount();
    const res = await request(h.url)
      .get(other)
      .set('X-PAYMENT', encode(await payer.sign(await challenge(other), { nonce })));
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('invalid_payment');
    expect(res.body.error.details).toEqual({ reason: 'nonce_already_used', price_usd: 0.002 });
    expect(res.body.accepts[0].resource).toBe(`${PUBLIC_URL}${other}`);
    expectMatchesOpenApi(res, 'get', other);
    expect(await h.paymentCount()).toBe(count);
  });

  it('answers 404 for a document that does not exist and charges nothing', async () => {
    const path = '/x402/legal/documents/sb%2F1800%2F1';
    const count = await h.paymentCount();
    const total = await h.dailyTotal();
    const res = await request(h.url)
      .get(path)
      .set('X-PAYMENT', encode(await newPayer().sign(await challenge(path))));
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect(res.headers['x-payment-response']).toBeUndefined();
    expectMatchesOpenApi(res, 'get', path);
    expect(await h.paymentCount()).toBe(count);
    expect(await h.dailyTotal()).toBe(total);
  });
});

describe('refused payments', () => {
  let refusedNo = 0;
  /** Each from its own client IP, so the per-IP budget of refused payments stays out of the way. */
  async function refusedWith(header: string, reason: string, path = PATH) {
    const count = await h.paymentCount();
    const res = await request(h.url).get(path).set('X-PAYMENT', header).set('X-Forwarded-For', `10.2.0.${++refusedNo}`);
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('invalid_payment');
    expect(res.body.error.details.reason).toBe(reason);
    expect(res.body.error.details.price_usd).toBe(0.002);
    expect(res.body.x402Version).toBe(1);
    expect(res.body.accepts).toHaveLength(1);
    expect(res.body.accepts[0].resource).toBe(`${PUBLIC_URL}${path}`);
    expectMatchesOpenApi(res, 'get', path);
    expect(await h.paymentCount()).toBe(count);
    return res;
  }

  it('refuses a tampered signature', async () => {
    const p = await newPayer().sign(await challenge(PATH));
    const sig = p.payload.signature;
    p.payload.signature = `${sig.slice(0, 10)}${sig[10] === 'a' ? 'b' : 'a'}${sig.slice(11)}`;
    await refusedWith(encode(p), 'invalid_exact_evm_payload_signature');
  });

  it('refuses an authorization changed after signing (value raised by someone else)', async () => {
    const p = await newPayer().sign(await challenge(PATH));
    p.payload.authorization.value = '999999';
    await refusedWith(encode(p), 'invalid_exact_evm_payload_signature');
  });

  it('refuses a payment signed by someone other than `from`', async () => {
    const p = await newPayer().sign(await challenge(PATH));
    p.payload.authorization.from = newPayer().address;
    await refusedWith(encode(p), 'invalid_exact_evm_payload_signature');
  });

  it('refuses the wrong recipient', async () => {
    const p = await newPayer().sign(await challenge(PATH), { to: '0x3333333333333333333333333333333333333333' });
    await refusedWith(encode(p), 'invalid_exact_evm_payload_recipient_mismatch');
  });

  it('refuses too small an amount', async () => {
    const p = await newPayer().sign(await challenge(PATH), { value: '1999' });
    await refusedWith(encode(p), 'invalid_exact_evm_payload_authorization_value');
  });

  it('refuses a larger amount than the price: the pilot charges exactly its price, never more', async () => {
    const total = await h.dailyTotal();
    const p = await newPayer().sign(await challenge(PATH), { value: '5000' });
    const res = await refusedWith(encode(p), 'invalid_exact_evm_payload_authorization_value');
    expect(res.body.error.message).toContain('2000');
    expect(await h.dailyTotal()).toBe(total);
  });

  it('refuses an expired validity window', async () => {
    const now = Math.floor(Date.now() / 1000);
    const p = await newPayer().sign(await challenge(PATH), { validAfter: String(now - 600), validBefore: String(now - 1) });
    await refusedWith(encode(p), 'invalid_exact_evm_payload_authorization_valid_before');
  });

  it('refuses a window that has not opened yet', async () => {
    const now = Math.floor(Date.now() / 1000);
    const p = await newPayer().sign(await challenge(PATH), { validAfter: String(now + 30), validBefore: String(now + 60) });
    await refusedWith(encode(p), 'invalid_exact_evm_payload_authorization_valid_after');
  });

  it('refuses the wrong scheme, network and x402 version', async () => {
    const base = await newPayer().sign(await challenge(PATH));
    await refusedWith(encode({ ...base, scheme: 'upto' }), 'invalid_scheme');
    await refusedWith(encode({ ...base, network: 'base' }), 'invalid_network');
    await refusedWith(encode({ ...base, x402Version: 2 }), 'invalid_x402_version');
  });

  it.each([
    ['not base64', '%%%not-base64%%%'],
    ['base64 of non-JSON', Buffer.from('hello world').toString('base64')],
    ['base64 of JSON of the wrong shape', Buffer.from(JSON.stringify({ hello: 'world' })).toString('base64')],
    ['an empty header', ''],
    ['a huge header', 'A'.repeat(9_000)],
  ])('refuses garbage: %s', async (_name, header) => {
    await refusedWith(header, 'invalid_payload');
  });

  it('refuses malformed fields inside a well-shaped payload', async () => {
    const p = await newPayer().sign(await challenge(PATH));
    p.payload.authorization.nonce = '0x1234';
    await refusedWith(encode(p), 'invalid_payload');
  });
});

describe('per-payer rate limit', () => {
  it('allows 10 calls a minute per payer, then 429 with Retry-After', async () => {
    const payer = newPayer();
    const requirements = await challenge(PATH);
    const statuses: number[] = [];
    let last: request.Response | undefined;
    for (let i = 0; i < 11; i++) {
      last = await request(h.url)
        .get(PATH)
        .set('X-PAYMENT', encode(await payer.sign(requirements)));
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(last!.status).toBe(429);
    expect(last!.body.error.code).toBe('rate_limited');
    expect(Number(last!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(last!.headers['x-payment-response']).toBeUndefined();
    expectMatchesOpenApi(last!, 'get', PATH);
    // Another payer is unaffected.
    expect(
      (
        await request(h.url)
          .get(PATH)
          .set('X-PAYMENT', encode(await newPayer().sign(requirements)))
      ).status,
    ).toBe(200);
  });
});

describe('logs', () => {
  it('carry the request id and never the X-PAYMENT header or the signature', async () => {
    const payment = await newPayer().sign(await challenge(PATH));
    const header = encode(payment);
    const res = await request(h.url).get(PATH).set('X-PAYMENT', header);
    expect(res.status).toBe(200);
    const all = h.logs.join('\n');
    expect(all).toContain(res.headers['x-request-id']);
    expect(all).not.toContain(header);
    expect(all).not.toContain(payment.payload.signature);
    expect(all).not.toContain(payment.payload.signature.slice(2, 40));
    expect(PAY_TO).toBeTruthy();
  });
});
