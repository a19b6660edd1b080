import { PROVISION_KIND_NAMES } from '@dp/czech-law/provisions/provision-id';
import { z } from 'zod';
import { TEXT_SOURCES } from '../../vocab';
import { AmendmentEffectSchema, TextStatusSchema, TextUnavailableSchema, VersionSchema } from './document-schemas';
import { DateSchema, DocumentRefSchema } from './shared';

/*
 * The schemas the provision reads answer (documents.ts: the table of contents, one provision on a
 * day, its history, the diff between two days). See docs/provisions.md.
 */

export const ProvisionKindSchema = z.enum(PROVISION_KIND_NAMES);

export const ProvisionBriefSchema = z.object({
  id: z.string(),
  kind: ProvisionKindSchema,
  label: z.string().meta({ description: 'As people cite it: `§ 52 odst. 1 písm. g)`, `čl. I`, `Část první`.' }),
  heading: z.string().nullable(),
});

export const ProvisionEntrySchema = z.object({
  id: z.string(),
  kind: ProvisionKindSchema,
  label: z.string(),
  heading: z.string().nullable(),
  parent: z.string().nullable(),
  depth: z.int().min(1),
  start: z.int().meta({ description: "UTF-16 offset in the version's text (document `text` of that version)." }),
  end: z.int().meta({ description: 'Exclusive.' }),
  repealed: z.boolean().meta({ description: 'Its text is only a "zrušeno" stub.' }),
  text_status: TextStatusSchema,
});

export const ProvisionSchema = z.intersection(
  ProvisionEntrySchema,
  z.object({
    text_source: z.enum(TEXT_SOURCES).meta({
      description:
        "`rebuilt`: the version in view was rebuilt by the consolidation engine (#36) and its points changed this provision's wording (see `rebuilt_by`); it is not the source's text nor an official consolidation. `source`: the wording is the source's.",
    }),
    rebuilt_by: z
      .array(AmendmentEffectSchema)
      .meta({ description: 'The instruction points the engine applied to make this wording (amending act, point, effective date).' }),
    text: z.string().nullable().meta({
      description:
        "The provision's text on the day asked; null when its `text_status` is `amended_not_in_source` (the source's older wording is in `source_text`).",
    }),
    source_text: z.union([z.null(), z.object({ as_of: z.string().meta({ format: 'date' }), text: z.string() })]).meta({
      description:
        'For an `amended_not_in_source` provision, the wording the source holds, of its own day (`as_of`), which an amendment in force on the day asked has changed since; null otherwise.',
    }),
    text_page: z
      .object({ offset: z.int(), limit: z.int(), returned_chars: z.int(), total_chars: z.int(), next_offset: z.int().nullable() })
      .nullable(),
    containers: z.array(ProvisionBriefSchema),
    children: z.array(ProvisionBriefSchema),
    footnotes: z.array(ProvisionBriefSchema).meta({
      description:
        "The footnotes (poznámky pod čarou) the provision's text cites by their marks (`^5)`), in the order first cited, those this version holds: each reads at `/provisions/fn_5`.",
    }),
    prev: z.union([z.null(), ProvisionBriefSchema]),
    next: z.union([z.null(), ProvisionBriefSchema]),
  }),
);

export const ProvisionDaySchema = z.object({
  document: DocumentRefSchema,
  as_of: z.string().meta({ format: 'date' }),
  version: z.union([z.null(), VersionSchema]),
  text_available: z.boolean(),
  text_unavailable: z.union([z.null(), TextUnavailableSchema]),
});

export const ProvisionParseSchema = z.object({
  unparsed_count: z.int().meta({ description: '§ / čl. headings of this text that made no provision.' }),
  unparsed: z
    .array(z.object({ offset: z.int(), line: z.string(), reason: z.string() }))
    .meta({ description: 'The first of them (up to 50), with offset, line and why.' }),
  sections_found: z.int(),
  section_headings: z.int(),
});

export const ProvisionLinksSchema = z.object({
  document: z.string(),
  provisions: z.string(),
  self: z.string().optional(),
  history: z.string().optional(),
  e_sbirka: z.string().nullable().meta({ description: 'The document at e-Sbírka on that day, readable without a key.' }).optional(),
});

export const ProvisionHistoryEntrySchema = z.object({
  version: z.int(),
  valid_from: z.string().meta({ format: 'date' }),
  valid_to: DateSchema,
  text_as_of: z.string().meta({ format: 'date' }),
  change: z.enum(['added', 'changed', 'repealed', 'removed']),
  compared_with: z.int().nullable().meta({ description: 'The version compared with (null for the first version with a text).' }),
  amended_by: z.union([z.null(), z.object({ natural_key: z.string(), doc_number: z.string().nullable() })]),
  provision_url: z.string().nullable().meta({ description: 'The provision as this version has it (null when removed).' }),
  e_sbirka: z.string().nullable(),
});

export const WordRunSchema = z.object({ op: z.enum(['insert', 'delete']), text: z.string(), old_offset: z.int(), new_offset: z.int() });

export const ProvisionDiffSideSchema = z.object({
  day: z.string().meta({ format: 'date' }),
  version: z.union([z.null(), VersionSchema]),
  text_available: z.boolean(),
  text_unavailable: z.union([z.null(), TextUnavailableSchema]),
});

export const ProvisionDiffSchema = z.object({
  document: DocumentRefSchema,
  from: ProvisionDiffSideSchema,
  to: ProvisionDiffSideSchema,
  provision: z.string().nullable(),
  summary: z.union([
    z.null(),
    z.object({ added: z.int(), removed: z.int(), repealed: z.int(), changed: z.int().meta({ description: 'Repealed ones included.' }) }),
  ]),
  added: z.array(ProvisionBriefSchema),
  removed: z.array(ProvisionBriefSchema),
  repealed: z.array(ProvisionBriefSchema),
  changed: z.array(
    z.intersection(
      ProvisionBriefSchema,
      z.object({
        repealed: z.boolean(),
        words_complete: z
          .boolean()
          .meta({ description: 'false when the word diff took too long; `words` then deletes the old text and inserts the new.' }),
        words: z.array(WordRunSchema),
      }),
    ),
  ),
  has_more: z.boolean(),
  next_cursor: z.string().nullable(),
  links: ProvisionLinksSchema,
});
