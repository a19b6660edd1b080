import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { loadOpenApiDocument } from '@dp/core';

let cached: { ajv: Ajv2020; doc: ReturnType<typeof loadOpenApiDocument> } | undefined;

function load() {
  if (!cached) {
    const doc = loadOpenApiDocument();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ ...doc, $id: 'openapi.json' });
    cached = { ajv, doc };
  }
  return cached;
}

const pointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Finds the documented path template a concrete request path matches. */
export function matchPathTemplate(path: string): string | undefined {
  const { doc } = load();
  const bare = path.split('?')[0];
  // `{id}` may span segments (natural keys like sb/2012/89 are accepted unencoded), so the most
  // specific template (most literal characters) wins: …/{id}/relations over …/{id}.
  const literal = (t: string) => t.replace(/\{[^}]+\}/g, '').length;
  return Object.keys(doc.paths)
    .sort((a, b) => literal(b) - literal(a))
    .find((template) => {
      const re = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '.+?')}$`);
      return re.test(bare);
    });
}

export interface ResponseLike {
  status: number;
  body: unknown;
  headers?: Record<string, string | string[] | undefined>;
  request?: { method?: string; url?: string };
}

/**
 * Asserts that a real response matches the OpenAPI document: the path and method are documented,
 * the status is documented (or `default`), and the JSON body validates against its schema.
 */
export function expectMatchesOpenApi(res: ResponseLike, method: string, path: string, template?: string): void {
  const { ajv, doc } = load();
  const tpl = template ?? matchPathTemplate(path);
  if (!tpl) throw new Error(`path ${path} is not in the OpenAPI document`);
  const op = (doc.paths[tpl] as Record<string, { responses?: Record<string, unknown> }>)[method.toLowerCase()];
  if (!op) throw new Error(`${method.toUpperCase()} ${tpl} is not in the OpenAPI document`);
  const status = String(res.status);
  const responses = op.responses ?? {};
  const key =
    status in responses ? status : `${status[0]}XX` in responses ? `${status[0]}XX` : 'default' in responses ? 'default' : undefined;
  if (!key) throw new Error(`${method.toUpperCase()} ${tpl} does not document status ${status}`);
  let response = responses[key] as { $ref?: string; content?: Record<string, { schema?: unknown }> };
  let ref = `openapi.json#/paths/${pointer(tpl)}/${method.toLowerCase()}/responses/${key}`;
  if (response.$ref) {
    ref = `openapi.json${response.$ref}`;
    const name = response.$ref.split('/').pop()!;
    response = (doc.components!.responses as Record<string, typeof response>)[name];
  }
  const content = response.content?.['application/json'];
  if (!content?.schema) return; // documented without a JSON body
  const validate = ajv.getSchema(`${ref}/content/application~1json/schema`);
  if (!validate) throw new Error(`no schema at ${ref}`);
  if (!validate(res.body)) {
    throw new Error(
      `${method.toUpperCase()} ${path} → ${status} does not match the OpenAPI document:\n` +
        ajv.errorsText(validate.errors, { separator: '\n' }) +
        `\nbody: ${JSON.stringify(res.body).slice(0, 2000)}`,
    );
  }
}

/**
 * Asserts that a value (e.g. a decoded header such as PAYMENT-REQUIRED) matches a named schema of
 * the OpenAPI document's components, for what a response carries outside its JSON body.
 */
export function expectMatchesOpenApiSchema(value: unknown, schemaName: string): void {
  const { ajv, doc } = load();
  if (!doc.components?.schemas?.[schemaName]) {
    throw new Error(`no schema ${schemaName} in the OpenAPI document`);
  }
  const validate = ajv.getSchema(`openapi.json#/components/schemas/${pointer(schemaName)}`);
  if (!validate) throw new Error(`no schema ${schemaName} in the OpenAPI document`);
  if (!validate(value)) {
    throw new Error(
      `value does not match ${schemaName}:\n${ajv.errorsText(validate.errors, { separator: '\n' })}\nvalue: ${JSON.stringify(value).slice(0, 2000)}`,
    );
  }
}
