// @dp/czech-law: the Czech legal grammar in one place, pure functions without I/O.
export * from './roman';
export * from './provisions/provision-id';
export * from './provisions/parse-provisions';
export * from './citations/collection-citation';
export * from './citations/act-names';
export * from './citations/recognise-citations';
export * from './titles';
export * from './amendments/types';
export * from './amendments/read-amending-act';
export * from './amendments/effective-dates';
export * from './amendments/instruction';
export * from './amendments/targets';
export * from './consolidation/units';
export * from './consolidation/apply';
export * from './consolidation/steps';
export * from './consolidation/version';
export * from './language';
