import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { Config, SharedState } from '@dp/core';
import { createTestDatabase, createTestState, testConfig, type TestDatabase } from '@dp/testing';
import { createPortal, type Portal, type PortalDeps } from '../src/app';
import { createOutboxMailer } from '../src/mail/outbox';

export const PASSWORD = 'correct horse battery staple';

/** jest's timeout for tests that hash passwords: a busy CI machine, and OWASP's cost where a test asks for it. */
export const PASSWORD_HASHING_TIMEOUT_MS = 180_000;

export interface SentMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

export interface PortalHarness {
  db: TestDatabase;
  state: SharedState;
  config: Config;
  portal: Portal;
  outboxDir: string;
  /** Mails written to the outbox so far (oldest first), once the queue has settled. */
  mails(to?: string): Promise<SentMail[]>;
  /** The first link in the newest mail to `to` whose path contains `path`. */
  linkFrom(to: string, path: string): Promise<string>;
  close(): Promise<void>;
}

export function portalConfig(overrides: Record<string, string> = {}): Config {
  return testConfig({ PUBLIC_BASE_URL: 'http://portal.test', ...overrides });
}

export function readOutbox(dir: string): SentMail[] {
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch {
    return [];
  }
  return files.map((file) => ({ file, ...(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Omit<SentMail, 'file'>) }));
}

export function firstLink(text: string, path: string): string {
  const link = text.match(/https?:\/\/\S+/g)?.find((l) => l.includes(path));
  if (!link) throw new Error(`no link containing ${path} in:\n${text}`);
  return link;
}

export async function createPortalHarness(
  options: {
    config?: Record<string, string>;
    limits?: PortalDeps['limits'];
    db?: TestDatabase;
    state?: SharedState;
    logger?: PortalDeps['logger'];
  } = {},
): Promise<PortalHarness> {
  const db = options.db ?? (await createTestDatabase());
  const state = options.state ?? createTestState();
  const outboxDir = mkdtempSync(join(tmpdir(), 'dp-portal-outbox-'));
  const config = portalConfig({ MAIL_OUTBOX_DIR: outboxDir, ...options.config });
  // Generous limits unless a test is about them: every supertest request comes from one IP.
  const limits = options.limits ?? { loginPerIp: { limit: 1000, windowSeconds: 900 }, mailPerIp: { limit: 1000, windowSeconds: 900 } };
  const portal = createPortal({
    db,
    state,
    config,
    limits,
    logger: options.logger,
    mailer: createOutboxMailer(outboxDir, config.MAIL_FROM),
  });
  const mails = async (to?: string) => {
    await portal.mailSettled();
    return readOutbox(outboxDir).filter((m) => !to || m.to === to);
  };
  return {
    db,
    state,
    config,
    portal,
    outboxDir,
    mails,
    async linkFrom(to, path) {
      const list = await mails(to);
      if (!list.length) throw new Error(`no mail to ${to}`);
      return firstLink(list[list.length - 1].text, path);
    },
    async close() {
      await portal.close();
      if (!options.state) await state.close();
      if (!options.db) await db.destroy();
      rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}

/** The CSRF token embedded in a rendered form. */
export function csrfFrom(html: string): string {
  const m = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!m) throw new Error('no CSRF field in the page');
  return m[1];
}

/** Value of a Set-Cookie for `name`, with its attribute string. */
export function setCookie(res: request.Response, name: string): { value: string; attributes: string } | undefined {
  const raw = res.headers['set-cookie'] as unknown as string[] | undefined;
  const line = raw?.find((c) => c.startsWith(`${name}=`));
  if (!line) return undefined;
  const [pair, ...attrs] = line.split(';');
  return { value: decodeURIComponent(pair.slice(name.length + 1)), attributes: attrs.map((a) => a.trim()).join('; ') };
}

type Agent = ReturnType<typeof request.agent>;

/** GET a form page and return its CSRF token (the agent keeps the matching cookie). */
export async function formToken(agent: Agent, path: string): Promise<string> {
  const res = await agent.get(path);
  return csrfFrom(res.text);
}

export async function signUp(h: PortalHarness, agent: Agent, email: string, organization = 'Acme Legal'): Promise<request.Response> {
  const _csrf = await formToken(agent, '/portal/signup');
  return agent.post('/portal/signup').type('form').send({ _csrf, email, password: PASSWORD, organization });
}

/** Follows the mailed link: GET shows the confirmation page, POST (with its token) verifies. */
export async function verifyFromMail(h: PortalHarness, agent: Agent, email: string): Promise<request.Response> {
  const link = new URL(await h.linkFrom(email, '/portal/verify-email'));
  const page = await agent.get(link.pathname + link.search);
  const token = link.searchParams.get('token')!;
  return agent
    .post('/portal/verify-email')
    .type('form')
    .send({ _csrf: csrfFrom(page.text), token });
}

export async function logIn(agent: Agent, email: string, password = PASSWORD): Promise<request.Response> {
  const _csrf = await formToken(agent, '/portal/login');
  return agent.post('/portal/login').type('form').send({ _csrf, email, password });
}

/** A signed-in agent of a new, verified account. */
export async function verifiedAccount(h: PortalHarness, email: string, organization?: string): Promise<Agent> {
  const agent = request.agent(h.portal.app);
  await signUp(h, agent, email, organization);
  await verifyFromMail(h, agent, email);
  const res = await logIn(agent, email);
  if (res.status !== 303) throw new Error(`login failed: ${res.status}`);
  return agent;
}

const NEW_KEY = /dp_live_[0-9A-Za-z]{32}/;

/**
 * Creates a key through the form (post/redirect/get) and follows the redirect: the key is on the
 * page it lands on, once. `created` is the POST's answer, `page` the page with the key.
 */
export async function createKeyInPortal(
  agent: Agent,
  fields: { name?: string; scopes?: string | string[] } = { scopes: 'read' },
): Promise<{ created: request.Response; page: request.Response; key: string }> {
  const created = await agent
    .post('/portal/keys')
    .type('form')
    .send({ _csrf: await formToken(agent, '/portal/keys'), ...fields });
  if (created.status !== 303) throw new Error(`creating a key answered ${created.status}`);
  const page = await agent.get(new URL(created.headers.location, 'http://portal.test').pathname);
  const key = NEW_KEY.exec(page.text)?.[0];
  if (!key) throw new Error('no new key on the page the redirect lands on');
  return { created, page, key };
}

/**
 * One portal harness for a test file, created before its tests and closed after them, with jest's
 * timeout raised for password hashing; `set` receives the harness once it is up.
 */
export function usePortalHarness(set: (h: PortalHarness) => void): void {
  jest.setTimeout(PASSWORD_HASHING_TIMEOUT_MS);
  let harness: PortalHarness | undefined;
  beforeAll(async () => set((harness = await createPortalHarness())));
  afterAll(() => harness?.close());
}
