import express, { type NextFunction, type Request, type Response } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  ApiError,
  bearerApiKey,
  clientRateLimit,
  createJsonApiApp,
  createMemoryState,
  createLogger,
  appMetrics,
  errorHandler,
  methodNotAllowed,
  notFoundHandler,
  operationsRoutes,
  rejectUnsafeInput,
  type Config,
  type Logger,
  type Metrics,
  type SharedState,
} from '@dp/core';
import { apiBaseUrl, createMcpServer, DEFAULT_TIMEOUT_MS, HTTP_SETUP, SERVER_VERSION, type Logger as ToolLogger } from '@dp/mcp';
import { mcpOrigin } from './origin';

export interface McpHttpDeps {
  config: Config;
  logger?: Logger;
  /** Where the tools send their /v1 requests; default MCP_API_URL, else the api's INTERNAL_API_URL. */
  apiBaseUrl?: string;
  /** Bound on each upstream request. */
  timeoutMs?: number;
  /** This instance's `/metrics` registry (default: a new one). */
  metrics?: Metrics;
  /** The rate limiter's state (Redis when configured; default: this process's own). */
  state?: SharedState;
}

/** The path hosts are configured with: `{base_url}/mcp`. */
export const MCP_PATH = '/mcp';

/** A JSON-RPC request of ours is small (one tool call's arguments); anything larger is refused with 413. */
const MAX_BODY_BYTES = 256 * 1024;

/** The tools log through the request's pino child, so every line carries the request id. */
function toolLogger(log: Logger): ToolLogger {
  return {
    debug: (msg, fields = {}) => log.debug(fields, msg),
    info: (msg, fields = {}) => log.info(fields, msg),
    warn: (msg, fields = {}) => log.warn(fields, msg),
    error: (msg, fields = {}) => log.error(fields, msg),
  };
}

/**
 * Remote MCP over Streamable HTTP, stateless: each POST gets a new server and transport holding
 * the caller's key, so any instance can answer any request and nothing is kept between them. The
 * key goes to /v1 with each tool call, so a call is metered, limited and refused exactly like the
 * REST request it makes; here only its form is checked (401 before any MCP processing).
 */
export function createMcpHttpApp(deps: McpHttpDeps): express.Express {
  const { config } = deps;
  const logger = deps.logger ?? createLogger({ name: 'mcp-http', level: config.LOG_LEVEL });
  const baseUrl = apiBaseUrl(deps.apiBaseUrl ?? config.MCP_API_URL ?? config.INTERNAL_API_URL);
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  const metrics = appMetrics('mcp-http', config, deps.metrics);
  const app = createJsonApiApp({ trustProxy: config.TRUST_PROXY, logger, metrics });
  app.use(rejectUnsafeInput);
  // Every answer carries the rate-limit fields (spec 8): the client address's window. A tool call's
  // /v1 request is limited per the key's plan besides, by the api.
  app.use(clientRateLimit(deps.state ?? createMemoryState(), config.CLIENT_REQUESTS_PER_MINUTE));

  // No storage of its own: up is ready. Upstream outages surface as tool errors that say so.
  app.use(operationsRoutes({ metrics }));

  // Origin first (403 for a web origin not allowed, whatever the key; CORS for the allowed ones).
  // Our own middleware rather than the transport's allowedOrigins: those options are deprecated
  // in the SDK, match exact strings only, answer in JSON-RPC rather than our envelope, run after
  // the key check and leave preflights unanswered; the SDK has no Origin middleware.
  app.all(MCP_PATH, mcpOrigin(config));

  const requireKey = (req: Request, res: Response, next: NextFunction) => {
    const key = bearerApiKey(req.get('authorization'));
    if (key instanceof ApiError) return next(key);
    res.locals.apiKey = key;
    next();
  };

  app.post(MCP_PATH, requireKey, async (req: Request, res: Response, next: NextFunction) => {
    const log = logger.child({ requestId: req.requestId });
    const server = createMcpServer({
      apiKey: res.locals.apiKey as string,
      baseUrl,
      setup: HTTP_SETUP,
      timeoutMs,
      logger: toolLogger(log),
      userAgent: `dp-legal-mcp-http/${SERVER_VERSION}`,
    });
    // JSON answers rather than SSE: the tools send no notifications, and plain responses pass
    // every proxy unbuffered and untimed.
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: MAX_BODY_BYTES,
    });
    // A client that hangs up (or cancels) ends the server, which aborts the upstream request.
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res);
    } catch (err) {
      next(err);
    }
  });
  // Stateless: no session to stream server messages on (GET) or to end (DELETE); the spec's
  // answer to both is 405. The key is still checked first, so a bad one learns nothing else.
  app.all(MCP_PATH, requireKey, methodNotAllowed(['POST']));

  app.use(notFoundHandler);
  app.use(errorHandler(logger));

  return app;
}
