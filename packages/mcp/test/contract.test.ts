import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { listChangesRoute } from '@dp/core/contract/v1/changes';
import { MAX_CITATION_TEXT } from '@dp/core/contract/v1/citations';
import { CitationStatusSchema } from '@dp/core/contract/v1/citations';
import {
  diffDocumentRoute,
  getDocumentRoute,
  getRelationsRoute,
  listAmendmentsRoute,
  listProvisionsRoute,
  MAX_PROVISION_ID,
} from '@dp/core/contract/v1/documents';
import { searchDocumentsRoute } from '@dp/core/contract/v1/search';
import { AmendmentSchema } from '@dp/core/contract/v1/document-schemas';
import { UNIT_COST } from '@dp/core/units';
import { AMENDMENT_STATUSES, CITATION_STATUSES } from '@dp/core/vocab';
import { createMcpServer } from '../src/server';
import { STDIO_SETUP } from '../src/setup';
import { costOf, pageSize, queryIntBounds, queryStringMax, unitsOf } from '../src/tools/contract';

// #39 item 3: the tools' bounds and prices are the contract's, not restated.
describe('MCP tools read their bounds and prices from the route declarations', () => {
  let tools: Awaited<ReturnType<Client['listTools']>>['tools'];
  let instructions: string | undefined;
  beforeAll(async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createMcpServer({ apiKey: undefined, baseUrl: 'http://127.0.0.1:9', setup: STDIO_SETUP }).connect(serverSide);
    const client = new Client({ name: 'contract-test', version: '1.0.0' });
    await client.connect(clientSide);
    tools = (await client.listTools()).tools;
    instructions = client.getInstructions();
    await client.close();
  });
  const tool = (name: string) => {
    const t = tools.find((x) => x.name === name);
    if (!t) throw new Error(`no tool ${name}`);
    return t;
  };
  const property = (name: string, arg: string) =>
    (tool(name).inputSchema.properties as Record<string, { minimum?: number; maximum?: number; maxLength?: number }>)[arg];

  it.each([
    ['legal_changes', listChangesRoute, 'limit'],
    ['legal_get_relations', getRelationsRoute, 'limit'],
    ['legal_get_amendments', listAmendmentsRoute, 'limit'],
    ['legal_table_of_contents', listProvisionsRoute, 'depth'],
    ['legal_search', searchDocumentsRoute, 'limit'],
  ] as const)('%s: the bounds of its argument as the route declares them', (name, route, arg) => {
    const b = queryIntBounds(route, arg);
    expect(property(name, arg)).toMatchObject({ minimum: b.minimum, maximum: b.maximum });
    expect(b.maximum).toBeGreaterThan(b.minimum);
  });

  it('says what a call costs from the metering table', () => {
    expect(tool('legal_get_document').description).toContain(costOf('documents.get'));
    expect(tool('legal_changes').description).toContain(costOf('changes.list', 'page'));
    expect(costOf('search.hybrid')).toBe(`costs ${UNIT_COST['search.hybrid']} units`);
    expect(costOf('documents.get', 'page')).toBe(`costs ${UNIT_COST['documents.get']} unit per page`);
  });

  it('legal_search: the query length, the page size and both modes’ prices as declared and metered', () => {
    expect(property('legal_search', 'q')).toMatchObject({ maxLength: queryStringMax(searchDocumentsRoute, 'q') });
    const description = tool('legal_search').description ?? '';
    expect(description).toContain(`1–${queryStringMax(searchDocumentsRoute, 'q')} characters`);
    expect(description).toContain(`"fulltext" (default, ${unitsOf('search.fulltext')})`);
    expect(description).toContain(`"hybrid" (${unitsOf('search.hybrid')})`);
    const limit = queryIntBounds(searchDocumentsRoute, 'limit');
    expect(description).toContain(`\`limit\` (${limit.minimum}–${limit.maximum}, default ${limit.default})`);
    expect(property('legal_get_provision', 'provision')).toMatchObject({ maxLength: MAX_PROVISION_ID });
  });

  it('legal_get_amendments: the statuses and the page size as the /amendments route declares them', () => {
    // The route's `status` takes exactly the vocabulary its answers' `status` has; the tool offers the same.
    const status = listAmendmentsRoute.query!.shape.status;
    for (const word of AMENDMENT_STATUSES) expect(status.safeParse(word)).toMatchObject({ success: true, data: [word] });
    expect(status.safeParse('other').success).toBe(false);
    expect(AmendmentSchema.shape.status.options).toEqual([...AMENDMENT_STATUSES]);
    const offered = (tool('legal_get_amendments').inputSchema.properties as Record<string, { items?: { enum?: string[] } }>).status;
    expect(offered.items?.enum).toEqual([...AMENDMENT_STATUSES]);
    const limit = queryIntBounds(listAmendmentsRoute, 'limit');
    const description = tool('legal_get_amendments').description ?? '';
    expect(description).toContain(`\`limit\` (${limit.minimum}–${limit.maximum}, default ${limit.default})`);
    expect(description).toContain(`(${AMENDMENT_STATUSES.join(', ')})`);
  });

  it('legal_verify_citations: the text length as the citation check declares it', () => {
    const text = (tool('legal_verify_citations').inputSchema.properties as Record<string, { maxLength?: number; description?: string }>)
      .text;
    expect(text.maxLength).toBe(MAX_CITATION_TEXT);
    expect(text.description).toContain(`1–${MAX_CITATION_TEXT} characters`);
  });

  it.each([
    ['legal_search', searchDocumentsRoute],
    ['legal_get_amendments', listAmendmentsRoute],
    ['legal_get_relations', getRelationsRoute],
    ['legal_table_of_contents', listProvisionsRoute],
    ['legal_compare_versions', diffDocumentRoute],
  ] as const)('%s: its cursor as long as the route takes one', (name, route) => {
    expect(property(name, 'cursor')).toMatchObject({ maxLength: queryStringMax(route, 'cursor') });
  });

  it('legal_changes: `since` as long as the feed takes it', () => {
    expect(property('legal_changes', 'since')).toMatchObject({ maxLength: queryStringMax(listChangesRoute, 'since') });
  });

  it("the tools' own page sizes lie within the routes' bounds", () => {
    const toc = queryIntBounds(listProvisionsRoute, 'limit');
    expect(pageSize(listProvisionsRoute, 'limit', toc.maximum)).toBe(toc.maximum);
    expect(() => pageSize(listProvisionsRoute, 'limit', toc.maximum + 1)).toThrow(/outside/);
    expect(() => pageSize(diffDocumentRoute, 'limit', 0)).toThrow(/outside/);
  });

  it("the server's instructions price both search modes from the metering table", () => {
    expect(instructions).toContain(`"fulltext" (${unitsOf('search.fulltext')})`);
    expect(instructions).toContain(`"hybrid" (${unitsOf('search.hybrid')})`);
  });

  it('legal_verify_citations: the statuses the citation check answers, one vocabulary', () => {
    expect(CitationStatusSchema.options).toEqual([...CITATION_STATUSES]);
    expect(tool('legal_verify_citations').description).toContain(`Each citation gets a status: ${CITATION_STATUSES.join(', ')}.`);
  });

  it('refuses to read bounds a route does not declare as a bounded integer', () => {
    expect(() => queryIntBounds(getDocumentRoute, 'at')).toThrow(/not a bounded integer/);
    expect(() => queryIntBounds(getDocumentRoute, 'nonexistent')).toThrow(/not a bounded integer/);
    expect(() => queryStringMax(searchDocumentsRoute, 'limit')).toThrow(/not a bounded string/);
  });
});
