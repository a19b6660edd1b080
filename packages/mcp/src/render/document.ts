import type { V1Schemas } from '@dp/core';
import { actKind, capped, czechDate, docLabel, field, lines, requestLine } from './common';

export type VersionView = V1Schemas['Version'];

export type DocumentView = V1Schemas['Document'];

/** The exact follow-up call for the next part of the text, or null when it is complete. */
export function nextTextHint(doc: DocumentView, args: { id: string; at?: string; include?: string[] }): string | null {
  const page = doc.text_page;
  if (!page || page.next_offset === null) return null;
  const call = { id: args.id, ...(args.at ? { at: args.at } : {}), include: args.include ?? ['text'], text_offset: page.next_offset };
  return (
    `Text truncated: characters ${page.offset}–${page.offset + page.returned_chars} of ${page.total_chars} shown. ` +
    `For the next part call legal_get_document with ${JSON.stringify(call)}.`
  );
}

export function renderVersion(v: VersionView): string {
  const amended = v.amended_by ? `, amended by ${v.amended_by.doc_number ?? v.amended_by.natural_key}` : '';
  // A text of a later day than the version's start is said, so a model never cites it for earlier days.
  const asOf = v.text_as_of && v.text_as_of !== v.valid_from ? `, text as of ${v.text_as_of}` : '';
  return `v${v.version} valid ${v.valid_from} → ${v.valid_to ?? 'open'}${v.kind ? ` (${v.kind}${amended})` : ''}${asOf}${v.is_current ? ' [current]' : ''}`;
}

/** #35: when the text shown is not the day's law, the amendments in force it lacks. */
function outstandingLines(doc: DocumentView): string[] | null {
  if (doc.text_current || !doc.outstanding_amendments.length) return null;
  const held = doc.version?.text_as_of;
  return [
    `NOT THE LAW OF ${doc.as_of}: the text the collection holds is of ${held ? czechDate(held) : 'an earlier day'}, ` +
      `and it lacks these amendments in force (per provision, legal_get_provision says which it changes):`,
    ...capped(
      doc.outstanding_amendments,
      (a) =>
        `- ${actKind(a.title) ?? 'předpis'} č. ${a.doc_number ?? a.natural_key}, účinnost ${a.effective_from.map(czechDate).join(', ')}` +
        (a.effects_known ? ` (${a.points} point(s))` : ' (what it changes could not be read)'),
      'amendments',
    ),
    doc.outstanding_amendments[0]?.e_sbirka ? `Official text of ${doc.as_of} (e-Sbírka): ${doc.outstanding_amendments[0].e_sbirka}` : '',
  ];
}

export function renderDocument(doc: DocumentView, requestId: string | null, hint: string | null): string {
  const v = doc.version;
  return lines(
    `# ${docLabel(doc)}`,
    `id: ${doc.id} · type: ${doc.doc_type} · status: ${doc.status} · as of ${doc.as_of}`,
    field('Citation', doc.citation),
    v ? `Version shown: ${renderVersion(v)}${doc.version_count ? ` (of ${doc.version_count})` : ''}` : null,
    doc.dates ? field('Dates', Object.fromEntries(Object.entries(doc.dates).filter(([, d]) => d))) : null,
    outstandingLines(doc),
    `Link: ${doc.links.self}`,
    `Cite as: ${doc.doc_number} (${doc.natural_key})${v ? `, version valid from ${v.valid_from}` : ''}, ${doc.links.self}`,
    doc.effectivity
      ? `Effectivity: ${doc.effectivity.status} (from ${doc.effectivity.effective_from ?? '?'} to ${doc.effectivity.effective_to ?? 'open'})`
      : null,
    doc.versions?.length ? ['', `## Versions (${doc.versions.length})`, ...capped(doc.versions, renderVersion, 'versions')] : null,
    doc.relations?.edges.length
      ? [
          '',
          '## Relations',
          ...capped(doc.relations.edges, (e) => `${e.type}: ${e.document.doc_number ?? ''} (${e.document.natural_key})`, 'relations'),
          doc.relations.has_more ? 'More relations: use legal_get_relations.' : null,
        ].filter((x): x is string => x !== null)
      : null,
    doc.sections?.length
      ? [
          '',
          `## Sections (${doc.sections.length})`,
          ...capped(doc.sections, (s) => `${'  '.repeat(Math.max(0, s.level - 1))}${s.label} @${s.offset}`, 'sections'),
        ]
      : null,
    doc.text_unavailable
      ? `Text unavailable (${doc.text_unavailable.reason}): ${doc.text_unavailable.message}` +
          (doc.text_unavailable.source_url ? ` Official text for that day: ${doc.text_unavailable.source_url}` : '')
      : doc.text_unavailable_reason
        ? `Text unavailable: ${doc.text_unavailable_reason}`
        : null,
    typeof doc.text === 'string' ? ['', '## Text', doc.text] : null,
    hint ? ['', hint] : null,
    requestLine(requestId),
  );
}
