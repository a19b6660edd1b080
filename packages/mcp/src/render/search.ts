import type { V1Schemas } from '@dp/core';
import { capped, docLabel, lines, requestLine } from './common';

/** A page of 20 hits stays readable; the full snippet is in the structured result. */
const SNIPPET_CHARS = 300;

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export type SearchHit = V1Schemas['SearchResult'];

export function renderSearch(q: string, mode: string, hits: SearchHit[], nextCursor: string | null, requestId: string | null): string {
  return lines(
    `# Search "${q}" (${mode}): ${hits.length} result${hits.length === 1 ? '' : 's'} on this page`,
    hits.length === 0 ? 'Nothing found. Try other words, fewer filters, or mode "hybrid" for fuzzy matching.' : null,
    capped(
      hits,
      (h, i) =>
        lines(
          `${i + 1}. ${docLabel(h)}`,
          `   id: ${h.id}${h.doc_type ? ` · ${h.doc_type}` : ''}${h.status ? ` · ${h.status}` : ''}${typeof h.score === 'number' ? ` · score ${h.score.toFixed(3)}` : ''}`,
          h.provision
            ? `   in ${h.provision.label}${h.provision.heading ? ` (${h.provision.heading})` : ''}: read it with legal_get_provision (id "${h.id}", provision "${h.provision.id}")`
            : null,
          h.snippet ? `   ${shorten(h.snippet.replace(/\s+/g, ' '), SNIPPET_CHARS)}` : null,
        ),
      'results',
    ),
    nextCursor ? `More results: call legal_search again with the same q, mode and filters and cursor "${nextCursor}".` : null,
    requestLine(requestId),
  );
}
