import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { errorHandler, notFoundHandler } from '../http/errors';
import { createJsonApiApp } from '../http/json-api-app';
import { createHttpServer } from '../http/server';
import { listen } from '../service/listen';
import type { Metrics } from './metrics';
import { operationsRoutes, type ReadinessCheck } from './operations-routes';

/**
 * A port with only the operator's paths (`/livez`, `/readyz`, `/metrics`), for the processes
 * that serve no other HTTP: the webhook worker and the upstream follower. Resolves once bound.
 */
export function serveOperations(options: {
  port: number;
  /** The setting that names the port, for the error when it is taken. */
  setting: string;
  logger: Logger;
  metrics: Metrics;
  checks: Record<string, ReadinessCheck>;
  host?: string;
}): Promise<Server> {
  const app = createJsonApiApp({ trustProxy: 'loopback', logger: options.logger, metrics: options.metrics });
  app.use(operationsRoutes({ checks: options.checks, metrics: options.metrics }));
  app.use(notFoundHandler);
  app.use(errorHandler(options.logger));
  return listen(createHttpServer(app, options.logger), options.port, options.setting, options.host);
}
