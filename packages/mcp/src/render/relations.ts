import { capped, docLabel, lines, requestLine, type DocRef } from './common';

export interface RelationView {
  type: string;
  direction: string;
  document: { natural_key: string; doc_number: string | null; id: string | null; title: string | null; in_corpus: boolean };
  version_dates?: string[];
}

export function renderRelations(doc: DocRef, relations: RelationView[], nextCursor: string | null, requestId: string | null): string {
  return lines(
    `# Relations of ${docLabel(doc)} (${relations.length} on this page)`,
    relations.length === 0 ? 'No relations match.' : null,
    capped(
      relations,
      (r) =>
        `- ${r.type} (${r.direction}): ${docLabel(r.document)}${r.document.in_corpus ? '' : ' [not in corpus]'}${r.version_dates?.length ? ` — dates ${r.version_dates.join(', ')}` : ''}`,
      'relations',
    ),
    nextCursor ? `More relations: call legal_get_relations again with the same arguments and cursor "${nextCursor}".` : null,
    requestLine(requestId),
  );
}
