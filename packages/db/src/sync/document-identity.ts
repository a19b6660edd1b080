export interface DocumentIdentity {
  /** The source id, `SB-2012-89`: the document's id. */
  id: string;
  naturalKey: string;
  docNumber: string;
}

const DOCUMENT_PATH = /^(?:[^/]+\/)*([A-Z]{2})-(\d{4})-(\d{1,5})\.md$/;

/**
 * The document a repository path holds (`cz/SB-2012-89.md`), or null for files that are not
 * documents (README.md, LICENSE). The path is the identity: the front matter's `identifier`
 * is only checked against it, since a malformed file may not have one.
 */
export function documentIdentity(path: string): DocumentIdentity | null {
  const m = DOCUMENT_PATH.exec(path);
  if (!m) return null;
  const collection = m[1];
  const number = String(Number(m[3]));
  return {
    id: `${collection}-${m[2]}-${number}`,
    naturalKey: `${collection.toLowerCase()}/${m[2]}/${number}`,
    docNumber: `${number}/${m[2]} ${collection === 'SB' ? 'Sb.' : collection}`,
  };
}
