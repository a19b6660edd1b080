// @ts-expect-error TS1479: viem's typings are ESM-only; the CommonJS runtime is what jest loads.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { decodeXPaymentResponse, wrapFetchWithPayment } from 'x402-fetch';
import { expectMatchesOpenApi } from '@dp/testing';
import { createGatewayHarness, dataUsage, type GatewayHarness } from './harness';

/**
 * End to end with the real client stack: x402-fetch + a viem local account pay the gateway served
 * on an ephemeral port, which reads the document from the real api (also on an ephemeral port).
 */
describe('x402-fetch pays the gateway', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await createGatewayHarness();
  });
  afterAll(() => h.close());

  async function usage() {
    const res = await fetch(`${h.apiUrl}/v1/usage`, { headers: { authorization: `Bearer ${h.key}` } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: unknown }).data;
  }

  it('gets the document for 0.002 USD, and GET /v1/usage does not move', async () => {
    const before = await usage();
    const account = privateKeyToAccount(generatePrivateKey());
    const payingFetch = wrapFetchWithPayment(fetch, account);

    for (const path of ['/x402/legal/documents/sb%2F2091%2F1', '/x402/legal/documents/sb/2091/2']) {
      const res = await payingFetch(`${h.url}${path}`, { method: 'GET' });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: { document: { natural_key: string } } };
      expect(body.data.document.natural_key).toBe(path.includes('2091%2F1') ? 'sb/2091/1' : 'sb/2091/2');
      expectMatchesOpenApi({ status: res.status, body }, 'get', path, '/x402/legal/documents/{id}');

      const receipt = decodeXPaymentResponse(res.headers.get('x-payment-response')!);
      expect(receipt).toMatchObject({ success: true, network: 'base-sepolia', payer: account.address });
      expect(receipt.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    }

    expect(await h.paymentCount()).toBe(2);
    expect(await h.dailyTotal()).toBe(4000n);
    const rows = await h.db.query<{ payer: string; amount_atomic: string; network: string }>(
      'SELECT payer, amount_atomic::text, network FROM x402_payment',
    );
    expect(
      rows.every(
        (r: { payer: string; amount_atomic: string; network: string }) =>
          r.payer === account.address && r.amount_atomic === '2000' && r.network === 'base-sepolia',
      ),
    ).toBe(true);
    expect(dataUsage(await usage())).toEqual(dataUsage(before));
  });

  it('gets 404 (and pays nothing) for a document that does not exist', async () => {
    const count = await h.paymentCount();
    const payingFetch = wrapFetchWithPayment(fetch, privateKeyToAccount(generatePrivateKey()));
    const res = await payingFetch(`${h.url}/x402/legal/documents/sb%2F1800%2F9`, { method: 'GET' });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    expect(await h.paymentCount()).toBe(count);
  });
});
