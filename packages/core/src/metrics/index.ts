export * from './metrics';
export * from './operations-routes';
export * from './route-template';
export * from './operations-server';
export * from './operations-paths';
