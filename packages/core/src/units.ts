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
  'documents.amendments',
  'citations.check',
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
  'documents.amendments': 1,
  // The least a citation check costs; citationCheckUnits gives the rest once the citations are found.
  'citations.check': 1,
};

/**
 * A request that fails (4xx/5xx) costs nothing, and neither does one that transfers no
 * representation: a HEAD, or a 304 to a conditional GET (issue 27; docs/DECISIONS.md). Both are
 * still counted and rate limited. `counted`: the units the route worked out from its answer (a
 * citation check), in place of the operation's fixed cost.
 */
export function unitsFor(operation: Operation, httpStatus: number, method = 'GET', counted?: number): number {
  return httpStatus >= 400 || httpStatus === 304 || method === 'HEAD' ? 0 : (counted ?? UNIT_COST[operation]);
}

/** #26: 1 unit per request up to 10 citations found, +1 per further 10 (begun). */
export const CITATIONS_PER_UNIT = 10;
export function citationCheckUnits(found: number): number {
  return Math.max(1, Math.ceil(found / CITATIONS_PER_UNIT));
}
