import type { ComponentTypes } from './contract/components';
import type { components, paths } from './generated/v1';

/**
 * The /v1 schemas of the OpenAPI document by component name, as their zod declarations give them
 * (`COMPONENTS`): one source for the api's presenters and every TypeScript client. The error
 * envelope is core's table's (errors.ts), as generated.
 */
export type V1Schemas = ComponentTypes & Pick<components['schemas'], 'ErrorCode' | 'ErrorEnvelope'>;
/** The /v1 operations by path and method, generated from the same document. */
export type V1Paths = paths;
/** The JSON body of a path's GET 200 answer. */
export type V1GetOk<P extends keyof paths> = paths[P] extends { get: { responses: { 200: { content: { 'application/json': infer B } } } } }
  ? B
  : never;
