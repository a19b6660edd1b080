export { createMcpServer, DEFAULT_TIMEOUT_MS, SERVER_NAME, SERVER_VERSION, type CreateMcpServerOptions } from './server';
export { Upstream, type ApiOutcome, type CallInit, type UpstreamOptions } from './upstream';
export { describeApiError, type ApiFailure } from './errors';
export { silentLogger, type Logger } from './log';
export { HTTP_SETUP, STDIO_SETUP, type ServerSetup } from './setup';
export { READ_ONLY } from './tools/shared';
export { LEGAL_CHANGES } from './tools/legal-changes';
export { LEGAL_GET_DOCUMENT } from './tools/legal-get-document';
export { LEGAL_GET_EFFECTIVITY } from './tools/legal-get-effectivity';
export { LEGAL_GET_RELATIONS } from './tools/legal-get-relations';
export { LEGAL_SEARCH } from './tools/legal-search';
export { SERVICE_USAGE } from './tools/service-usage';
export { LEGAL_VERIFY_CITATIONS } from './tools/legal-verify-citations';
export { LEGAL_COMPARE_VERSIONS, LEGAL_GET_PROVISION, LEGAL_PROVISION_HISTORY, LEGAL_TABLE_OF_CONTENTS } from './tools/legal-provisions';

/** Every tool, by name: the same list over both transports. */
export const TOOL_NAMES = [
  'legal_search',
  'legal_get_document',
  'legal_get_effectivity',
  'legal_get_relations',
  'legal_get_amendments',
  'legal_changes',
  'service_usage',
  'legal_verify_citations',
  'legal_table_of_contents',
  'legal_get_provision',
  'legal_provision_history',
  'legal_compare_versions',
] as const;
export { apiBaseUrl } from '@dp/sdk';
