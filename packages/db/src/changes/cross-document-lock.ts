import type { RawTx } from '../client';

// Held from the first read of other documents' rows to the commit (the sync's applyDocument, the
// import's importDocument, the amendment effects and rebuilt versions). The search_in_degree
// trigger (migration 20261126020000) takes the same lock: change both together.
const CROSS_DOCUMENT_LOCK = 7268124;

/**
 * Serialises the part of a document's transaction that reads or writes OTHER documents' rows
 * (amendment facts and effects, `amends` edges, `repealed_by`) and its change rows, up to the
 * commit. Two writers may write their own documents at once; of two related documents, the one
 * that takes this lock second sees everything the first wrote (each statement reads what is
 * committed), so no edge is missed because both were written at the same time. Change rows are
 * numbered in commit order as a side effect.
 */
export async function lockCrossDocument(tx: RawTx): Promise<void> {
  await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${CROSS_DOCUMENT_LOCK})`);
}
