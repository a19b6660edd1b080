import { parse } from 'postgres-array';
import { types, type CustomTypesConfig } from 'pg';

/**
 * Array columns in text format parsed by postgres-array 3 (the parser @prisma/adapter-pg uses):
 * pg's own (pg-types 2 over postgres-array 2) builds an object and a one-character string per
 * character of the value, so the provision search's ranked rows, each with an array of ranks per
 * term, cost the API process more in allocation and garbage collection than its own arithmetic.
 * The values are the same (`parseFloat` of each element, `NULL` as null); every other type is
 * pg's.
 */
const floats = (value: string) => (value ? parse(value, parseFloat) : null);
const strings = (value: string) => (value ? parse(value) : null);
const ARRAY_PARSERS: ReadonlyMap<number, (value: string) => unknown> = new Map<number, (value: string) => unknown>([
  [1021, floats], // float4[]
  [1022, floats], // float8[]
  [1009, strings], // text[]
  [1015, strings], // varchar[]
]);

const pgParser = (oid: number, format?: 'text' | 'binary'): unknown => types.getTypeParser(oid, format);

export const arrayTypes: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    (format !== 'binary' && ARRAY_PARSERS.get(oid)) || pgParser(oid, format)) as CustomTypesConfig['getTypeParser'],
};
