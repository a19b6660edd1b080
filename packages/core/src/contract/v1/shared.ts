import { z } from 'zod';
import { DOC_TYPES, EFF_STATUSES, RELATION_TYPES } from '../../vocab';

/*
 * Schema components shared by several /v1 answers: the envelope's base, the vocabularies of a
 * document, a day that may be null, a reference to a document. Each is a component of the OpenAPI
 * document (`component`), so every answer refers to it rather than restating it.
 */

export const MetaSchema = z.object({ request_id: z.string() });

export const SuccessEnvelopeBaseSchema = z.object({ success: z.literal(true), data: z.record(z.string(), z.unknown()), meta: MetaSchema });

export const DocTypeSchema = z.enum(DOC_TYPES);

export const EffStatusSchema = z.enum(EFF_STATUSES);

export const RelationTypeSchema = z.enum(RELATION_TYPES);

export const DateSchema = z.string().meta({ format: 'date' }).nullable();

export const DocumentRefSchema = z.object({
  id: z.string(),
  natural_key: z.string(),
  doc_number: z.string(),
  title: z.string().optional(),
});
