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

export const EFF_STATUSES = ['in_force', 'partially_in_force', 'not_yet_in_force', 'no_longer_in_force', 'never_in_force'] as const;
export type EffStatus = (typeof EFF_STATUSES)[number];

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

export const CHANGE_KINDS = ['document.created', 'document.version_added', 'document.status_changed', 'relation.created'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const DOCUMENT_INCLUDES = ['text', 'sections', 'versions', 'relations', 'effectivity'] as const;
export type DocumentInclude = (typeof DOCUMENT_INCLUDES)[number];

export const SEARCH_MODES = ['fulltext', 'hybrid'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];
