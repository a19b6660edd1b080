/** Metered operations and their unit cost (decisions.md, "Units, plans, limits"). */
export const OPERATIONS = [
  'search.fulltext',
  'search.hybrid',
  'documents.get',
  'documents.effectivity',
  'documents.relations',
  'changes.list',
  'usage.get',
  'webhooks.manage',
  // #24: provisions, their history and the differences between versions.
  'documents.provisions',
  'documents.provision',
  'documents.provision_history',
  'documents.diff',
] as const;
export type Operation = (typeof OPERATIONS)[number];

export const UNIT_COST: Record<Operation, number> = {
  'search.fulltext': 1,
  'search.hybrid': 2,
  'documents.get': 1,
  'documents.effectivity': 1,
  'documents.relations': 1,
  'changes.list': 1,
  'usage.get': 0,
  'webhooks.manage': 0,
  'documents.provisions': 1,
  'documents.provision': 1,
  'documents.provision_history': 1,
  'documents.diff': 1,
};

/**
 * A request that fails (4xx/5xx) costs nothing, and neither does one that transfers no
 * representation: a HEAD, or a 304 to a conditional GET (issue 27; docs/DECISIONS.md). Both are
 * still counted and rate limited.
 */
export function unitsFor(operation: Operation, httpStatus: number, method = 'GET'): number {
  return httpStatus >= 400 || httpStatus === 304 || method === 'HEAD' ? 0 : UNIT_COST[operation];
}
