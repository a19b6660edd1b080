// What the offline proxies share: reading the upstream repository with git (no lazy fetch: the
// partial clone's missing blobs are skipped, not fetched), and an act's sections as the provision
// index builds them (section, article, annex; the act's title and the ancestors' headings).
import { execFileSync, spawn } from 'node:child_process';

const gitEnv = { ...process.env, GIT_NO_LAZY_FETCH: '1' };

/** A git command over the repository, its stdin given, its stdout returned whole. */
export async function git(gitDir, args, input) {
  const p = spawn('git', [`--git-dir=${gitDir}`, ...args], { env: gitEnv });
  p.stdin.end(input);
  const chunks = [];
  for await (const c of p.stdout) chunks.push(c);
  return Buffer.concat(chunks);
}

/** The documents of a `git cat-file --batch` output: front matter fields, key, title and text. */
export function* batchDocuments(buf) {
  for (let off = 0; off < buf.length;) {
    const nl = buf.indexOf(10, off);
    const size = Number(buf.subarray(off, nl).toString().split(' ')[2]);
    const md = buf.subarray(nl + 1, nl + 1 + size).toString('utf8');
    off = nl + 2 + size;
    const fm = (k) => new RegExp(`^${k}: "(.*)"$`, 'm').exec(md)?.[1] ?? '';
    const [, year, number] = fm('identifier').split('-');
    yield { fm, key: `sb/${year}/${number}`, title: fm('title'), text: md.replace(/^---\n[\s\S]*?\n---\n/, '') };
  }
}

/** The sections of each act (`sb/YYYY/N`) at the repository's HEAD. */
export function proxySections(law, gitDir, acts) {
  const sections = [];
  for (const act of acts) {
    const [, year, number] = act.split('/');
    const md = execFileSync('git', [`--git-dir=${gitDir}`, 'show', `HEAD:cz/SB-${year}-${number}.md`], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
      env: gitEnv,
    });
    const title = /^title: "(.*)"$/m.exec(md)?.[1] ?? '';
    const text = md.replace(/^---\n[\s\S]*?\n---\n/, '');
    const { provisions } = law.parseProvisions(text);
    const byId = new Map(provisions.map((p) => [p.id, p]));
    for (const p of provisions) {
      if (p.kind !== 'section' && p.kind !== 'article' && p.kind !== 'annex') continue;
      const headings = [];
      for (let a = p.parent ? byId.get(p.parent) : undefined; a; a = a.parent ? byId.get(a.parent) : undefined) {
        if (a.heading) headings.push(a.heading);
      }
      sections.push({ act, id: p.id, title, headings, heading: p.heading ?? '', text: text.slice(p.start, p.end).slice(0, 20_000) });
    }
  }
  return sections;
}
