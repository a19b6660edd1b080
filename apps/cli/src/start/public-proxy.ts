import { createServer, type Server } from 'node:http';
import httpProxy from 'http-proxy';
import { errorEnvelope, newId } from '@dp/core';

export interface Route {
  prefix: string;
  target: string;
}

/**
 * One port for the whole product in development: /v1 → api, /x402 → gateway, /portal → portal.
 * Production routing lives in infra/; /internal is deliberately never routed.
 */
export function startPublicProxy(port: number, routes: Route[]): Promise<Server> {
  const proxy = httpProxy.createProxyServer({ xfwd: true, proxyTimeout: 30_000 });
  proxy.on('error', (_err, _req, res) => {
    const out = res as import('node:http').ServerResponse;
    if (!out.headersSent && 'writeHead' in out) {
      out.writeHead(502, { 'Content-Type': 'application/json' });
      out.end(JSON.stringify(errorEnvelope('unavailable', 'The upstream service is not reachable.', {}, newId('req'))));
    }
  });
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    const route = routes.find((r) => path === r.prefix || path.startsWith(`${r.prefix}/`) || path.startsWith(`${r.prefix}?`));
    if (!route) {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(errorEnvelope('not_found', `No route for ${req.method} ${path.split('?')[0]}.`, {}, newId('req'))));
      return;
    }
    proxy.web(req, res, { target: route.target });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve(server));
  });
}
