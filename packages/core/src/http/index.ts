export * from './request-context';
export * from './respond';
export * from './errors';
export * from './logging';
export * from './trust-proxy';
export * from './security-headers';
export * from './input';
export * from './server';
