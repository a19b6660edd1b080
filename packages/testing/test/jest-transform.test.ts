import { join } from 'node:path';
import { compileFunction } from 'node:vm';

interface Transformer {
  process(source: string, filename: string): { code: string; map: string };
  getCacheKey(source: string, filename: string): string;
}
// The transformer jest.config.js names (plain CommonJS, loaded as jest loads it).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const transformer = require(join(__dirname, '..', 'jest-transform.js')) as Transformer;

const SOURCE = `import type { Config } from './config';
import { helper } from './helper';
export class Counter {
  count = 0;
  constructor(private readonly config: Config) {}
  next(): number {
    return helper(++this.count);
  }
}
export enum Kind { Act = 'act' }
`;

describe("jest's TypeScript transform", () => {
  const file = '/repo/src/counter.ts';
  const out = transformer.process(SOURCE, file);

  it('compiles to CommonJS, type-only imports dropped, value imports kept', () => {
    expect(out.code).not.toMatch(/^\s*import\s/m);
    expect(out.code).not.toContain('./config');
    expect(out.code).toContain('require("./helper")');
  });

  it('runs the output: ES2022 class fields, parameter properties, enums', () => {
    const mod: { exports: Record<string, unknown> } = { exports: {} };
    const required = (name: string) => {
      if (name !== './helper') throw new Error(`unexpected require ${name}`);
      return { helper: (n: number) => n * 10 };
    };
    compileFunction(out.code, ['module', 'exports', 'require'])(mod, mod.exports, required);
    const { Counter, Kind } = mod.exports as {
      Counter: new (config: unknown) => { count: number; next(): number; config: unknown };
      Kind: Record<string, string>;
    };
    const counter = new Counter({ a: 1 });
    expect(Object.keys(counter).sort()).toEqual(['config', 'count']);
    expect(counter.next()).toBe(10);
    expect(counter.config).toEqual({ a: 1 });
    expect(Kind.Act).toBe('act');
  });

  it('gives a source map naming the file, for stack traces', () => {
    const map = JSON.parse(out.map) as { sources: string[]; mappings: string };
    expect(map.sources).toEqual([file]);
    expect(map.mappings.length).toBeGreaterThan(0);
  });

  it('keys its cache by the file and its content', () => {
    const key = transformer.getCacheKey(SOURCE, file);
    expect(transformer.getCacheKey(SOURCE, file)).toBe(key);
    expect(transformer.getCacheKey(`${SOURCE}\n`, file)).not.toBe(key);
    expect(transformer.getCacheKey(SOURCE, '/repo/src/other.ts')).not.toBe(key);
  });

  it('refuses TypeScript it cannot parse with an error naming the file', () => {
    expect(() => transformer.process('export const = 1;', '/repo/src/broken.ts')).toThrow(/broken\.ts/);
  });
});
