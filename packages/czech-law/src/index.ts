// @dp/czech-law: the Czech legal grammar in one place, pure functions without I/O.
export * from './roman';
export * from './provisions/parse-provisions';
