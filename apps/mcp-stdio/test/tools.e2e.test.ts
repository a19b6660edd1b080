import { CHANGE_KINDS } from '@dp/core';
import { ENACTED_DOC, LATER_AMENDMENT, PROVISIONS_DOC } from '@dp/testing';
import {
  assertBuilt,
  AMENDING_DOC,
  connectMcp,
  LONG_DOC,
  LONG_TEXT_CHARS,
  startApi,
  textOf,
  type McpSession,
  type RunningApi,
} from './helpers';

// The compiled server, spawned over stdio, against a real api on an ephemeral port.
let api: RunningApi;
let key: string;
let mcp: McpSession;

beforeAll(async () => {
  assertBuilt();
  api = await startApi();
  ({ key } = await api.newKey());
  mcp = await connectMcp({ SERVICE_API_KEY: key, SERVICE_BASE_URL: api.url });
});
afterAll(async () => {
  await mcp?.close();
  await api?.close();
});

/** Units charged to the key's organization by one tool call, read over REST before and after. */
async function unitsOf(name: string, args: Record<string, unknown> = {}) {
  const before = await api.unitsUsed(key);
  const result = await mcp.call(name, args);
  const after = await api.unitsUsed(key);
  return { result, units: after - before };
}

describe('tool list', () => {
  it('has exactly the tools of spec 4.3, the provisions issue and the citation check, with their argument names, all read-only', async () => {
    const { tools } = await mcp.client.listTools();
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    const args = (name: string) => Object.keys(byName[name].inputSchema.properties ?? {});
    const required = (name: string) => byName[name].inputSchema.required ?? [];
    expect(Object.keys(byName).sort()).toEqual(
      [
        'legal_changes',
        'legal_get_document',
        'legal_get_effectivity',
        'legal_get_relations',
        'legal_get_amendments',
        'legal_search',
        'service_usage',
        'legal_table_of_contents',
        'legal_get_provision',
        'legal_provision_history',
        'legal_compare_versions',
        'legal_verify_citations',
      ].sort(),
    );
    expect(args('legal_get_provision')).toEqual(expect.arrayContaining(['id', 'provision', 'at']));
    expect(required('legal_get_provision')).toEqual(['id', 'provision']);
    expect(required('legal_compare_versions')).toEqual(['id', 'from', 'to']);
    // The section-heading dump is gone from legal_get_document: the table of contents pages it.
    expect(JSON.stringify(byName.legal_get_document.inputSchema)).not.toContain('"sections"');
    expect(args('legal_search')).toEqual(expect.arrayContaining(['q', 'mode', 'filters', 'at']));
    expect(required('legal_search')).toEqual(['q']);
    expect(args('legal_get_document')).toEqual(expect.arrayContaining(['id', 'at', 'include']));
    expect(required('legal_get_document')).toEqual(['id']);
    expect(args('legal_get_effectivity')).toEqual(['id', 'at']);
    expect(args('legal_get_relations')).toEqual(expect.arrayContaining(['id', 'direction', 'types']));
    expect(args('legal_changes')).toEqual(expect.arrayContaining(['since', 'filters']));
    expect(required('legal_changes')).toEqual(['since']);
    expect(args('service_usage')).toEqual([]);
    expect(args('legal_verify_citations')).toEqual(['text', 'at']);
    expect(required('legal_verify_citations')).toEqual(['text']);
    for (const t of tools) {
      expect(t.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true, openWorldHint: true });
      expect(t.outputSchema).toBeDefined();
    }
  });

  it('teaches the vocabularies, formats and citation guidance in the descriptions', async () => {
    const { tools } = await mcp.client.listTools();
    const d = (name: string) => tools.find((t) => t.name === name)!.description!;
    expect(d('legal_search')).toMatch(/constitutional_act/);
    expect(d('legal_search')).toMatch(/partially_in_force/);
    expect(d('legal_search')).toMatch(/hybrid.*2 units/);
    expect(d('legal_get_relations')).toMatch(/amended_by.*repealed_by.*cited_by/s);
    expect(d('legal_get_document')).toMatch(/YYYY-MM-DD/);
    expect(d('legal_changes')).toMatch(/RFC 3339/);
    for (const name of ['legal_search', 'legal_get_document', 'legal_get_effectivity', 'legal_get_relations']) {
      expect(d(name)).toMatch(/Cite documents by doc_number and natural key/);
    }
    expect(d('legal_verify_citations')).toMatch(/^Run this before relying on any Czech legal citation/);
    expect(d('legal_verify_citations')).toMatch(
      /valid, amended_not_in_source, not_in_force, provision_not_found, document_not_found, ambiguous, unverified/,
    );
    expect(d('legal_get_amendments')).toMatch(/unapplied.*amended_not_in_source/s);
  });
});

