export * from './constants';
export * from './reasons';
export * from './types';
export * from './eip712';
export * from './requirements';
export * from './header';
