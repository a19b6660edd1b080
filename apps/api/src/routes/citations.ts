import { Router } from 'express';
import { z } from 'zod';
import { citationCheckUnits, invalidRequest, methodNotAllowed, parseIsoDate, sendSuccess, todayUtc } from '@dp/core';
import type { ApiContext } from '../context';
import { checkCitations } from '../legal/citations/check-citations';
import { chargeUnits } from '../metering/metered';
import { withPrincipal } from '../metering/with-principal';

export const CITATIONS_PATH = '/legal/citations';
/** #26: the longest text a check takes, in UTF-16 code units (the offsets' unit). */
export const MAX_CITATION_TEXT = 64_000;
/**
 * The body parser's byte limit for this route: the longest text with every character escaped as
 * `\uXXXX` (6 bytes each), plus room for `at`. A longer text within it gets the 400 naming `text`.
 */
export const CITATIONS_BODY_LIMIT = MAX_CITATION_TEXT * 6 + 1024;

const body = z.strictObject({
  text: z
    .string({ error: 'is required: the text whose citations to check' })
    .min(1, 'must not be empty')
    .max(MAX_CITATION_TEXT, `must be at most ${MAX_CITATION_TEXT} characters`),
  at: z
    .string({ error: 'must be a date YYYY-MM-DD' })
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && parseIsoDate(v) !== null, 'must be a date YYYY-MM-DD')
    .optional(),
});

function parseBody(raw: unknown): { text: string; at: Date } {
  if (raw === undefined || raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw invalidRequest([{ field: 'body', problem: 'must be a JSON object {"text": "...", "at": "YYYY-MM-DD"}' }]);
  }
  const parsed = body.safeParse(raw);
  if (!parsed.success) {
    throw invalidRequest(
      parsed.error.issues.map((i) =>
        i.code === 'unrecognized_keys'
          ? { field: i.keys.join(', '), problem: 'is not a known field (known: text, at)' }
          : { field: i.path.join('.') || 'body', problem: i.message },
      ),
    );
  }
  return { text: parsed.data.text, at: parsed.data.at ? parseIsoDate(parsed.data.at)! : todayUtc() };
}

/** POST /v1/legal/citations: every citation in a text, checked on a day (#26); units by citations found. */
export function citationsRouter(ctx: ApiContext): Router {
  const router = Router();
  router
    .route(CITATIONS_PATH)
    .post(
      withPrincipal(ctx, 'read', 'citations.check', async (req, res) => {
        const { text, at } = parseBody(req.body);
        const check = await checkCitations(ctx.db, text, at, ctx.config.PUBLIC_BASE_URL);
        chargeUnits(res, citationCheckUnits(check.citations.length));
        sendSuccess(res, check);
      }),
    )
    .all(methodNotAllowed(['POST']));
  return router;
}
