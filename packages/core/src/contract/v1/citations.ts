import { z } from 'zod';
import { parseIsoDate } from '../../dates';
import { declareRoute } from '../route';
import { CITATION_STATUSES, TEXT_SOURCES } from '../../vocab';
import { EffStatusSchema } from './shared';
import { AmendmentEffectSchema, TextStatusSchema } from './document-schemas';

export const CitationStatusSchema = z.enum(CITATION_STATUSES).meta({
  description:
    '`amended_not_in_source` (#35): the act and the provision are in force on `at`, but an\namendment in force then changed the provision (or makes it) and the collection has no text\nwith that change (`outstanding_effects`): the citation names a real provision whose wording\nthe collection does not hold for that day.\n',
});

export const CitationDocumentSchema = z.strictObject({
  id: z.string(),
  natural_key: z.string(),
  doc_number: z.string(),
  title: z.string(),
  doc_type: z.string(),
});

export const CitationCandidateSchema = z.strictObject({
  id: z.string(),
  natural_key: z.string(),
  doc_number: z.string(),
  title: z.string(),
  doc_type: z.string(),
  status: EffStatusSchema,
});

export const CitationSchema = z.strictObject({
  text: z.string().meta({ description: 'The citation as written (the whole expression of a list or range).' }),
  start: z.int().min(0).meta({ description: 'UTF-16 offset of its first character.' }),
  end: z.int().min(0).meta({ description: 'UTF-16 offset just past its last character.' }),
  status: CitationStatusSchema,
  summary: z.string().meta({ description: 'One line saying what was found, for a person or a model to act on.' }),
  cited_as: z.enum(['number', 'abbreviation', 'name', 'back_reference']).meta({ description: 'How the act was named.' }),
  document: z
    .union([CitationDocumentSchema, z.null()])
    .meta({ description: 'The act the citation means on `at`; null when not found or ambiguous.' }),
  provision: z
    .union([
      z.null(),
      z.strictObject({
        id: z.string().meta({ examples: ['par_52/odst_1/pism_g'] }),
        label: z.string().meta({ examples: ['§ 52 odst. 1 písm. g)'] }),
        exists: z.boolean().nullable().meta({ description: 'Whether it exists (not only as "zrušeno") on `at`; null when not checked.' }),
        repealed: z.boolean().meta({ description: 'Its text on `at` is only "zrušeno".' }),
        text_status: TextStatusSchema.optional(),
        text_source: z
          .enum(TEXT_SOURCES)
          .meta({
            description:
              "`rebuilt`: the wording checked is the consolidation engine's rebuild from the amending acts (#36), not the source's text.",
          })
          .optional(),
      }),
    ])
    .meta({ description: 'The cited provision (ids as the provisions endpoint makes them), or null when the act is cited as a whole.' }),
  outstanding_effects: z.array(AmendmentEffectSchema).meta({
    description:
      "For `amended_not_in_source`, the amendments' points in force on `at` that changed the provision and that the collection's text lacks.",
  }),
  effectivity: z
    .union([
      z.null(),
      z.strictObject({
        status: EffStatusSchema,
        effective_from: z.string().meta({ format: 'date' }).nullable(),
        effective_to: z.string().meta({ format: 'date' }).nullable(),
      }),
    ])
    .meta({ description: "The act's effectivity on `at`; null when no act was chosen." }),
  candidates: z
    .array(CitationCandidateSchema)
    .meta({ description: 'The acts an `ambiguous` citation may mean, with their status on `at`.' }),
  nearest_provisions: z
    .array(z.strictObject({ id: z.string(), label: z.string() }))
    .meta({ description: 'For `provision_not_found`, existing provisions next to the cited one.' }),
  text_unavailable: z
    .union([z.null(), z.strictObject({ reason: z.string(), message: z.string(), source_url: z.string().nullable() })])
    .meta({ description: 'For `unverified`, why the provision could not be checked.' }),
  links: z.strictObject({
    document: z.string().nullable().meta({ description: 'The document endpoint.' }),
    provision: z.string().nullable().meta({ description: 'The provision endpoint, /v1/legal/documents/{id}/provisions/{provision}.' }),
    e_sbirka: z.string().nullable().meta({ description: "The act's version on `at` at e-Sbírka, the official source." }),
  }),
});

export const CitationCheckSchema = z.strictObject({
  at: z.string().meta({ format: 'date' }),
  counts: z
    .strictObject({
      valid: z.int().min(0),
      amended_not_in_source: z.int().min(0),
      not_in_force: z.int().min(0),
      provision_not_found: z.int().min(0),
      document_not_found: z.int().min(0),
      ambiguous: z.int().min(0),
      unverified: z.int().min(0),
    })
    .meta({ description: 'How many citations have each status.' }),
  citations: z.array(CitationSchema),
});

/** #26: the longest text a check takes, in UTF-16 code units (the offsets' unit). */
export const MAX_CITATION_TEXT = 64_000;
/**
 * The body parser's byte limit for this route: the longest text with every character escaped as
 * `\uXXXX` (6 bytes each), plus room for `at`. A longer text within it gets the 400 naming `text`.
 */
export const CITATIONS_BODY_LIMIT = MAX_CITATION_TEXT * 6 + 1024;

/** POST /v1/legal/citations: every citation in a text, checked on a day; units by citations found. */
export const checkCitationsRoute = declareRoute({
  method: 'post',
  path: '/v1/legal/citations',
  operationId: 'checkCitations',
  summary: 'Find and verify every legal citation in a text',
  tags: ['citations'],
  scope: 'read',
  operation: 'citations.check',
  bodyLimit: CITATIONS_BODY_LIMIT,
  body: z
    .strictObject({
      text: z
        .string({ error: 'is required: the text whose citations to check' })
        .min(1, 'must not be empty')
        .max(MAX_CITATION_TEXT, `must be at most ${MAX_CITATION_TEXT} characters`)
        .describe('The text to check (1–64,000 UTF-16 code units).'),
      at: z
        .string({ error: 'must be a date YYYY-MM-DD' })
        .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && parseIsoDate(v) !== null, 'must be a date YYYY-MM-DD')
        .meta({ format: 'date', description: 'The day to check on (default: today, UTC).' })
        .optional(),
    })
    .meta({ description: 'A text and the day to check its citations on.' }),
  responses: { 200: { description: 'The citations found, in order of position.', data: CitationCheckSchema } },
});