describe('each tool is one metered request, charged like REST', () => {
  it('legal_get_document: 1 unit, citation data and bounded, paged text', async () => {
    const { result, units } = await unitsOf('legal_get_document', { id: LONG_DOC, include: ['text', 'versions'] });
    expect(result.isError).toBeFalsy();
    expect(units).toBe(1);
    const sc = result.structuredContent as {
      document: { doc_number: string; natural_key: string; text: string; text_page: { next_offset: number } };
      next_text_offset: number;
    };
    expect(sc.document.natural_key).toBe(LONG_DOC);
    expect(sc.document.doc_number).toBe('9901/2001 Sb.');
    expect(sc.document.text.length).toBe(20_000);
    expect(sc.next_text_offset).toBe(20_000);
    const text = textOf(result);
    expect(text).toContain('9901/2001 Sb. (sb/2001/9901)');
    expect(text).toContain('"text_offset":20000');
    expect(text.length).toBeLessThan(25_000);
  });

  it('legal_get_document: follows the hint to the last page', async () => {
    const result = await mcp.call('legal_get_document', { id: LONG_DOC, include: ['text'], text_offset: 40_000 });
    const sc = result.structuredContent as { document: { text: string }; next_text_offset: number | null };
    expect(sc.document.text.length).toBe(LONG_TEXT_CHARS - 40_000);
    expect(sc.next_text_offset).toBeNull();
    expect(textOf(result)).not.toMatch(/Text truncated/);
  });

  it('legal_get_document with at: the version of that day, quoted for citation', async () => {
    const result = await mcp.call('legal_get_document', { id: LONG_DOC, at: '2003-05-01' });
    expect(result.isError).toBeFalsy();
    const sc = result.structuredContent as { document: { as_of: string; version: { version: number; valid_from: string } } };
    expect(sc.document.as_of).toBe('2003-05-01');
    expect(sc.document.version).toMatchObject({ version: 1, valid_from: '2001-02-01' });
    expect(textOf(result)).toContain('version valid from 2001-02-01');
  });

  it('legal_get_effectivity: 1 unit', async () => {
    const { result, units } = await unitsOf('legal_get_effectivity', { id: LONG_DOC, at: '2007-01-01' });
    expect(result.isError).toBeFalsy();
    expect(units).toBe(1);
    const sc = result.structuredContent as { effectivity: { at: string; status: string; version_in_force: { version: number } } };
    expect(sc.effectivity.at).toBe('2007-01-01');
    expect(sc.effectivity.version_in_force.version).toBe(2);
    expect(textOf(result)).toMatch(/Status: /);
  });

  it('legal_get_relations: 1 unit, edges readable from the other end', async () => {
    const { result, units } = await unitsOf('legal_get_relations', { id: LONG_DOC });
    expect(result.isError).toBeFalsy();
    expect(units).toBe(1);
    const sc = result.structuredContent as {
      direction: string;
      relations: { type: string; direction: string; document: { natural_key: string } }[];
    };
    expect(sc.direction).toBe('both');
    expect(sc.relations).toContainEqual(
      expect.objectContaining({
        type: 'amended_by',
        direction: 'incoming',
        document: expect.objectContaining({ natural_key: AMENDING_DOC }),
      }),
    );
    expect(textOf(result)).toContain('amended_by (incoming): 9902/2005 Sb. (sb/2005/9902)');
  });

  it('legal_get_relations: direction and types are passed on', async () => {
    const { result, units } = await unitsOf('legal_get_relations', { id: AMENDING_DOC, direction: 'outgoing', types: ['amends'] });
    expect(textOf(result)).not.toMatch(/internal_error/);
    expect(result.isError).toBeFalsy();
    expect(units).toBe(1);
    const sc = result.structuredContent as {
      direction: string;
      types: string[];
      relations: { type: string; document: { natural_key: string } }[];
    };
    expect(sc.direction).toBe('outgoing');
    expect(sc.types).toEqual(['amends']);
    expect(sc.relations).toEqual([
      expect.objectContaining({ type: 'amends', document: expect.objectContaining({ natural_key: LONG_DOC }) }),
    ]);
  });

  it('legal_search fulltext: 1 unit; a citation finds its document', async () => {
    const { result, units } = await unitsOf('legal_search', { q: '9901/2001 Sb.' });
    expect(textOf(result)).not.toMatch(/^Not found/);
    expect(result.isError).toBeFalsy();
    expect(units).toBe(1);
    const sc = result.structuredContent as { results: { natural_key: string }[]; mode: string };
    expect(sc.mode).toBe('fulltext');
    expect(sc.results[0].natural_key).toBe(LONG_DOC);
  });

  it('legal_search passes `at` on: a cursor of a search at a past day pages on only with that day', async () => {
    const first = await mcp.call('legal_search', { q: 'zákon', at: '2000-01-01', limit: 1 });
    expect(first.isError).toBeFalsy();
    const cursor = (first.structuredContent as { next_cursor: string | null }).next_cursor;
    expect(cursor).toEqual(expect.any(String));
    const sameDay = await mcp.call('legal_search', { q: 'zákon', at: '2000-01-01', limit: 1, cursor });
    expect(sameDay.isError).toBeFalsy();
    // The API refuses a cursor with another `at` (here: none, i.e. today).
    const today = await mcp.call('legal_search', { q: 'zákon', limit: 1, cursor });
    expect(today.isError).toBe(true);
    expect(textOf(today)).toMatch(/cursor/);
  });

  it('legal_search hybrid with filters: 2 units, as over REST', async () => {
    const { result, units } = await unitsOf('legal_search', {
      q: 'zkušební dokumenty',
      mode: 'hybrid',
      filters: {
        doc_type: ['act'],
        eff_status: ['in_force'],
        published_from: '2000-01-01',
        published_to: '2010-12-31',
        is_amending_act: false,
      },
    });
    expect(result.isError).toBeFalsy();
    expect(units).toBe(2);
    expect((result.structuredContent as { mode: string }).mode).toBe('hybrid');
  });

  it('legal_changes: 1 unit, entries of the documented kinds', async () => {
    // The feed shows an entry once every older transaction in the cluster has finished (no
    // skipping); on a shared PostgreSQL other tests' transactions can delay that a little.
    await api.waitForChanges('2000-01-01T00:00:00Z');
    const { result, units } = await unitsOf('legal_changes', { since: '2000-01-01T00:00:00Z', filters: { doc_type: ['act'] } });
    expect(result.isError).toBeFalsy();
    expect(units).toBe(1);
    const sc = result.structuredContent as { changes: { kind: string }[]; next_cursor: string | null };
    expect(sc.changes.length).toBeGreaterThan(0);
    for (const c of sc.changes) expect(CHANGE_KINDS).toContain(c.kind);
    expect(textOf(result)).toMatch(/document\.created: /);
  });

  it('legal_changes: the kinds filter and limit are passed on; next_cursor pages on', async () => {
    const first = await mcp.call('legal_changes', { since: '2000-01-01T00:00:00Z', filters: { kinds: ['document.created'] }, limit: 1 });
    expect(first.isError).toBeFalsy();
    const page1 = first.structuredContent as { changes: { id: string; kind: string }[]; next_cursor: string; has_more: boolean };
    expect(page1.changes).toEqual([expect.objectContaining({ kind: 'document.created' })]);
    expect(page1.has_more).toBe(true); // the API's has_more, passed on
    expect(textOf(first)).toContain(`since "${page1.next_cursor}"`);
    const second = await mcp.call('legal_changes', { since: page1.next_cursor, filters: { kinds: ['document.created'] }, limit: 1 });
    const page2 = second.structuredContent as { changes: { id: string }[] };
    expect(page2.changes).toHaveLength(1);
    expect(page2.changes[0].id).not.toBe(page1.changes[0].id);
  });

  it('legal_verify_citations: one POST, 1 unit per 10 citations, one line per citation beside the structured result', async () => {
    const text = 'Podle § 1 zákona č. 9901/2001 Sb., § 7 téhož zákona a zákona č. 9999/2001 Sb.';
    const { result, units } = await unitsOf('legal_verify_citations', { text, at: '2010-01-01' });
    expect(result.isError).toBeFalsy();
    expect(units).toBe(1);
    const sc = result.structuredContent as { at: string; citations: { status: string; text: string; provision: { id: string } | null }[] };
    expect(sc.at).toBe('2010-01-01');
    expect(sc.citations.map((c) => [c.text, c.provision?.id ?? null, c.status])).toEqual([
      ['§ 1 zákona č. 9901/2001 Sb.', 'par_1', 'valid'],
      ['§ 7 téhož zákona', 'par_7', 'provision_not_found'],
      ['zákona č. 9999/2001 Sb.', null, 'document_not_found'],
    ]);
    expect(textOf(result).split('\n')).toEqual([
      '3 citations checked on 2010-01-01: 1 valid, 1 provision_not_found, 1 document_not_found.',
      '1. valid: "§ 1 zákona č. 9901/2001 Sb." — § 1 of 9901/2001 Sb. exists and is in force on 2010-01-01.',
      '2. provision_not_found: "§ 7 téhož zákona" — § 7 of 9901/2001 Sb. does not exist on 2010-01-01; nearest: § 1.',
      '3. document_not_found: "zákona č. 9999/2001 Sb." — no act sb/2001/9999 in the collection.',
      expect.stringMatching(/^Do not rely on a citation that is not valid/),
      expect.stringMatching(/^\(request id /),
    ]);
  });

  it('service_usage: 0 units, and agrees with GET /v1/usage', async () => {
    const { result, units } = await unitsOf('service_usage');
    expect(result.isError).toBeFalsy();
    expect(units).toBe(0);
    const sc = result.structuredContent as { units: { used: number } };
    expect(sc.units.used).toBe(await api.unitsUsed(key));
  });
});

describe('arguments are checked before a unit is spent', () => {
  it.each([
    ['legal_get_document', { id: LONG_DOC, at: '2020-02-30' }],
    ['legal_get_document', { id: LONG_DOC, at: '1.1.2020' }],
    ['legal_get_document', { id: LONG_DOC, include: ['everything'] }],
    ['legal_get_document', { id: LONG_DOC, include: ['text'], text_limit: 50_000 }],
    ['legal_get_relations', { id: LONG_DOC, types: ['mentions'] }],
    ['legal_search', { q: 'x', mode: 'semantic' }],
    ['legal_search', { q: 'x', filters: { doc_type: ['law'] } }],
    ['legal_changes', { since: '2024-01-01' }],
    ['legal_changes', { since: '2024-01-01T00:00:00Z', filters: { published_from: '2000-01-01' } }],
    ['legal_changes', { since: '2024-01-01T00:00:00Z', filters: { kinds: ['document.deleted'] } }],
    ['legal_search', { q: 'x', filters: { published_from: '2010-01-01', published_to: '2000-01-01' } }],
    ['legal_verify_citations', { text: '' }],
    ['legal_verify_citations', { text: 'x', at: '2020-02-30' }],
  ])('%s %j is rejected with isError and costs nothing', async (name, args) => {
    const { result, units } = await unitsOf(name, args);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Invalid arguments/);
    expect(units).toBe(0);
  });

  it('an unknown document is an actionable error and costs nothing', async () => {
    const { result, units } = await unitsOf('legal_get_document', { id: 'sb/1800/1' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/legal_search/);
    expect(units).toBe(0);
  });
});

describe('provision tools (each one metered GET)', () => {
  it('legal_table_of_contents lists the provisions of the version in force on the day, one unit', async () => {
    const { result, units } = await unitsOf('legal_table_of_contents', { id: PROVISIONS_DOC, at: '2012-06-01' });
    expect(result.isError).toBeFalsy();
    expect(units).toBe(1);
    const ids = (result.structuredContent as { provisions: { id: string }[] }).provisions.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining(['par_1', 'par_1/odst_2', 'par_2/pism_b']));
    expect(ids).not.toContain('par_3');
    expect(textOf(result)).toContain('par_2/pism_b');
  });

  it('legal_get_provision gives the wording of one provision on a day and how to cite it', async () => {
    const old = await mcp.call('legal_get_provision', { id: PROVISIONS_DOC, provision: 'par_1/odst_2', at: '2012-06-01' });
    expect(old.isError).toBeFalsy();
    expect((old.structuredContent as { provision: { text: string } }).provision.text).toContain('jednou ročně');
    expect(textOf(old)).toContain('§ 1 odst. 2 zákona č. 9903/2010 Sb., ve znění účinném ke dni 1. 6. 2012');
    const now = await mcp.call('legal_get_provision', { id: PROVISIONS_DOC, provision: 'par_1/odst_2' });
    expect((now.structuredContent as { provision: { text: string } }).provision.text).toContain('dvakrát ročně');
    const missing = await mcp.call('legal_get_provision', { id: PROVISIONS_DOC, provision: 'par_3', at: '2012-06-01' });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/not_found|404/);
  });

  it('legal_search points a hit at the provision the query cites, and says how to read it', async () => {
    const found = await mcp.call('legal_search', { q: '§ 1 odst. 2 zákona č. 9903/2010 Sb.', limit: 1 });
    expect(found.isError).toBeFalsy();
    const [hit] = (found.structuredContent as { results: { natural_key: string; provision: { id: string } | null }[] }).results;
    expect(hit).toMatchObject({ natural_key: PROVISIONS_DOC, provision: { id: 'par_1/odst_2' } });
    expect(textOf(found)).toContain('in § 1 odst. 2');
    expect(textOf(found)).toContain('provision "par_1/odst_2"');
  });

  it('legal_provision_history and legal_compare_versions say when and what changed', async () => {
    const history = await mcp.call('legal_provision_history', { id: PROVISIONS_DOC, provision: 'par_1' });
    expect(history.isError).toBeFalsy();
    const entries = (history.structuredContent as { history: { version: number; change: string }[] }).history;
    expect(entries.map((h) => [h.version, h.change])).toEqual([
      [1, 'added'],
      [2, 'changed'],
    ]);
    const diff = await mcp.call('legal_compare_versions', { id: PROVISIONS_DOC, from: '2012-06-01', to: '2016-06-01' });
    expect(diff.isError).toBeFalsy();
    const d = diff.structuredContent as { added: { id: string }[]; changed: { id: string }[] };
    expect(d.added.map((a) => a.id)).toContain('par_3');
    expect(d.changed.map((c) => c.id)).toEqual(expect.arrayContaining(['par_1', 'par_2']));
    expect(textOf(diff)).toMatch(/\+«dvakrát»|\+«dvakrát/);
  });
});

