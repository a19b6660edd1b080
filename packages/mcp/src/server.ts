import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { silentLogger, type Logger } from './log';
import type { ServerSetup } from './setup';
import { registerLegalChanges } from './tools/legal-changes';
import { registerLegalGetDocument } from './tools/legal-get-document';
import { registerLegalGetAmendments } from './tools/legal-get-amendments';
import { registerLegalGetEffectivity } from './tools/legal-get-effectivity';
import { registerLegalGetRelations } from './tools/legal-get-relations';
import { registerLegalProvisions } from './tools/legal-provisions';
import { registerLegalSearch } from './tools/legal-search';
import { registerLegalVerifyCitations } from './tools/legal-verify-citations';
import { registerServiceUsage } from './tools/service-usage';
import { CITATION_GUIDANCE } from './tools/shared';
import { unitsOf } from './tools/contract';
import { Upstream } from './upstream';

export const SERVER_NAME = 'legal-data';
export const SERVER_VERSION = '0.1.0';

/** Upstream request timeout unless the transport's configuration says otherwise. */
export const DEFAULT_TIMEOUT_MS = 15_000;

export interface CreateMcpServerOptions {
  /** Undefined when the user configured none: every call then fails with setup.missingKey. */
  apiKey: string | undefined;
  /** Where /v1 lives, without a trailing slash. */
  baseUrl: string;
  /** Where the user configures the key and the address (STDIO_SETUP or HTTP_SETUP). */
  setup: ServerSetup;
  timeoutMs?: number;
  logger?: Logger;
  fetch?: typeof fetch;
  /** Sent upstream as User-Agent, so the api's logs tell the transports apart. */
  userAgent?: string;
}

/** Sent to the host at initialize; hosts show it to the model as guidance for the whole server. */
const INSTRUCTIONS = [
  "Tools over the Legal Documents Data API (Czech law as data). Every call is a real request metered in units against the user's API key.",
  'Typical flow: legal_search → legal_get_document (metadata) → legal_table_of_contents → legal_get_provision for the wording of one § (not the whole text) → legal_provision_history / legal_compare_versions for what changed, legal_get_effectivity / legal_get_relations for status and links.',
  `Prefer mode "fulltext" (${unitsOf('search.fulltext')}); use "hybrid" (${unitsOf('search.hybrid')}) when fulltext finds nothing.`,
  "Before relying on a Czech legal citation (yours or the user's), run legal_verify_citations on the text.",
  CITATION_GUIDANCE,
].join('\n');

/** A server with every tool of TOOL_NAMES, not yet connected to a transport (each app connects its own). */
export function createMcpServer(options: CreateMcpServerOptions): McpServer {
  const client = new Upstream({
    apiKey: options.apiKey,
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    setup: options.setup,
    logger: options.logger ?? silentLogger,
    fetch: options.fetch,
    userAgent: options.userAgent ?? `dp-legal-mcp/${SERVER_VERSION}`,
  });
  const server = new McpServer({ name: SERVER_NAME, version: SERVER_VERSION }, { instructions: INSTRUCTIONS, capabilities: { tools: {} } });
  registerLegalSearch(server, client);
  registerLegalGetDocument(server, client);
  registerLegalGetEffectivity(server, client);
  registerLegalGetRelations(server, client);
  registerLegalGetAmendments(server, client);
  registerLegalProvisions(server, client);
  registerLegalChanges(server, client);
  registerServiceUsage(server, client);
  registerLegalVerifyCitations(server, client);
  // The SDK's registerTool declares `tools.listChanged: true`; the tool list is fixed and
  // `notifications/tools/list_changed` is never sent (a stateless HTTP server could not even
  // deliver it), so the capability says so instead of promising notifications.
  server.server.registerCapabilities({ tools: { listChanged: false } });
  return server;
}
