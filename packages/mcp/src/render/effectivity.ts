import type { V1Schemas } from '@dp/core';
import { docLabel, lines, requestLine, type DocRef } from './common';
import { renderVersion } from './document';

export type EffectivityView = V1Schemas['Effectivity'];

export function renderEffectivity(doc: DocRef, eff: EffectivityView, requestId: string | null): string {
  const basis =
    eff.effective_to && eff.effective_to_basis
      ? ` (${eff.effective_to_basis}${eff.effective_to_inferred_from ? ` from ${eff.effective_to_inferred_from}` : ''})`
      : '';
  return lines(
    `# Effectivity of ${docLabel(doc)} on ${eff.at}`,
    `Status: ${eff.status}${eff.source_status && eff.source_status !== eff.status ? ` (source says ${eff.source_status})` : ''}`,
    `In effect from ${eff.effective_from ?? 'unknown'} to ${eff.effective_to ?? 'open'}${basis}`,
    eff.repealed_by.length
      ? `Repealed by: ${eff.repealed_by.map((r) => `${r.doc_number ?? ''} (${r.natural_key})${r.in_corpus ? '' : ' [not in corpus]'}`).join(', ')}`
      : null,
    eff.version_in_force ? `Version in force: ${renderVersion(eff.version_in_force)}` : 'No version in force on that date.',
    eff.next_change
      ? `Next change: ${eff.next_change.kind} on ${eff.next_change.date}${eff.next_change.version ? ` (v${eff.next_change.version})` : ''}`
      : 'No scheduled change.',
    `Cite as: ${doc.doc_number ?? ''} (${doc.natural_key}), status on ${eff.at}`,
    requestLine(requestId),
  );
}
