import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
// @ts-expect-error TS1479: viem's typings are ESM-only; the CommonJS runtime is what jest loads.
import { generatePrivateKey } from 'viem/accounts';
import { freePort } from '@dp/core';
import { FIXTURE_CORPUS_PATH } from '@dp/db';
import { eventually, scaledBound, startEnv, startProduct, type StartedProduct } from '@dp/testing';
import { guideBlocks, type GuideBlock } from './guide-blocks';
import { CLI, run, runCli, type Ran } from './run-process';

/**
 * Guides that run: every fenced block of README.md, infra/README.md and docs/*.md is run against a product started
 * as a user starts it (`start`, embedded database, the shared sample corpus, x402 enabled), or is
 * explicitly marked as not meant to run (guide-blocks.ts says how). A guide that drifts from the
 * product fails here.
 *
 * Placeholders are environment variables, one way for every guide: `BASE_URL` (the public origin)
 * and `DP_KEY` (an API key with read and manage), plus what single guides name: `WEBHOOK_URL`,
 * `WEBHOOK_SECRET` (taken from the answer that created the webhook), `PORT` (the receiver's),
 * `PAYER_PRIVATE_KEY`. Shell blocks run with `sh -e`, and curl fails on an HTTP error (a
 * `.curlrc` with `fail-with-body`); TypeScript is transpiled by the repo's TypeScript to CommonJS
 * and run by node, resolving packages from this app's devDependencies.
 */

const ROOT = join(__dirname, '..', '..', '..');
/** The sample `start` loads beside the repository (`SAMPLE_CORPUS` points elsewhere, e.g. from a git worktree). */
const SAMPLE_CORPUS = process.env.SAMPLE_CORPUS ?? join(ROOT, '..', 'shared', 'corpus', 'cz-sample.jsonl');

/**
 * Guides not run yet. docs/mcp.md is being rewritten in other work; to include it, remove it
 * from this list and mark or fix its blocks until this test passes.
 */
const NOT_YET = new Set<string>();

const GUIDES = [
  'README.md',
  'infra/README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
].filter((g) => !NOT_YET.has(g));

/** Values a guide's blocks print that its later blocks need. */
const CAPTURES: Record<string, Array<{ name: string; pattern: RegExp }>> = {
  'docs/webhooks.md': [{ name: 'WEBHOOK_SECRET', pattern: /whsec_[A-Za-z0-9+/=]+/ }],
};

/** A block of shell commands, by its info string (run or marked not to). */
const SHELL_INFO = /^(bash|sh|shell)\b/;

const BLOCKS = new Map(GUIDES.map((g) => [g, guideBlocks(readFileSync(join(ROOT, g), 'utf8'))]));

/** TypeScript (or JavaScript) → CommonJS, as a user's default project compiles it. */
function transpile(block: GuideBlock): string {
  const out = ts.transpileModule(block.code, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    reportDiagnostics: true,
  });
  const errors = (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  if (errors.length > 0) throw new Error(`does not compile:\n${errors.join('\n')}`);
  return out.outputText;
}

