import type { V1Schemas } from '@dp/core';
import { capped, lines, requestLine } from './common';

export type ChangeView = V1Schemas['Change'];

function detail(c: ChangeView): string {
  if (c.version?.version) return ` — v${c.version.version}${c.version.valid_from ? ` valid from ${c.version.valid_from}` : ''}`;
  if (c.relation?.type) return ` — ${c.relation.type} ${c.relation.target?.doc_number ?? c.relation.target?.natural_key ?? ''}`;
  if (c.fields) return ` — changed: ${Object.keys(c.fields).join(', ')}`;
  return '';
}

export function renderChanges(since: string, changes: ChangeView[], nextCursor: string | null, requestId: string | null): string {
  return lines(
    `# Changes since ${since}: ${changes.length} on this page`,
    changes.length === 0 ? 'No changes.' : null,
    capped(changes, (c) => `- ${c.at} ${c.kind}: ${c.document.doc_number} (${c.document.natural_key})${detail(c)}`, 'changes'),
    nextCursor ? `More changes (or, later, new ones): call legal_changes with since "${nextCursor}" and the same filters.` : null,
    requestLine(requestId),
  );
}
