/**
 * The version of the instruction grammar and the consolidation engine. Stored rebuilt versions
 * record it, and a sync rebuilds every document whose rebuilt versions an older engine made: raise
 * it whenever the grammar or the engine reads or applies anything differently.
 */
export const CONSOLIDATION_ENGINE_VERSION = 5;
