import { z } from 'zod';
import { parseIsoDate } from '../../dates';
import { componentRef, declareRoute } from '../route';

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
  responses: { 200: { description: 'The citations found, in order of position.', data: componentRef('CitationCheck') } },
});
