import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ApiClient } from './api-client';
import { DEFAULT_BASE_URL, DEFAULT_TIMEOUT_MS, type ServerOptions } from './config';
import { silentLogger, type Logger } from './log';
import { registerLegalChanges } from './tools/legal-changes';
import { registerLegalGetDocument } from './tools/legal-get-document';
import { registerLegalGetEffectivity } from './tools/legal-get-effectivity';
import { registerLegalGetRelations } from './tools/legal-get-relations';
import { registerLegalSearch } from './tools/legal-search';
import { registerServiceUsage } from './tools/service-usage';
import { CITATION_GUIDANCE } from './tools/shared';

export const SERVER_NAME = 'legal-data';
export const SERVER_VERSION = '0.1.0';

export interface CreateServerOptions extends Partial<Omit<ServerOptions, 'warnings'>> {
  logger?: Logger;
  fetch?: typeof fetch;
}

/** Sent to the host at initialize; hosts show it to the model as guidance for the whole server. */
const INSTRUCTIONS = [
  "Tools over the Legal Documents Data API (Czech law as data). Every call is a real request metered in units against the user's API key.",
  'Typical flow: legal_search → legal_get_document (add include ["text"] only when the wording is needed) → legal_get_effectivity / legal_get_relations.',
  'Prefer mode "fulltext" (1 unit); use "hybrid" (2 units) when fulltext finds nothing.',
  CITATION_GUIDANCE,
].join('\n');

/** A server with the six tools, not yet connected to a transport (index.ts connects stdio). */
export function createServer(options: CreateServerOptions = {}): McpServer {
  const client = new ApiClient({
    apiKey: options.apiKey,
    baseUrl: options.baseUrl ?? DEFAULT_BASE_URL,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    logger: options.logger ?? silentLogger,
    fetch: options.fetch,
    userAgent: `dp-legal-mcp/${SERVER_VERSION}`,
  });
  const server = new McpServer({ name: SERVER_NAME, version: SERVER_VERSION }, { instructions: INSTRUCTIONS, capabilities: { tools: {} } });
  registerLegalSearch(server, client);
  registerLegalGetDocument(server, client);
  registerLegalGetEffectivity(server, client);
  registerLegalGetRelations(server, client);
  registerLegalChanges(server, client);
  registerServiceUsage(server, client);
  return server;
}
