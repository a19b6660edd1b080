import { createServer, type RequestListener } from 'node:http';
import type { Config, SharedState } from '@dp/core';
import { contentHash, importDocument, parseCorpusRecord, rebuildAmendedDocuments } from '@dp/db';
import { actText, amendingActText, effectiveOn, enactedOnlyRecord, versionedRecord } from './acts';
import { seedFixtureCorpus } from './corpus';
import { createTestDatabase, type TestDatabase } from './database';
import { eventually } from './eventually';
import { closeServer, listenOnLoopback } from './listen';
import { createOrgWithKey } from './org-key';
import { createTestState } from './state';
import { testConfig } from './test-config';

/** Test documents of our own (besides the shared fixture corpus), so assertions do not depend on it. */
export const LONG_DOC = 'sb/2001/9901';
export const AMENDING_DOC = 'sb/2005/9902';
export const LONG_TEXT_CHARS = 45_000;
/** An act with two versions whose texts the source holds, for the provision tools. */
export const PROVISIONS_DOC = 'sb/2010/9903';
/** #35/#36: an act the source holds as enacted, and an act that amends it later (one point applies, one cannot). */
export const ENACTED_DOC = 'sb/2006/9904';
export const LATER_AMENDMENT = 'sb/2012/9905';

const ENACTED_TEXT = actText('Zákon o lhůtách', [
  { label: '§ 5', body: ['Lhůta k podání je 10 dní.'] },
  { label: '§ 6', body: ['Kdo porušuje povinnosti, zaplatí pokutu.'] },
]);
const LATER_AMENDMENT_TEXT = amendingActText(
  'Zákon, kterým se mění zákon č. 9904/2006 Sb., o lhůtách',
  [
    {
      article: 'I',
      intro: 'Zákon č. 9904/2006 Sb., o lhůtách, se mění takto:',
      points: ['V § 5 se slova „10 dní“ nahrazují slovy „15 dní“.', 'V § 6 se slova „hrubě porušuje“ nahrazují slovy „závažně porušuje“.'],
    },
  ],
  { article: 'II', sentence: effectiveOn('1. ledna 2013') },
);

const PROVISIONS_V1 = [
  '# Zákon o zkušebních ustanoveních',
  '',
  '##### § 1',
  '',
  '(1) Tento zákon upravuje zkoušky.',
  '',
  '(2) Zkouška se koná jednou ročně.',
  '',
  '##### § 2',
  '',
  'Zkoušejícím je',
  '',
  '- a) učitel,',
  '- b) ředitel.',
  '',
].join('\n');
const PROVISIONS_V2 =
  PROVISIONS_V1.replace('jednou ročně', 'dvakrát ročně').replace('- b) ředitel.', '- b) ředitel,\n- c) inspektor.') +
  '\n##### § 3\n\nTento zákon nabývá účinnosti dnem vyhlášení.\n';

function longText(): string {
  const head = '# Zákon o zkušebních dokumentech\n\n## § 1\n\n';
  const para = 'Tento zákon upravuje zkušební dokumenty pro nástrojový server. ';
  return (head + para.repeat(Math.ceil(LONG_TEXT_CHARS / para.length))).slice(0, LONG_TEXT_CHARS);
}

const RECORDS = [
  {
    id: 'SB-2001-9901',
    natural_key: LONG_DOC,
    doc_number: '9901/2001 Sb.',
    title: 'Zákon o zkušebních dokumentech',
    doc_type: 'act',
    dates: { published: '2001-01-15', effective_from: '2001-02-01', current_version_from: '2006-01-01' },
    effectivity: { status: 'in_force' },
    text: longText(),
    sections: [{ level: 1, label: '§ 1', offset: 34 }],
    versions: [
      { version: 1, valid_from: '2001-02-01', valid_to: '2006-01-01', kind: 'bootstrap' },
      {
        version: 2,
        valid_from: '2006-01-01',
        valid_to: null,
        kind: 'reform',
        amended_by: '9902/2005 Sb.',
        amended_by_key: AMENDING_DOC,
        text_is_current: true,
      },
    ],
  },
  {
    id: 'SB-2005-9902',
    natural_key: AMENDING_DOC,
    doc_number: '9902/2005 Sb.',
    title: 'Zákon, kterým se mění zákon o zkušebních dokumentech',
    doc_type: 'act',
    is_amending_act: true,
    dates: { published: '2005-11-30', effective_from: '2006-01-01' },
    effectivity: { status: 'in_force' },
    text: '# Novela\n\nZákon č. 9901/2001 Sb. se mění takto.',
    versions: [{ version: 1, valid_from: '2006-01-01', valid_to: null, kind: 'bootstrap', text_is_current: true }],
    relations: [{ type: 'amends', target: LONG_DOC, target_doc_number: '9901/2001 Sb.', methods: ['text-pattern'] }],
  },
  versionedRecord(PROVISIONS_DOC, {
    title: 'Zákon o zkušebních ustanoveních',
    text: PROVISIONS_V2,
    published: '2010-01-10',
    versions: [
      { from: '2010-02-01', text: PROVISIONS_V1, extra: { source_date: '2010-02-01' } },
      { from: '2015-01-01', amendedBy: AMENDING_DOC, extra: { kind: 'amendment', source_date: '2015-01-01' } },
    ],
  }),
  enactedOnlyRecord(ENACTED_DOC, {
    title: 'Zákon o lhůtách',
    text: ENACTED_TEXT,
    published: '2006-05-01',
    from: '2007-01-01',
    currentFrom: '2026-01-01',
  }),
  enactedOnlyRecord(LATER_AMENDMENT, {
    title: 'Zákon, kterým se mění zákon č. 9904/2006 Sb., o lhůtách',
    text: LATER_AMENDMENT_TEXT,
    published: '2012-10-01',
    from: '2013-01-01',
    amending: true,
  }),
];

