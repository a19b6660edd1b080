import type { V1Schemas } from '@dp/core';
import { actKind, capped, czechDate, docLabel, effectLine, lines, requestLine } from './common';

export interface AmendmentsView {
  document: V1Schemas['DocumentRef'];
  as_of: string;
  source_text_as_of: string | null;
  amendments: V1Schemas['Amendment'][];
  total: number;
  has_more: boolean;
  next_cursor: string | null;
}

const STATUS_WORDS: Record<string, string> = {
  applied: 'in the source texts',
  rebuilt: 'applied by the consolidation engine (rebuilt, not an official consolidation)',
  partly_applied: 'PARTLY MISSING from the collection',
  unapplied: 'MISSING from the collection',
  scheduled: 'not yet in force',
  undated: 'effective date unknown',
};

/** Each amending act with its status and, for those the collection lacks, the points it lacks. */
export function renderAmendments(view: AmendmentsView, requestId: string | null): string {
  return lines(
    `# Amendments of ${docLabel(view.document)} (as of ${view.as_of})`,
    view.source_text_as_of ? `The source's newest text is of ${czechDate(view.source_text_as_of)}.` : 'The source holds no text of it.',
    view.total ? null : 'No amending act of the collection is known to change it.',
    capped(
      view.amendments,
      (a) =>
        [
          `- ${actKind(a.amending_act.title) ?? 'předpis'} č. ${a.amending_act.doc_number ?? a.amending_act.natural_key}` +
            `${a.effective_from.length ? `, účinnost ${a.effective_from.map(czechDate).join(', ')}` : ''}: ${STATUS_WORDS[a.status] ?? a.status}` +
            ` (${a.effects.length} point(s))`,
          ...(a.status === 'unapplied' || a.status === 'partly_applied'
            ? a.effects
                .filter((e) => e.status === 'unapplied')
                .slice(0, 5)
                .map((e) => `  ${effectLine(e, 300)}`)
            : []),
        ].join('\n'),
      'amending acts',
    ),
    view.has_more && view.next_cursor ? `More: call again with cursor "${view.next_cursor}".` : null,
    requestLine(requestId),
  );
}
