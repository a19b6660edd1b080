import { z } from 'zod';
import { component } from '../component';

/*
 * Schema components shared by several /v1 answers: the envelope's base, the vocabularies of a
 * document, a day that may be null, a reference to a document. Each is a component of the OpenAPI
 * document (`component`), so every answer refers to it rather than restating it.
 */

export const MetaSchema = component('Meta', z.object({ request_id: z.string() }));

export const SuccessEnvelopeBaseSchema = component(
  'SuccessEnvelopeBase',
  z.object({ success: z.literal(true), data: z.record(z.string(), z.unknown()), meta: MetaSchema }),
);

export const DocTypeSchema = component(
  'DocType',
  z.enum([
    'act',
    'constitutional_act',
    'decree',
    'government_regulation',
    'statutory_measure',
    'communication',
    'measure',
    'resolution',
    'other',
  ]),
);

export const EffStatusSchema = component(
  'EffStatus',
  z.enum(['in_force', 'partially_in_force', 'not_yet_in_force', 'no_longer_in_force', 'never_in_force']),
);

export const RelationTypeSchema = component(
  'RelationType',
  z.enum(['amends', 'amended_by', 'repeals', 'repealed_by', 'cites', 'cited_by']),
);

export const DateSchema = component('Date', z.string().meta({ format: 'date' }).nullable());

export const DocumentRefSchema = component(
  'DocumentRef',
  z.object({ id: z.string(), natural_key: z.string(), doc_number: z.string(), title: z.string().optional() }),
);
