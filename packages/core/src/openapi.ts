import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { componentSchemas, declaredPaths } from './contract/openapi-paths';
import { V1_ROUTES } from './contract/v1';
import { X402_ROUTES } from './contract/x402';
import { ERROR_CODES, ERROR_RESPONSES, ERRORS, errorDocUrl, type ErrorResponseSpec } from './errors';

/** docs/ at the repository root, from src/ or dist/ alike. */
export const DOCS_DIR = join(__dirname, '..', '..', '..', 'docs');

type OpenApiDoc = Record<string, unknown> & {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
};

/**
 * The OpenAPI document: the prose of docs/openapi.yaml (info, tags, header and parameter
 * components) plus the per-area fragments in docs/openapi/*.yaml, whose `components` are merged
 * in (a fragment may not redefine a name), plus what is declared in code: the schema components
 * (`component`), the operations of the routes (`V1_ROUTES`, `X402_ROUTES`, with their prose from
 * docs/openapi/operations.md) and the error contract of core's table.
 */
export function loadOpenApiDocument(docsDir = DOCS_DIR): OpenApiDoc {
  const doc = parse(readFileSync(join(docsDir, 'openapi.yaml'), 'utf8')) as OpenApiDoc;
  const fragmentsDir = join(docsDir, 'openapi');
  const fragments = existsSync(fragmentsDir) ? readdirSync(fragmentsDir) : [];
  for (const file of fragments.filter((f) => f.endsWith('.yaml')).sort()) {
    const fragment = parse(readFileSync(join(fragmentsDir, file), 'utf8')) as Partial<OpenApiDoc>;
    for (const [path, item] of Object.entries(fragment.paths ?? {})) {
      if (doc.paths[path]) throw new Error(`openapi fragment ${file} redefines path ${path}`);
      doc.paths[path] = item;
    }
    for (const [section, entries] of Object.entries(fragment.components ?? {})) {
      doc.components ??= {};
      doc.components[section] ??= {};
      for (const [name, value] of Object.entries(entries)) {
        if (doc.components[section][name]) throw new Error(`openapi fragment ${file} redefines components.${section}.${name}`);
        doc.components[section][name] = value;
      }
    }
    for (const tag of (fragment.tags as unknown[] | undefined) ?? []) ((doc.tags as unknown[]) ??= []).push(tag);
  }
  const schemas = ((doc.components ??= {}).schemas ??= {});
  for (const [name, schema] of Object.entries(componentSchemas())) {
    if (schemas[name]) throw new Error(`openapi: schema ${name} is declared in code (packages/core/src/contract); remove it from the YAML`);
    schemas[name] = schema;
  }
  for (const [path, item] of Object.entries(declaredPaths([...V1_ROUTES, ...X402_ROUTES], docsDir))) {
    const written = doc.paths[path] ?? {};
    for (const method of Object.keys(item)) {
      if (written[method])
        throw new Error(`${method.toUpperCase()} ${path} is declared in code (packages/core/src/contract); remove it from the YAML`);
    }
    doc.paths[path] = { ...written, ...item };
  }
  declareErrors(doc);
  declareCommonHeaders(doc);
  return doc;
}

const envelopeContent = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } };

/**
 * The error contract, from core's table (errors.ts) rather than the YAML: the `ErrorCode` enum, the
 * `ErrorEnvelope` schema, the shared error responses, and an "Errors" section of the description
 * linking each code to its anchor on the reference's error page.
 */
function declareErrors(doc: OpenApiDoc): void {
  const components = (doc.components ??= {});
  const schemas = (components.schemas ??= {});
  const responses = (components.responses ??= {});
  const add = (section: Record<string, unknown>, name: string, value: unknown) => {
    if (section[name]) throw new Error(`openapi: ${name} is built from packages/core/src/errors.ts; remove it from the YAML`);
    section[name] = value;
  };
  add(schemas, 'ErrorCode', {
    type: 'string',
    enum: [...ERROR_CODES],
    description: 'Every error code of the API; each is explained at `doc_url`.',
  });
  add(schemas, 'ErrorEnvelope', {
    type: 'object',
    required: ['error', 'meta'],
    additionalProperties: false,
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message', 'details', 'doc_url'],
        additionalProperties: false,
        properties: {
          code: { $ref: '#/components/schemas/ErrorCode' },
          message: { type: 'string' },
          details: { type: 'object' },
          doc_url: {
            type: 'string',
            format: 'uri-reference',
            description: "The code's entry in the reference (`/docs/errors#<code>`), relative to the API's origin.",
          },
        },
      },
      meta: { $ref: '#/components/schemas/Meta' },
    },
  });
  for (const [name, { codes, headers }] of Object.entries(ERROR_RESPONSES as Record<string, ErrorResponseSpec>)) {
    add(responses, name, {
      description: codes.map((code) => `\`${code}\`: ${ERRORS[code].description}`).join('\n\n'),
      ...(headers?.length ? { headers: Object.fromEntries(headers.map((h) => [h, { $ref: `#/components/headers/${h}` }])) } : {}),
      content: envelopeContent,
    });
  }
  const table = ERROR_CODES.map((code) => `| [\`${code}\`](${errorDocUrl(code)}) | ${ERRORS[code].status} | ${ERRORS[code].description} |`);
  const info = (doc.info ??= {}) as { description?: string };
  info.description = [
    (info.description ?? '').trimEnd(),
    '',
    '# Errors',
    '',
    'Every error answers with `{"error": {"code", "message", "details", "doc_url"}, "meta": {"request_id"}}`;',
    '`doc_url` links to the code on the [error page](/docs/errors).',
    '',
    '| Code | Status | Meaning |',
    '| --- | --- | --- |',
    ...table,
    '',
  ].join('\n');
}

/** Headers every answer of the API carries, declared on every response here rather than by hand in each. */
const COMMON_RESPONSE_HEADERS = [
  'X-Request-Id',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'RateLimit',
  'RateLimit-Policy',
];

/**
 * Adds the common headers (components.headers) to every response of every operation; a response
 * given by `$ref` gets them in its component, once.
 */
function declareCommonHeaders(doc: OpenApiDoc): void {
  const headers = doc.components?.headers ?? {};
  const common = COMMON_RESPONSE_HEADERS.filter((name) => name in headers);
  const responses = doc.components?.responses ?? {};
  const withHeaders = (response: Record<string, unknown>) => {
    const ref = response.$ref;
    const target =
      typeof ref === 'string' ? (responses[ref.replace('#/components/responses/', '')] as Record<string, unknown> | undefined) : response;
    if (!target) return;
    const declared = ((target.headers as Record<string, unknown> | undefined) ??= {});
    for (const name of common) declared[name] ??= { $ref: `#/components/headers/${name}` };
  };
  for (const item of Object.values(doc.paths)) {
    for (const operation of Object.values(item)) {
      const answers = (operation as { responses?: Record<string, Record<string, unknown>> } | null)?.responses;
      if (answers) for (const response of Object.values(answers)) withHeaders(response);
    }
  }
}

/**
 * The document as served: `servers` names this deployment (PUBLIC_BASE_URL), not the development
 * default written in docs/openapi.yaml.
 */
export function servedOpenApiDocument(publicBaseUrl: string, docsDir = DOCS_DIR): OpenApiDoc {
  return { ...loadOpenApiDocument(docsDir), servers: [{ url: publicBaseUrl.replace(/\/+$/, ''), description: 'This deployment' }] };
}
