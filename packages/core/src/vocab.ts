/** Vocabularies of the legal data, as the corpus uses them. */
export const DOC_TYPES = [
  'act',
  'constitutional_act',
  'decree',
  'government_regulation',
  'statutory_measure',
  'communication',
  'measure',
  'resolution',
  'other',
] as const;
export type DocType = (typeof DOC_TYPES)[number];

/** A stored doc_type (a string column, filled from the corpus) as the vocabulary the answers declare: `other` outside it. */
export const docTypeOf = (stored: string): DocType => DOC_TYPES.find((t) => t === stored) ?? 'other';

export const EFF_STATUSES = ['in_force', 'partially_in_force', 'not_yet_in_force', 'no_longer_in_force', 'never_in_force'] as const;
export type EffStatus = (typeof EFF_STATUSES)[number];

/**
 * Whether an amending act's point is reflected in a document's texts on a day (#35, #36): by a
 * source text (`applied`), by a rebuilt version (`rebuilt`), by none (`unapplied`), not yet in
 * effect (`scheduled`), or of an unknown day (`undated`).
 */
export const EFFECT_STATUSES = ['applied', 'rebuilt', 'unapplied', 'scheduled', 'undated'] as const;
export type EffectStatus = (typeof EFFECT_STATUSES)[number];
/** An amending act's status: its points', `partly_applied` where some in effect are reflected and some not. */
export const AMENDMENT_STATUSES = ['applied', 'rebuilt', 'partly_applied', 'unapplied', 'scheduled', 'undated'] as const;
export type AmendmentStatus = (typeof AMENDMENT_STATUSES)[number];

/** Whose wording a text is: the source's, or rebuilt from the amending acts by the consolidation engine (#36). */
export const TEXT_SOURCES = ['source', 'rebuilt'] as const;
export type TextSource = (typeof TEXT_SOURCES)[number];

/** What the citation check (#26) says of one citation: the answer's `status`, the MCP tool's list. */
export const CITATION_STATUSES = [
  'valid',
  'amended_not_in_source',
  'not_in_force',
  'provision_not_found',
  'document_not_found',
  'ambiguous',
  'unverified',
] as const;
export type CitationStatus = (typeof CITATION_STATUSES)[number];

/** Stored edges are amends / repeals / cites; the inverse names are how the target sees them. */
export const STORED_RELATION_TYPES = ['amends', 'repeals', 'cites'] as const;
export type StoredRelationType = (typeof STORED_RELATION_TYPES)[number];
export const RELATION_TYPES = ['amends', 'amended_by', 'repeals', 'repealed_by', 'cites', 'cited_by'] as const;
export type RelationType = (typeof RELATION_TYPES)[number];
export const INVERSE_RELATION: Record<StoredRelationType, RelationType> = {
  amends: 'amended_by',
  repeals: 'repealed_by',
  cites: 'cited_by',
};

export const RELATION_DIRECTIONS = ['outgoing', 'incoming', 'both'] as const;
export type RelationDirection = (typeof RELATION_DIRECTIONS)[number];

export const CHANGE_KINDS = [
  'document.created',
  'document.version_added',
  'document.status_changed',
  'document.updated',
  'relation.created',
  'document.amendment_known',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/**
 * The event a webhook's owner sends on request (portal button, POST /v1/webhooks/{id}/test) to
 * check an endpoint. Never subscribed to: every webhook can receive it, only on request.
 */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
/** Every event type a webhook delivery can carry: the change kinds, then the test event. */
export const WEBHOOK_EVENT_TYPES = [...CHANGE_KINDS, WEBHOOK_TEST_EVENT] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const DOCUMENT_INCLUDES = ['text', 'sections', 'versions', 'relations', 'effectivity'] as const;
export type DocumentInclude = (typeof DOCUMENT_INCLUDES)[number];

export const SEARCH_MODES = ['fulltext', 'hybrid'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];
/** What a search answers (#37): documents, or the provisions that may answer the query. */
export const SEARCH_GRANULARITIES = ['document', 'provision'] as const;
export type SearchGranularity = (typeof SEARCH_GRANULARITIES)[number];
/** The rankings a search answer names as having contributed (`meta.signals`). */
export const SEARCH_SIGNALS = ['citation', 'lexical', 'trigram', 'vector', 'related'] as const;
export type SearchSignal = (typeof SEARCH_SIGNALS)[number];
