import { bootstrapMessage, docFile, type DocFields, type TinyRepo } from '@dp/testing';

export { bootstrapMessage, createTinyRepo, docFile, reformMessage, type DocFields, type TinyRepo } from '@dp/testing';

/** Commits a document's first version, `cz/<id>.md` with the bootstrap message, on `date`. */
export function commitBootstrap(repo: TinyRepo, fields: DocFields, body: string, date = '2000-01-01'): string {
  return repo.commit(`cz/${fields.id}.md`, docFile(fields, body), bootstrapMessage(fields.id, date), date);
}
