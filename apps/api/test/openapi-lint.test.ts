import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Document, Spectral, type RulesetDefinition } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { createHarness, apiConfig, type Harness } from './harness';

const REDOCLY = join(__dirname, '../../../node_modules/.bin/redocly');

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
}

/** The served document (what integrators and generators read), linted by Redocly CLI and Spectral. */
describe('GET /v1/openapi.json', () => {
  let h: Harness;
  let dir: string;
  beforeAll(async () => {
    h = await createHarness({ config: apiConfig({ PUBLIC_BASE_URL: 'https://legal.example.org/' }) });
    dir = mkdtempSync(join(tmpdir(), 'dp-openapi-lint-'));
  });
  afterAll(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('names this deployment (PUBLIC_BASE_URL) in servers', async () => {
    const res = await h.http.get('/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.servers).toEqual([{ url: 'https://legal.example.org', description: expect.any(String) }]);
  });

  it("is served by its declared open route: without a key, rate limited, any other method a 405 (core's getOpenApiRoute)", async () => {
    const res = await h.http.get('/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toEqual(expect.any(String));
    const op = (res.body as { paths: Record<string, Record<string, { security?: unknown[] }>> }).paths['/v1/openapi.json'].get;
    expect(op.security).toEqual([]);
    const post = await h.http.post('/v1/openapi.json');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(post.body.error.code).toBe('method_not_allowed');
  });

  it('declares the request id and both families of rate-limit fields on every response', async () => {
    const res = await h.http.get('/v1/openapi.json');
    const doc = res.body as {
      paths: Record<string, Record<string, { responses?: Record<string, { $ref?: string; headers?: Record<string, unknown> }> }>>;
      components: { responses: Record<string, { headers?: Record<string, unknown> }> };
    };
    const missing: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          const resolved = response.$ref ? doc.components.responses[response.$ref.split('/').pop()!] : response;
          for (const name of ['X-Request-Id', 'X-RateLimit-Limit', 'RateLimit', 'RateLimit-Policy']) {
            if (!resolved.headers?.[name]) missing.push(`${method.toUpperCase()} ${path} ${status}: ${name}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('has no Redocly lint errors', async () => {
    const res = await h.http.get('/v1/openapi.json');
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(res.body));
    // lint exits 1 when it finds errors; the JSON report is on stdout either way.
    const run = await promisify(execFile)(REDOCLY, ['lint', file, '--format=json'], {
      cwd: dir,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      maxBuffer: 16 * 1024 * 1024,
    }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as LintReport;
    const errors = report.problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 120_000);

  it('has no Spectral errors (spectral:oas)', async () => {
    const res = await h.http.get('/v1/openapi.json');
    const spectral = new Spectral();
    // The rulesets package's declaration of `oas` omits `extends`, which the core's type requires.
    spectral.setRuleset(oas as unknown as RulesetDefinition);
    const results = await spectral.run(new Document(JSON.stringify(res.body), Json, 'openapi.json'));
    // Severity 0 is an error (1 warning, 2 information, 3 hint).
    const errors = results.filter((r) => (r.severity as number) === 0).map((r) => `${String(r.code)}: ${r.message} at ${r.path.join('.')}`);
    expect(errors).toEqual([]);
  }, 120_000);
});
