import { createKeyInPortal, createPortalHarness, verifiedAccount, type PortalHarness } from './harness';

/**
 * Two organizations' sessions under concurrent load (#12): every page must be the signed-in
 * organization's own (its name and key prefix, never the other's), and never a bounce to the
 * sign-in page or a 5xx. On the old embedded server this showed the other organization's name
 * and keys, and session look-ups returned nothing.
 */
const WORKERS_PER_ORG = 6;
const ROUNDS = 15;

describe('portal tenant isolation under concurrent load', () => {
  let h: PortalHarness;
  beforeAll(async () => {
    h = await createPortalHarness();
  });
  afterAll(() => h.close());

  it('shows each session only its own organization', async () => {
    const orgs = await Promise.all(
      (['Alpha Legal', 'Beta Legal'] as const).map(async (name, i) => {
        const agent = await verifiedAccount(h, `tenant${i}@example.com`, name);
        const prefix = (await createKeyInPortal(agent)).key.slice(0, 12);
        return { name, agent, prefix };
      }),
    );
    const problems: string[] = [];
    const worker = async (me: (typeof orgs)[number], other: (typeof orgs)[number]) => {
      for (let round = 0; round < ROUNDS; round++) {
        for (const path of ['/portal/keys', '/portal/webhooks', '/portal/usage']) {
          const res = await me.agent.get(path);
          if (res.status !== 200) {
            problems.push(`${me.name} ${path}: ${res.status} ${res.headers.location ?? ''}`);
            continue;
          }
          if (!res.text.includes(me.name)) problems.push(`${me.name} ${path}: own organization's name missing`);
          if (res.text.includes(other.name) || res.text.includes(other.prefix))
            problems.push(`${me.name} ${path}: shows ${other.name}'s data`);
          if (path === '/portal/keys' && !res.text.includes(me.prefix)) problems.push(`${me.name} ${path}: own key missing`);
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS_PER_ORG }, () => [worker(orgs[0], orgs[1]), worker(orgs[1], orgs[0])]).flat());
    expect(problems).toEqual([]);
  }, 180_000);
});
