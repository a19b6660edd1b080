import type { V1Schemas } from '@dp/core';
import { capped, czechDate, docLabel, lines, requestLine } from './common';
import { provisionCitation } from './provisions';

/** A page of 20 hits stays readable; the full snippet is in the structured result. */
const SNIPPET_CHARS = 300;

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export type SearchHit = V1Schemas['SearchResult'];
export type ProvisionHit = V1Schemas['ProvisionSearchResult'];

/** Hits whose text the answer shows (the rest: their snippet); each text is at most the API's 1,500 characters. */
const ANSWER_TEXTS = 3;

const STATUS_NOTE: Record<ProvisionHit['text_status'], string | null> = {
  current: null,
  amended_not_in_source:
    'NOT THE LAW OF THE DAY: an amendment in force that day changes this provision and the source has no text with it; the wording below is older. Read it with legal_get_provision for the amendment.',
  not_in_source: 'The source text lacks this provision on that day (an amendment in force makes it).',
};

/**
 * The answer-shaped page of a provision search (#37): the top provisions with their text, each
 * cited as lawyers cite it and with the day's text status, so a model can answer from them.
 */
export function renderProvisionSearch(
  q: string,
  mode: string,
  day: string,
  hits: ProvisionHit[],
  nextCursor: string | null,
  requestId: string | null,
): string {
  return lines(
    `# Provisions for "${q}" (${mode}, law of ${day}): ${hits.length} result${hits.length === 1 ? '' : 's'} on this page`,
    hits.length === 0 ? 'Nothing found. Try other words, mode "hybrid" (related terms), or granularity "document".' : null,
    capped(
      hits,
      (h, i) => {
        const cite = provisionCitation(h.provision.label, h.act, day);
        // An older wording is labelled with its own day, never as the day's text (#35 item 3).
        const older = h.text === null ? h.source_text : null;
        const wording = h.text ?? older?.text ?? null;
        const answer = i < ANSWER_TEXTS && wording !== null;
        const body = answer
          ? `${wording.replace(/\s+/g, ' ').trim()}${h.text_truncated ? ' …' : ''}`
          : shorten(h.snippet.replace(/\s+/g, ' '), SNIPPET_CHARS);
        const label = !answer
          ? 'snippet'
          : older
            ? `older wording (of ${czechDate(older.as_of)}, not the law of ${czechDate(day)})`
            : 'text';
        return lines(
          `${i + 1}. ${cite}${h.provision.heading ? ` — ${h.provision.heading}` : ''}`,
          `   act: ${docLabel(h.act)} · ${h.act.status} · id ${h.act.id} · provision ${h.provision.id} · text_status ${h.text_status}${h.text_source === 'rebuilt' ? ' (text rebuilt from the amending acts)' : ''}`,
          h.provision.context ? `   in: ${h.provision.context}` : null,
          STATUS_NOTE[h.text_status] ? `   ${STATUS_NOTE[h.text_status]}` : null,
          `   ${label}: ${body}`,
        );
      },
      'results',
    ),
    hits.length ? 'Read a provision whole (and its amendments) with legal_get_provision (id and provision above).' : null,
    nextCursor ? `More results: call legal_search again with the same q, mode, granularity and filters and cursor "${nextCursor}".` : null,
    requestLine(requestId),
  );
}

/**
 * #35: a document hit whose text lacks amendments in force on the day says so, and whether they
 * reach the provision it points at, so a model never quotes the snippet as the day's law.
 */
function documentStatusNote(h: SearchHit): string | null {
  if (h.text_current) return null;
  const acts = `${h.outstanding_amendments} amending act${h.outstanding_amendments === 1 ? '' : 's'}`;
  const where =
    h.provision === null
      ? ''
      : h.provision.text_status === 'current'
        ? ` They do not reach ${h.provision.label} as far as known.`
        : ` They change ${h.provision.label}: its wording here is older than the law of the day.`;
  return `   NOT THE LAW OF THE DAY: the collection's text of this act lacks ${acts} in force that day.${where} legal_get_document lists them; legal_get_amendments gives their points.`;
}

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
          documentStatusNote(h),
          h.snippet ? `   ${shorten(h.snippet.replace(/\s+/g, ' '), SNIPPET_CHARS)}` : null,
        ),
      'results',
    ),
    nextCursor ? `More results: call legal_search again with the same q, mode and filters and cursor "${nextCursor}".` : null,
    requestLine(requestId),
  );
}
