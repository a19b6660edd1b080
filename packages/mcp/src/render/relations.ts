import type { V1Schemas } from '@dp/core';
import { capped, docLabel, lines, requestLine, type DocRef } from './common';

export type RelationView = V1Schemas['Relation'];

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
