import { Writable } from 'node:stream';
import request from 'supertest';
import { createLogger } from '@dp/core';
import {
  createKeyInPortal,
  createPortalHarness,
  formToken,
  logIn,
  PASSWORD,
  PASSWORD_HASHING_TIMEOUT_MS,
  setCookie,
  verifiedAccount,
  type PortalHarness,
} from './harness';

jest.setTimeout(PASSWORD_HASHING_TIMEOUT_MS);

describe('logs never hold passwords, cookies or tokens', () => {
  let h: PortalHarness;
  const lines: string[] = [];
  beforeAll(async () => {
    const destination = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    h = await createPortalHarness({ logger: createLogger({ name: 'portal', level: 'trace', destination }) });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('a full account flow logs requests without any secret', async () => {
    const email = 'logged@example.com';
    const agent = await verifiedAccount(h, email);
    const login = await logIn(request.agent(h.portal.app), email);
    const session = setCookie(login, 'dp_session')!.value;
    const { key } = await createKeyInPortal(agent);
    const verifyToken = new URL(await h.linkFrom(email, '/portal/verify-email')).searchParams.get('token')!;
    const csrf = await formToken(agent, '/portal/keys');

    const log = lines.join('');
    expect(log).toContain('/portal/login'); // requests are logged ...
    for (const secret of [PASSWORD, session, key, verifyToken, csrf]) expect(log).not.toContain(secret); // ... secrets are not
  });
});