/** Whether a TCP connection to the address and port is accepted. */
function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('guides run against a started product', () => {
  let start: StartedProduct | undefined;
  let startEnvironment: NodeJS.ProcessEnv;
  let dataDir: string;
  let workDir: string;
  const env: NodeJS.ProcessEnv = {};
  const background: Array<{ child: ChildProcess; output: () => string }> = [];

  beforeAll(async () => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build first (npm test builds everything before running jest)`);
    if (!existsSync(SAMPLE_CORPUS)) throw new Error(`${SAMPLE_CORPUS} is missing: the guides' examples read its documents`);
    dataDir = mkdtempSync(join(tmpdir(), 'dp-guides-'));
    workDir = mkdtempSync(join(tmpdir(), 'dp-guides-run-'));
    const receiver = await freePort();
    // The webhooks guide's receiver listens on loopback: local receivers allowed, as the guide says.
    const started = await startEnv({
      dataDir,
      corpusPath: SAMPLE_CORPUS,
      extra: { X402_ENABLED: 'true', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' },
    });
    startEnvironment = started;
    start = startProduct(CLI, started, { timeoutMs: 150_000 });
    await start.banner;
    expect(start.output()).toContain('Webhooks: private and loopback targets ALLOWED (WEBHOOK_ALLOW_PRIVATE_TARGETS=true)');

    // curl as the guides' reader runs it, but failing on an HTTP error instead of printing it.
    const home = join(workDir, 'home');
    mkdirSync(home);
    writeFileSync(join(home, '.curlrc'), 'fail-with-body\nsilent\nshow-error\n');
    Object.assign(env, {
      PATH: process.env.PATH,
      HOME: home,
      BASE_URL: `http://127.0.0.1:${started.PUBLIC_PORT}`,
      DP_KEY: start.demoKey(),
      PORT: String(receiver),
      WEBHOOK_URL: `http://127.0.0.1:${receiver}/hooks/legal`,
      PAYER_PRIVATE_KEY: generatePrivateKey(),
      NODE_PATH: join(ROOT, 'apps', 'cli', 'node_modules'),
    });
  }, scaledBound(180_000));

  afterAll(async () => {
    for (const b of background) b.child.kill('SIGTERM');
    await start?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  }, scaledBound(60_000));

  it("every document a guide's commands name (run or not) is in the corpus start loads", () => {
    const sample = new Set(
      readFileSync(SAMPLE_CORPUS, 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => (JSON.parse(l) as { natural_key: string }).natural_key),
    );
    const missing = [...BLOCKS].flatMap(([guide, blocks]) =>
      blocks
        .filter((b) => SHELL_INFO.test(b.info))
        .flatMap((b) =>
          [...b.code.replace(/%2F/gi, '/').matchAll(/\b(?:sb|st)\/\d{4}\/\d+\b/g)].map(([id]) => ({ id, where: `${guide}:${b.line}` })),
        )
        .filter(({ id }) => !sample.has(id)),
    );
    expect(missing).toEqual([]);
  });

  it("docs/provisions.md's diff example compares two texts and finds the change on the sample", async () => {
    const urls = BLOCKS.get('docs/provisions.md')!.flatMap((b) =>
      [...b.code.matchAll(/"\$BASE_URL(\/v1\/legal\/documents\/[^"]*\/diff\?[^"]*)"/g)].map(([, path]) => path),
    );
    expect(urls.length).toBeGreaterThan(0);
    for (const path of urls.filter((u) => !u.includes('format=unified'))) {
      const res = await fetch(`${env.BASE_URL}${path}`, { headers: { Authorization: `Bearer ${env.DP_KEY}` } });
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as {
        data: { from: { text_available: boolean }; to: { text_available: boolean }; changed: Array<{ words: unknown[] }> };
      };
      expect([data.from.text_available, data.to.text_available]).toEqual([true, true]);
      expect(data.changed.length).toBeGreaterThan(0);
      expect(data.changed[0].words.length).toBeGreaterThan(0);
    }
  });

  it('every block of every guide is run or marked as not meant to run', () => {
    const unmarked = [...BLOCKS].flatMap(([guide, blocks]) =>
      blocks.filter((b) => b.action.kind === 'unmarked').map((b) => `${guide}:${b.line} (\`\`\`${b.info})`),
    );
    expect(unmarked).toEqual([]);
  });

  async function runBlock(guide: string, block: GuideBlock): Promise<void> {
    const where = `${guide}:${block.line}`;
    let ran: Ran;
    if (block.action.kind === 'json') {
      expect(() => JSON.parse(block.code) as unknown).not.toThrow();
      return;
    }
    if (block.action.kind === 'shell') {
      ran = await run('sh', ['-e', '-c', block.code], env);
    } else if (block.action.kind === 'script') {
      const file = join(workDir, `${guide.replace(/\W/g, '_')}_${block.line}.js`);
      writeFileSync(file, transpile(block));
      if (block.action.background) {
        const child = spawn(process.execPath, [file], { env, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (d: Buffer) => (output += d.toString()));
        child.stderr.on('data', (d: Buffer) => (output += d.toString()));
        background.push({ child, output: () => output });
        // A server is up once it says so (its first line).
        await eventually(
          () => {
            if (child.exitCode !== null) throw new Error(`${where} did not start:\n${output}`);
            return output.includes('\n') ? true : undefined;
          },
          { what: () => `${where} to start:\n${output}`, timeoutMs: 30_000 },
        );
        return;
      }
      ran = await run(process.execPath, [file], env);
    } else {
      return;
    }
    if (ran.code !== 0) throw new Error(`${where} exited with ${ran.code}:\n${ran.stdout}\n${ran.stderr}`);
    for (const { name, pattern } of CAPTURES[guide] ?? []) {
      const found = pattern.exec(ran.stdout);
      if (found) env[name] = found[0];
    }
  }

  for (const [guide, blocks] of BLOCKS) {
    describe(guide, () => {
      for (const block of blocks.filter((b) => b.action.kind !== 'unmarked')) {
        const label =
          block.action.kind === 'skip'
            ? `line ${block.line}: not run (${block.action.reason})`
            : `line ${block.line}: runs the \`\`\`${block.info} block`;
        it(label, () => runBlock(guide, block), scaledBound(120_000));
      }
    });
  }

  it(
    'docs/webhooks.md: the receiver verifies a real signed delivery of a new document',
    async () => {
      const receiver = background.at(-1);
      expect(receiver).toBeDefined();
      // One document the sample does not hold, imported beside the running product.
      const file = join(workDir, 'new-document.jsonl');
      const line = readFileSync(FIXTURE_CORPUS_PATH, 'utf8').split('\n')[0];
      writeFileSync(file, `${line}\n`);
      const imported = await runCli(['import', file], startEnvironment, 120_000);
      expect(imported.code).toBe(0);
      await eventually(() => (/ document\.created\n/.test(receiver!.output()) ? true : undefined), {
        what: () => `a delivery to reach the receiver:\n${receiver!.output()}`,
        timeoutMs: 60_000,
        intervalMs: 200,
      });
      expect(receiver!.output()).toMatch(/^msg_\w+ document\.created$/m);
      // It listens on loopback only, as it prints: not on the machine's other addresses.
      const others = Object.values(networkInterfaces())
        .flat()
        .filter((a) => a && !a.internal && a.family === 'IPv4')
        .map((a) => a!.address);
      for (const address of others) expect(await reachable(address, Number(env.PORT))).toBe(false);
      expect(await reachable('127.0.0.1', Number(env.PORT))).toBe(true);
    },
    scaledBound(150_000),
  );
});
