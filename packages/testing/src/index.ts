export * from './database';
export * from './state';
export * from './tcp-proxy';
export * from './openapi';
export * from './corpus';
export * from './redis-server';
export * from './raw-http';
export * from './fuzz';
