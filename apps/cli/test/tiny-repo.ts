/** Document fields of a tiny repository's file (packages/db/test/sync-helpers' docFile). */
export interface DocFields {
  id: string;
  title?: string;
  versionDate?: string;
  amendments?: string[];
  kind?: string;
}

export interface TinyRepo {
  dir: string;
  commit(path: string, content: string, message: string, date?: string): string;
  rev(revision: string): string;
  destroy(): void;
}

// The tiny-repository helpers of packages/db's tests live outside this package's rootDir, so they
// are required (jest compiles them) and typed here with what these tests use.
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const { bootstrapMessage, createTinyRepo, docFile, reformMessage } = require('../../../packages/db/test/sync-helpers') as {
  createTinyRepo: () => TinyRepo;
  docFile: (f: DocFields, body: string) => string;
  bootstrapMessage: (id: string, date: string) => string;
  reformMessage: (id: string, date: string, amendedBy: string) => string;
};

/** Commits a document's first version, `cz/<id>.md` with the bootstrap message, on `date`. */
export function commitBootstrap(repo: TinyRepo, fields: DocFields, body: string, date = '2000-01-01'): string {
  return repo.commit(`cz/${fields.id}.md`, docFile(fields, body), bootstrapMessage(fields.id, date), date);
}
