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
};

/** A request that fails (4xx/5xx) costs nothing. */
export function unitsFor(operation: Operation, httpStatus: number): number {
  return httpStatus >= 400 ? 0 : UNIT_COST[operation];
}
