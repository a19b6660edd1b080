import { docLabel, lines, requestLine, type DocRef } from './common';
import { renderVersion, type VersionView } from './document';

export interface EffectivityView {
  at: string;
  status: string;
  source_status?: string;
  effective_from: string | null;
  effective_to: string | null;
  effective_to_basis?: string | null;
  effective_to_inferred_from?: string | null;
  repealed_by: { natural_key: string; doc_number: string | null; in_corpus: boolean }[];
  version_in_force: VersionView | null;
  next_change: { date: string; kind: string; version?: number } | null;
}

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
