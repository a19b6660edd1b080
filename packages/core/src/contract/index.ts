export * from './route';
export * from './path-match';
export * from './components';
export * from './filters';
export * from './openapi-paths';
export * from './v1';
export * from './x402';
export * from './internal';
