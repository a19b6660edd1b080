import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/** docs/ at the repository root, from src/ or dist/ alike. */
export const DOCS_DIR = join(__dirname, '..', '..', '..', 'docs');

type OpenApiDoc = Record<string, unknown> & {
  paths: Record<string, unknown>;
  components?: Record<string, Record<string, unknown>>;
};

/**
 * The OpenAPI document: docs/openapi.yaml plus the per-area fragments in docs/openapi/*.yaml,
 * whose `paths` and `components` are merged in (a fragment may not redefine a name).
 */
export function loadOpenApiDocument(docsDir = DOCS_DIR): OpenApiDoc {
  const doc = parse(readFileSync(join(docsDir, 'openapi.yaml'), 'utf8')) as OpenApiDoc;
  const fragmentsDir = join(docsDir, 'openapi');
  if (!existsSync(fragmentsDir)) return doc;
  for (const file of readdirSync(fragmentsDir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
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
  return doc;
}

/**
 * The document as served: `servers` names this deployment (PUBLIC_BASE_URL), not the development
 * default written in docs/openapi.yaml.
 */
export function servedOpenApiDocument(publicBaseUrl: string, docsDir = DOCS_DIR): OpenApiDoc {
  return { ...loadOpenApiDocument(docsDir), servers: [{ url: publicBaseUrl.replace(/\/+$/, ''), description: 'This deployment' }] };
}
