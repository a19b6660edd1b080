import { docTypeOf, formatIsoDate, type V1Schemas } from '@dp/core';
import { toDate, type DocumentMeta, type VersionMeta } from './load';

const iso = (d: Date | string | null) => (d ? formatIsoDate(toDate(d)!) : null);

/** Typed by the OpenAPI document's `Version` schema: a field the contract lacks fails to compile. */
export function presentVersion(v: VersionMeta): V1Schemas['Version'] {
  return {
    version: v.version,
    valid_from: formatIsoDate(v.validFrom),
    valid_from_inferred_from: v.validFromInferredFrom,
    valid_to: v.validTo ? formatIsoDate(v.validTo) : null,
    kind: v.kind,
    amended_by: v.amendedByKey ? { natural_key: v.amendedByKey, doc_number: v.amendedBy } : null,
    text_sha256: v.textSha256,
    text_chars: v.textChars,
    text_available: v.hasText,
    text_as_of: formatIsoDate(v.textAsOf),
    text_source: v.textSource === 'rebuilt' ? 'rebuilt' : 'source',
  };
}

export function documentLinks(baseUrl: string, naturalKey: string) {
  const self = `${baseUrl}/v1/legal/documents/${encodeURIComponent(naturalKey)}`;
  return { self, effectivity: `${self}/effectivity`, relations: `${self}/relations` };
}

/** The short reference to the document that its sub-resources' answers carry. */
export function documentRef(doc: Pick<DocumentMeta, 'id' | 'naturalKey' | 'docNumber' | 'title'>) {
  return { id: doc.id, natural_key: doc.naturalKey, doc_number: doc.docNumber, title: doc.title };
}

/** Metadata every document response carries, whatever `include` asks for. */
export function presentDocumentCore(doc: DocumentMeta) {
  return {
    id: doc.id,
    natural_key: doc.naturalKey,
    doc_number: doc.docNumber,
    eli: doc.eli,
    title: doc.title,
    citation: doc.citation,
    doc_type: docTypeOf(doc.docType),
    is_amending_act: doc.isAmendingAct,
    language: doc.language,
    text_format: doc.textFormat,
    dates: {
      published: iso(doc.publishedOn),
      effective_from: iso(doc.effectiveFrom),
      effective_to: iso(doc.effectiveTo),
      inferred_effective_to: iso(doc.inferredEffectiveTo),
      current_version_from: iso(doc.currentVersionFrom),
      last_updated: iso(doc.lastUpdated),
    },
    repealed_by: doc.repealedBy,
    // A jsonb column: the corpus record's `source` object (the contract's shape), else none.
    source: typeof doc.source === 'object' && doc.source !== null && !Array.isArray(doc.source) ? doc.source : null,
  };
}
