import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { MAX_CITATION_TEXT } from '@dp/core/contract/v1/citations';
import { CITATIONS_PER_UNIT, UNIT_COST } from '@dp/core/units';
import { CITATION_STATUSES } from '@dp/core/vocab';
import { z } from 'zod';
import type { Upstream } from '../upstream';
import { renderCitationCheck } from '../render/citations';
import { at, failure, READ_ONLY, success } from './shared';

export const LEGAL_VERIFY_CITATIONS = 'legal_verify_citations';
const TITLE = 'Verify the Czech legal citations in a text';
/** The API's limit on `text` (POST /v1/legal/citations), from its declaration. */
const MAX_TEXT = MAX_CITATION_TEXT;

/** The statuses the route's answer declares (core's one vocabulary). */
const STATUSES = CITATION_STATUSES;

const description = [
  'Run this before relying on any Czech legal citation you wrote or were given (a draft, an answer, a filing): it finds every citation in the text and checks it against the Collection of Laws (POST /v1/legal/citations).',
  'It reads "zákon č. 89/2012 Sb.", "89/2012 Sb.", "§ 2079 zákona č. 89/2012 Sb.", "§ 52 písm. g) zákoníku práce", "§ 55 odst. 1 ZP", "čl. 1 odst. 2 Ústavy", lists and ranges ("§§ 52 až 55", "odst. 1 a 2"), the usual abbreviations (OZ, ZP, o. s. ř., tr. ř., ZOK, InsZ, ZDPH, …) and short names in any case, with or without diacritics.',
  `Each citation gets a status: ${STATUSES.join(', ')}. Only "valid" means the act is in force on \`at\` and the cited provision exists then; fix or flag anything else (nearest_provisions and candidates help). "amended_not_in_source": the provision exists, but an amendment in force on \`at\` changed it and the collection has no text with the change (outstanding_effects say which): its wording must be checked at e-Sbírka. A provision with text_source "rebuilt" was checked against wording rebuilt from the amending acts, not an official consolidation.`,
  '`at` is a date YYYY-MM-DD (default: today, UTC): check a citation as of the day the text speaks of.',
  `Costs ${UNIT_COST['citations.check']} unit per ${CITATIONS_PER_UNIT} citations found (at least ${UNIT_COST['citations.check']}). \`text\`: up to ${MAX_TEXT} characters; split a longer text.`,
].join('\n');

const citation = z.looseObject({
  text: z.string(),
  start: z.number(),
  end: z.number(),
  status: z.enum(STATUSES),
  summary: z.string(),
  document: z.looseObject({ id: z.string(), natural_key: z.string(), doc_number: z.string() }).nullable(),
  provision: z.looseObject({ id: z.string(), label: z.string() }).nullable(),
  candidates: z.array(z.looseObject({ natural_key: z.string() })),
  nearest_provisions: z.array(z.looseObject({ id: z.string(), label: z.string() })),
  links: z.looseObject({ document: z.string().nullable(), provision: z.string().nullable(), e_sbirka: z.string().nullable() }),
});

export function registerLegalVerifyCitations(server: McpServer, client: Upstream): void {
  server.registerTool(
    LEGAL_VERIFY_CITATIONS,
    {
      title: TITLE,
      description,
      inputSchema: {
        text: z.string().min(1).max(MAX_TEXT).describe(`The text whose citations to check (1–${MAX_TEXT} characters).`),
        at: at.optional(),
      },
      outputSchema: {
        at: z.string(),
        counts: z.record(z.string(), z.number()),
        citations: z.array(citation),
        request_id: z.string().nullable(),
      },
      annotations: { ...READ_ONLY, title: TITLE },
    },
    async (args, extra) => {
      const res = await client.call(extra.signal, (sdk, init) =>
        sdk.POST('/v1/legal/citations', { body: { text: args.text, at: args.at }, ...init }),
      );
      if (!res.ok) return failure(res.failure);
      return success({ ...res.data, request_id: res.requestId }, renderCitationCheck(res.data, res.requestId));
    },
  );
}
