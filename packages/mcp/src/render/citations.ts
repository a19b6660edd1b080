import type { V1Schemas } from '@dp/core';
import { capped, lines, requestLine } from './common';

export type CitationCheckView = V1Schemas['CitationCheck'];

/** One line per citation (the API's own summary), counts first: short enough for a model to act on. */
export function renderCitationCheck(check: CitationCheckView, requestId: string | null): string {
  const n = check.citations.length;
  const counts = Object.entries(check.counts)
    .filter(([, v]) => v > 0)
    .map(([k, v]) => `${v} ${k}`)
    .join(', ');
  return lines(
    n === 0
      ? `No legal citations found (checked on ${check.at}).`
      : `${n} citation${n === 1 ? '' : 's'} checked on ${check.at}: ${counts}.`,
    capped(check.citations, (c, i) => `${i + 1}. ${c.summary}`, 'citations'),
    n > 0 && check.counts.valid < n
      ? 'Do not rely on a citation that is not valid: correct it (see nearest_provisions, candidates, effectivity) or say it could not be verified.'
      : null,
    requestLine(requestId),
  );
}
