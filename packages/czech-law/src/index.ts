// @dp/czech-law: the Czech legal grammar in one place, pure functions without I/O.
export * from './roman';
export * from './provisions/parse-provisions';
export * from './amendments/types';
export * from './amendments/instruction';
export * from './consolidation/units';
export * from './consolidation/apply';
