import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { actTerms, buildDocument, documentIdentity, openPreparePool, type BuildJob, type SourceCommit } from '@dp/db';
import { bootstrapMessage, docFile, reformMessage } from '@dp/testing';

// The sync builds each document's versions (trees, the current text's index units, the amending
// act's effects) in worker threads (prepare-pool.ts): what it sends and gets back is copied by the
// structured clone, so a blob arrives as a Uint8Array and the result must come back whole.

const identity = documentIdentity('cz/SB-2001-2.md')!;
const AMENDING =
  '# Zákon, kterým se mění zákon č. 1/2000 Sb.\n\n## Čl. I\n\nZákon č. 1/2000 Sb., o věci 1, se mění takto:\n\n1. V § 2 odst. 1 se slova „do 10 dnů“ nahrazují slovy „do 15 dnů“.\n\n2. § 3 se zrušuje.\n\n## Čl. II\n\n##### Účinnost\n\nTento zákon nabývá účinnosti dnem 1. března 2001.\n';
const AMENDING_B = AMENDING.replace('„do 15 dnů“', '„do 20 dnů“');

const commit = (sha: string, message: string, date: string): SourceCommit => ({
  sha,
  authorDate: `${date}T00:00:00Z`,
  message,
  files: [{ status: 'M', path: 'cz/SB-2001-2.md', blob: sha }],
});

function job(blob: (text: string) => Uint8Array): BuildJob {
  const first = commit('a'.repeat(40), bootstrapMessage('SB-2001-2', '2001-01-01'), '2001-01-01');
  const second = commit('b'.repeat(40), reformMessage('SB-2001-2', '2001-02-01', '9/2001 Sb.'), '2001-02-01');
  return {
    path: 'cz/SB-2001-2.md',
    identity,
    commits: [first, second],
    pending: [
      { commit: first, blob: blob(docFile({ id: 'SB-2001-2', kind: 'CISTNOV' }, AMENDING)) },
      { commit: second, blob: blob(docFile({ id: 'SB-2001-2', kind: 'CISTNOV', versionDate: '2001-02-01' }, AMENDING_B)) },
    ],
    missing: [],
    today: '2026-06-01',
  };
}
const asBuffer = (t: string) => Buffer.from(t, 'utf8');
// What a worker thread receives for a Buffer: a plain Uint8Array over a copy of its bytes.
const asCloned = (t: string) => structuredClone(new Uint8Array(Buffer.from(t, 'utf8')));

describe('buildDocument: the work a sync worker thread does', () => {
  it('builds the versions, their trees, the current text units and the effects', () => {
    const built = buildDocument(job(asBuffer));
    expect(built.versions.map((v) => [v.commit[0], v.validFrom, v.kind])).toEqual([
      ['a', '2001-01-01', 'bootstrap'],
      ['b', '2001-02-01', 'reform'],
    ]);
    expect(built.versions.every((v) => v.prebuilt && v.prebuilt.encoded.length > 0)).toBe(true);
    expect(built.versions[0].prebuilt?.changes).toBeNull();
    expect(built.versions[1].prebuilt?.changes?.against).toBe(built.versions[0].commit);
    // Only the text that becomes current carries its index units.
    expect(built.versions[0].units).toBeUndefined();
    expect(built.versions[1].units?.count).toBeGreaterThan(0);
    expect(JSON.parse(built.versions[1].units!.json[0])).toHaveLength(built.versions[1].units!.count);
    // The act's title terms with them, so the writer's thread needs no lemma dictionary.
    const meta = built.versions[1].meta!;
    expect(built.versions[1].actTerms).toEqual({ title: meta.title, citation: meta.citation, terms: actTerms(meta) });
    expect(built.effects?.effects.length).toBeGreaterThan(0);
    expect(new Set(built.effects?.effects.map((e) => e.targetKey))).toEqual(new Set(['sb/2000/1']));
  });

  it('a blob received as a Uint8Array (a worker thread) builds the same document as the Buffer', () => {
    expect(buildDocument(job(asCloned))).toEqual(buildDocument(job(asBuffer)));
  });

  it('its result survives the structured clone it is posted back with', () => {
    const built = buildDocument(job(asBuffer));
    expect(structuredClone(built)).toEqual(built);
  });

  it('a pool of no threads builds in the caller thread, the same', async () => {
    const pool = openPreparePool({ threads: 0 });
    expect(pool.threads).toBe(0);
    expect(await pool.build(job(asBuffer))).toEqual(buildDocument(job(asBuffer)));
    await pool.close();
  });

  // The worker thread runs compiled code: checked against the build when there is one.
  const dist = join(__dirname, '../dist/sync/prepare-pool.js');
  (existsSync(dist) ? it : it.skip)('a worker thread (the compiled pool) builds the same document', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const compiled = require(dist) as { openPreparePool: typeof openPreparePool };
    const pool = compiled.openPreparePool({ threads: 1 });
    try {
      expect(pool.threads).toBe(1);
      const [a, b] = await Promise.all([pool.build(job(asBuffer)), pool.build(job(asBuffer))]);
      const inline = buildDocument(job(asBuffer));
      expect(a).toEqual(inline);
      expect(b).toEqual(inline);
    } finally {
      await pool.close();
    }
  });
});
