/**
 * Where the user configures this tool server, which differs per transport: the stdio server reads
 * its key and API address from the environment the host passes, the HTTP server gets the key in
 * each request's Authorization header and talks to an API the user never sees. Error messages
 * name these so a model can tell the user exactly what to fix.
 */
export interface ServerSetup {
  /** How messages name the key: "the key in <keyName>". */
  keyName: string;
  /** What the user must do to replace a rejected key. */
  keyFix: string;
  /** The whole message when no key was configured (no request is made). */
  missingKey: string;
  /** How messages name the upstream API. */
  upstream(baseUrl: string): string;
  /** What the user may check when the API cannot be reached. */
  upstreamFix: string;
  /** Whether a connection failure's cause (which names the API's host) may be shown to the client. */
  showsUpstreamCause: boolean;
  /** The setting that bounds each upstream request, when the user controls it. */
  timeoutSetting?: string;
}

export const STDIO_SETUP: ServerSetup = {
  keyName: 'SERVICE_API_KEY',
  keyFix:
    'check SERVICE_API_KEY in the tool server configuration (create a new key in the portal if it was revoked) and restart the server',
  missingKey:
    'SERVICE_API_KEY is not set, so no request was made. Ask the user to put an API key (dp_live_…, created in the portal) ' +
    'into the SERVICE_API_KEY environment variable of this tool server in the host configuration, then restart the server.',
  upstream: (baseUrl) => `the API at ${baseUrl}`,
  upstreamFix: 'ask the user to check SERVICE_BASE_URL and the network',
  showsUpstreamCause: true,
  timeoutSetting: 'SERVICE_TIMEOUT_MS',
};

/** The API's own address is internal to the deployment: it is logged, never told to the client. */
export const HTTP_SETUP: ServerSetup = {
  keyName: 'the Authorization header',
  keyFix:
    'check the `Authorization: Bearer dp_live_…` header of this MCP server in the host configuration ' +
    '(create a new key in the portal if it was revoked) and reconnect',
  missingKey:
    'No API key was sent, so no request was made. Ask the user to add the header `Authorization: Bearer dp_live_…` to this MCP server.',
  upstream: () => 'the Legal Documents API behind this MCP server',
  upstreamFix: 'tell the user the service is having trouble',
  showsUpstreamCause: false,
};
