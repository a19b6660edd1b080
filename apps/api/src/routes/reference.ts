import { readFileSync } from 'node:fs';
import { Router, type Response } from 'express';
import { ERROR_CODES, ERROR_DOCS_PATH, ERRORS } from '@dp/core';

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

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** The table's descriptions mark code with backticks, as the OpenAPI's Markdown does. */
const inlineCode = (s: string) => escapeHtml(s).replace(/`([^`]+)`/g, '<code>$1</code>');

/** The page every error envelope's `doc_url` points into: one anchor (the code itself) per code, from core's table. */
const ERRORS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Legal Documents Data API — error codes</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:3rem auto;padding:0 1rem}code{font-size:90%}section{margin:1.5rem 0}:target{background:#fff8c5}</style>
</head>
<body>
<h1>Error codes</h1>
<p>Every error is answered with <code>{"error": {"code", "message", "details", "doc_url"}, "meta": {"request_id"}}</code>;
<code>doc_url</code> links here. See also the <a href="/docs">API reference</a>.</p>
${ERROR_CODES.map(
  (code) => `<section id="${code}">
<h2><a href="#${code}"><code>${code}</code></a> · ${ERRORS[code].status}</h2>
<p>${inlineCode(ERRORS[code].description)}</p>
</section>`,
).join('\n')}
</body>
</html>
`;

export function referenceRouter(): Router {
  const router = Router();
  let bundle: Buffer | undefined;
  router.get('/', (_req, res) => sendPage(res, LANDING_PAGE));
  router.get('/docs', (_req, res) => sendPage(res, REFERENCE_PAGE));
  router.get(ERROR_DOCS_PATH, (_req, res) => sendPage(res, ERRORS_PAGE));
  router.get('/docs/redoc.standalone.js', (_req, res) => {
    bundle ??= readFileSync(require.resolve(REDOC_BUNDLE));
    // The file changes only with the redoc version this build depends on.
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('application/javascript').send(bundle);
  });
  return router;
}
