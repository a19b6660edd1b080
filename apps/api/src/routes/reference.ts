import { readFileSync } from 'node:fs';
import { Router, type Response } from 'express';

/**
 * The rendered API reference at /docs (Redoc's standalone bundle, served from our own package so
 * nothing loads from a CDN) reading /v1/openapi.json, and a landing page at / that points to it,
 * the OpenAPI document and the portal. These are the only HTML pages the api serves, so they get a
 * Content-Security-Policy of their own instead of the JSON API's `default-src 'none'`.
 */
const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  // Redoc styles itself with styled-components (inline <style>) and runs its search in a worker.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const REDOC_BUNDLE = 'redoc/bundles/redoc.standalone.js';

function sendPage(res: Response, html: string): void {
  res.setHeader('Content-Security-Policy', PAGE_CSP);
  res.setHeader('Cache-Control', 'no-cache');
  res.type('html').send(html);
}

const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Legal Documents Data API — reference</title>
</head>
<body>
<redoc spec-url="/v1/openapi.json" hide-download-button="false" required-props-first="true"></redoc>
<script src="/docs/redoc.standalone.js"></script>
</body>
</html>
`;

const LANDING_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Legal Documents Data API</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}code{font-size:90%}</style>
</head>
<body>
<h1>Legal Documents Data API</h1>
<p>Search, read, cite and follow the Czech Collection of Laws as data.</p>
<ul>
<li><a href="/docs">API reference</a> (rendered from <a href="/v1/openapi.json">the OpenAPI document</a>)</li>
<li><a href="/portal">Portal</a>: an account, API keys, webhooks and usage</li>
</ul>
<p>Every <code>/v1</code> call takes <code>Authorization: Bearer &lt;API key&gt;</code>.</p>
</body>
</html>
`;

export function referenceRouter(): Router {
  const router = Router();
  let bundle: Buffer | undefined;
  router.get('/', (_req, res) => sendPage(res, LANDING_PAGE));
  router.get('/docs', (_req, res) => sendPage(res, REFERENCE_PAGE));
  router.get('/docs/redoc.standalone.js', (_req, res) => {
    bundle ??= readFileSync(require.resolve(REDOC_BUNDLE));
    // The file changes only with the redoc version this build depends on.
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('application/javascript').send(bundle);
  });
  return router;
}
