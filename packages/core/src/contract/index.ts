export * from './route';
export * from './openapi-paths';
export * from './v1';
export * from './internal';
