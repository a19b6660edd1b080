import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

// Tiny repositories in the legalize-cz layout (the upstream files and commit messages of acts), made
// by the tests themselves, never the shared pack: the sync's tests in @dp/db and the CLI's share them.

export interface DocFields {
  id: string; // SB-2000-1
  title?: string;
  versionType?: 'AKTUALNI' | 'MINULE' | 'MINULE_NEUCINNE';
  citation?: string;
  amendments?: string[]; // doc numbers for "ve znění …"
  versionDate?: string; // the source URL's date segment; '0000-00-00' for undated
  effectiveFrom?: string;
  kind?: string; // legal_act_kind_code
  amendmentsField?: string; // the front matter's `amendments` ("220/2025 Sb.; 267/2025 Sb.")
  publishedOn?: string; // the front matter's `publication_date` (default the year's first day)
}

const numberOf = (id: string) => {
  const [, year, n] = id.split('-');
  return `${n}/${year} Sb.`;
};

/** A file as the upstream writes it: flat quoted front matter, then the Markdown text. */
export function docFile(f: DocFields, body: string): string {
  const num = numberOf(f.id);
  const [, year, n] = f.id.split('-');
  const title = f.title ?? `Zákon o věci ${n}`;
  const citation = f.citation ?? `Zákon č. ${num}, ${title.toLowerCase()}`;
  const withAmendments = f.amendments?.length ? `${citation} ve znění ${f.amendments.map((a) => `zákona č. ${a}`).join(', ')}` : citation;
  const date = f.versionDate ?? f.effectiveFrom ?? `${year}-01-01`;
  return [
    '---',
    `title: "${title}"`,
    `identifier: "${f.id}"`,
    'country: "cz"',
    'rank: "law"',
    `publication_date: "${f.publishedOn ?? `${year}-01-01`}"`,
    `last_updated: "${date === '0000-00-00' ? `${year}-01-01` : date}"`,
    'status: "in_force"',
    `source: "https://e-sbirka.gov.cz/eli/cz/sb/${year}/${n}/${date}"`,
    `official_code: "${num}"`,
    `full_citation: "${citation}"`,
    `full_citation_with_amendments: "${withAmendments}"`,
    `eli: "/eli/cz/sb/${year}/${n}/${date}"`,
    `effectiveness_date: "${f.effectiveFrom ?? `${year}-01-01`}"`,
    `version_type: "${f.versionType ?? 'AKTUALNI'}"`,
    'act_type_code: "PRAVPRED"',
    `legal_act_kind_code: "${f.kind ?? 'NOPRAKT'}"`,
    'hierarchy_template: "SABL_NOVY_PA_ZAKON"',
    `gazette_issue_number: "1"`,
    `gazette_issue_year: "${year}"`,
    'never_effective: "false"',
    ...(f.amendmentsField ? [`amendments: "${f.amendmentsField}"`] : []),
    '---',
    body,
  ].join('\n');
}

export interface TinyRepo {
  dir: string;
  /** Commits one file; returns the commit id. */
  commit(path: string, content: string, message: string, date?: string): string;
  /** Deletes the loose object of a file's blob at a commit (a missing blob, as in a partial copy). */
  dropBlob(commit: string, path: string): string;
  rev(revision: string): string;
  destroy(): void;
}

export function bootstrapMessage(id: string, date: string, title = 'Zákon'): string {
  return `[bootstrap] ${title} č. ${numberOf(id)} — versión original ${id.split('-')[1]}\n\nNorm: ${id}\nDate: ${date}\n\nSource-Id: original\nSource-Date: ${date}\nNorm-Id: ${id}\n`;
}

export function reformMessage(id: string, date: string, amendedBy: string, url = ''): string {
  return `[reform] Zákon č. ${numberOf(id)}\n\nNorm: ${id}\nDisposition: ${amendedBy}\nDate: ${date}\nSource: ${url}\n\nAffected articles: N/A\n\nSource-Id: ${amendedBy}\nSource-Date: ${date}\nNorm-Id: ${id}\n`;
}

export function createTinyRepo(): TinyRepo {
  const dir = mkdtempSync(join(tmpdir(), 'dp-sync-repo-'));
  const git = (args: string[], env: Record<string, string> = {}, input?: string) =>
    execFileSync('git', args, {
      cwd: dir,
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: dir, ...env },
      input,
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'pipe'],
    }).trim();
  git(['init', '-q', '-b', 'main']);
  git(['config', 'user.name', 'Legalize']);
  git(['config', 'user.email', 'legalize@example.com']);
  git(['config', 'gc.auto', '0']); // keep objects loose, so a test can drop one
  return {
    dir,
    commit(path, content, message, date = '2000-01-01') {
      const file = join(dir, path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, content);
      git(['add', path]);
      const stamp = `${date > '1970-01-02' ? date : '1970-01-02'}T00:00:00Z`;
      git(['commit', '-q', '-F', '-'], { GIT_AUTHOR_DATE: stamp, GIT_COMMITTER_DATE: stamp }, message);
      return git(['rev-parse', 'HEAD']);
    },
    dropBlob(commit, path) {
      const blob = git(['rev-parse', `${commit}:${path}`]);
      unlinkSync(join(dir, '.git', 'objects', blob.slice(0, 2), blob.slice(2)));
      return blob;
    },
    rev: (revision) => git(['rev-parse', revision]),
    destroy: () => rmSync(dir, { recursive: true, force: true }),
  };
}