export async function seedToolTestDocuments(db: TestDatabase): Promise<void> {
  // The shared fictional corpus: it is what the other apps' tests read too.
  await seedFixtureCorpus(db);
  for (const raw of RECORDS) {
    const parsed = parseCorpusRecord(raw);
    if (!parsed.ok) throw new Error(`test record ${raw.natural_key}: ${parsed.error}`);
    await importDocument(db, parsed.record, contentHash(raw));
  }
  // What the import of a file does after its records (#36): rebuild what the source lacks.
  await rebuildAmendedDocuments(db);
}

export interface RunningApi {
  db: TestDatabase;
  state: SharedState;
  url: string;
  newKey(o?: { scopes?: string; requestsPerMinute?: number; monthlyUnits?: number }): Promise<{ key: string; id: string }>;
  /** GET /v1/usage over plain HTTP (0 units), as a REST client would read it. */
  unitsUsed(key: string): Promise<number>;
  /** Polls GET /v1/legal/changes with a key of its own (so no test's usage moves) until it has entries. */
  waitForChanges(since: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** What startRunningApi needs of apps/api's createApi (typed here by shape: @dp/api depends on this package). */
export type CreateApi = (deps: { db: TestDatabase; state: SharedState; config: Config }) => {
  app: RequestListener;
  ready: Promise<unknown>;
  close(): Promise<void>;
};

/**
 * A real api on an ephemeral loopback port, with the fixture corpus and the tool servers' own test
 * documents, for the MCP transports' end-to-end tests (they reach it over HTTP as a client would).
 */
export async function startRunningApi(createApi: CreateApi): Promise<RunningApi> {
  const db = await createTestDatabase();
  const state = createTestState();
  // TTL 0: a revoked key is refused on its next request, with or without Redis.
  const config = testConfig({ PUBLIC_BASE_URL: 'http://api.test', KEY_CACHE_TTL_SECONDS: '0' });
  // Default meter interval: the quota guard counts this instance's unflushed units exactly.
  const api = createApi({ db, state, config });
  await api.ready;
  await seedToolTestDocuments(db);
  const server = createServer(api.app);
  const url = await listenOnLoopback(server);
  const newKey: RunningApi['newKey'] = async (o = {}) => {
    const { key, id } = await createOrgWithKey(db, { name: 'MCP test org', ...o });
    return { key, id };
  };
  return {
    db,
    state,
    url,
    newKey,
    async unitsUsed(key) {
      const res = await fetch(`${url}/v1/usage`, { headers: { Authorization: `Bearer ${key}` } });
      if (res.status !== 200) throw new Error(`GET /v1/usage answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { data: { units: { used: number } } }).data.units.used;
    },
    async waitForChanges(since, timeoutMs = 20_000) {
      const { key } = await newKey({ scopes: 'read' });
      let status = 0;
      await eventually(
        async () => {
          const res = await fetch(`${url}/v1/legal/changes?since=${encodeURIComponent(since)}`, {
            headers: { Authorization: `Bearer ${key}` },
          });
          status = res.status;
          const body = (await res.json()) as { data?: { changes?: unknown[] } };
          return res.status === 200 && (body.data?.changes?.length ?? 0) > 0 ? true : undefined;
        },
        { what: () => `GET /v1/legal/changes to list entries (last status ${status})`, timeoutMs, intervalMs: 250 },
      );
    },
    async close() {
      await closeServer(server);
      await api.close();
      await state.close();
      await db.destroy();
    },
  };
}

/** The text parts of an MCP tool result, joined. */
export function textOf(result: { content: Array<{ type: string; text?: string }> }): string {
  return result.content.map((c) => (c.type === 'text' ? (c.text ?? '') : '')).join('\n');
}
