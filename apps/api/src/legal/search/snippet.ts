import { fold } from './czech';

/** Highlight marks in snippets (documented in OpenAPI: `«` opens, `»` closes a match). */
export const MARK_OPEN = '«';
export const MARK_CLOSE = '»';

/**
 * Cleans a window of Markdown around the match and marks every word that starts with a query
 * stem. `window` starts some characters before the match, so the cut words at both ends go.
 */
export function highlight(window: string, stems: string[], cutStart: boolean, cutEnd: boolean): string {
  let text = window.replace(/[#*_>|`]+/g, ' ').replace(/\s+/g, ' ');
  if (cutStart) text = text.replace(/^\S*\s/, '');
  if (cutEnd) text = text.replace(/\s\S*$/, '');
  text = text.trim();
  const marked = text.replace(/[\p{L}\p{N}]+/gu, (w) => {
    const f = fold(w);
    return stems.some((s) => s.length >= 2 && f.startsWith(s)) ? `${MARK_OPEN}${w}${MARK_CLOSE}` : w;
  });
  return `${cutStart ? '…' : ''}${marked}${cutEnd ? '…' : ''}`;
}