describe('what the collection lacks, said to the model (#35, #36)', () => {
  it("legal_get_provision: a provision an unapplied amendment changed is not given as today's law", async () => {
    const result = await mcp.call('legal_get_provision', { id: ENACTED_DOC, provision: 'par_6' });
    expect(result.isError).toBeFalsy();
    const sc = result.structuredContent as { text_status: string; provision: { text: string | null; source_text: { as_of: string } } };
    expect(sc.text_status).toBe('amended_not_in_source');
    expect(sc.provision.text).toBeNull();
    const text = textOf(result);
    expect(text).toMatch(/NOT THE LAW OF \d{4}-\d{2}-\d{2}: the collection holds § 6 as of 1\. 1\. 2013/);
    expect(text).toContain('zákon č. 9905/2012 Sb., Čl. I bod 2, účinnost 1. 1. 2013');
    expect(text).toContain('„hrubě porušuje“');
    expect(text).toContain('Official text of');
    expect(text).not.toContain('Cite as:');
  });

  it('legal_get_provision: wording the engine rebuilt says so, with its provenance', async () => {
    const result = await mcp.call('legal_get_provision', { id: ENACTED_DOC, provision: 'par_5' });
    expect(result.isError).toBeFalsy();
    const sc = result.structuredContent as { text_status: string; provision: { text: string; text_source: string } };
    expect(sc).toMatchObject({ text_status: 'current', provision: { text_source: 'rebuilt' } });
    expect(sc.provision.text).toContain('15 dní');
    expect(textOf(result)).toContain(
      'Rebuilt from zákon č. 9905/2012 Sb., Čl. I bod 1, účinnost 1. 1. 2013 by the consolidation engine (not an official consolidation',
    );
  });

  it('legal_get_amendments: each amending act, what the collection applied and what it lacks', async () => {
    const { result, units } = await unitsOf('legal_get_amendments', { id: ENACTED_DOC });
    expect(result.isError).toBeFalsy();
    expect(units).toBe(1);
    const sc = result.structuredContent as { amendments: { status: string; amending_act: { natural_key: string } }[] };
    expect(sc.amendments).toEqual([
      expect.objectContaining({ status: 'partly_applied', amending_act: expect.objectContaining({ natural_key: LATER_AMENDMENT }) }),
    ]);
    const text = textOf(result);
    expect(text).toContain('zákon č. 9905/2012 Sb., účinnost 1. 1. 2013: PARTLY MISSING from the collection (2 point(s))');
    expect(text).toContain('„hrubě porušuje“');
  });

  it('legal_get_document: the document read says which amendments its text lacks', async () => {
    const result = await mcp.call('legal_get_document', { id: ENACTED_DOC });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toMatch(/NOT THE LAW OF .*: the text the collection holds is of 1\. 1\. 2013/);
    expect(textOf(result)).toContain('zákon č. 9905/2012 Sb., účinnost 1. 1. 2013 (1 point(s))');
  });
});
