import { z } from 'zod';
import { AMENDMENT_STATUSES, EFFECT_STATUSES, TEXT_SOURCES } from '../../vocab';
import { DateSchema, DocTypeSchema, EffStatusSchema, RelationTypeSchema, SuccessEnvelopeBaseSchema } from './shared';

/*
 * The schemas the document reads answer (documents.ts): the document, its versions, effectivity
 * and relations, and the amendments (#35) a text lacks or an act brings.
 */

export const VersionSchema = z.object({
  version: z.int(),
  valid_from: z.string().meta({ format: 'date' }),
  valid_from_inferred_from: z.enum(['previous_version_end', 'published', 'effective_from']).nullable().meta({
    description:
      "null when `valid_from` is the source's own date. Where the source's date was not a\ncalendar date (e.g. `0000-00-00`), the importer took the previous version's `valid_to`,\nelse the document's published date, else its effective_from, and names it here.\n",
  }),
  valid_to: DateSchema,
  kind: z.string().meta({ description: 'bootstrap (first consolidation) or reform (an amendment took effect)' }),
  amended_by: z.union([z.null(), z.object({ natural_key: z.string(), doc_number: z.string().nullable() })]),
  text_sha256: z.string().nullable(),
  text_chars: z.int().nullable(),
  text_available: z
    .boolean()
    .meta({ description: 'false where the database holds no text of this version (a hash only, or the source file is missing)' }),
  text_as_of: z.string().meta({
    format: 'date',
    description:
      "The day this version's text represents: its `valid_from` (the source's first text of an\nact is the act as enacted; each later one the text after the amendment of its day).\nAmendments in force since that day which the text lacks are listed by the document read\n(`outstanding_amendments`) and flagged per provision (docs/amendments.md).\n",
  }),
  text_source: z.enum(TEXT_SOURCES).meta({
    description:
      "`source`: the upstream's own text. `rebuilt`: made by applying amending acts' instructions to the previous version (docs/amendments.md).",
  }),
  is_current: z.boolean().optional(),
});

export const RelationSchema = z.object({
  type: RelationTypeSchema,
  direction: z.enum(['outgoing', 'incoming']),
  document: z.object({
    natural_key: z.string(),
    doc_number: z.string().nullable(),
    id: z.string().nullable(),
    title: z.string().nullable(),
    in_corpus: z.boolean(),
  }),
  methods: z.array(z.string()).meta({ description: 'How the edge was derived (source-history, text-pattern, …)' }),
  evidence: z.string().nullable(),
  version_dates: z.array(z.string()),
});

export const EffectivitySchema = z.object({
  at: z.string().meta({ format: 'date' }),
  status: EffStatusSchema,
  source_status: EffStatusSchema,
  effective_from: DateSchema,
  effective_to: DateSchema,
  effective_to_basis: z.enum(['stated', 'inferred']).nullable(),
  effective_to_inferred_from: z.string().nullable().optional(),
  repealed_by: z.array(
    z.object({ natural_key: z.string(), doc_number: z.string().nullable(), id: z.string().nullable(), in_corpus: z.boolean() }),
  ),
  version_in_force: z.union([z.null(), VersionSchema]),
  next_change: z.union([
    z.null(),
    z.object({
      date: z.string().meta({ format: 'date' }),
      kind: z.enum(['entry_into_force', 'new_version', 'end_of_effect']),
      version: z.int().optional(),
    }),
  ]),
});

export const TextUnavailableSchema = z.object({
  reason: z.enum(['not_in_source', 'not_yet_in_force', 'hash_only', 'source_file_missing', 'not_rebuilt']).meta({
    description:
      "`not_in_source`: the version in force that day carries the text of a later day\n(`version.text_as_of`); the source holds no text for the day itself.\n`not_yet_in_force`: published, but no version was in force yet that day.\n`hash_only`: the import kept only the text's hash (`version.text_sha256`).\n`source_file_missing`: the source repository lacks the version's file.\n`not_rebuilt`: `text_source=rebuilt` asked for the engine's rebuild of a version it cannot\nrebuild (the first version with a text, or its amending act's points were not read).\n",
  }),
  message: z.string(),
  source_url: z.string().nullable().meta({
    description:
      "The document's version for that day at e-Sbírka, the official source (`https://e-sbirka.gov.cz/eli/cz/sb/{year}/{number}/{day}`), readable without a key.",
  }),
});

export const TextStatusSchema = z.enum(['current', 'amended_not_in_source', 'not_in_source']).meta({
  description:
    "The status of a provision's text on the day asked. `current`: no known outstanding effect\nreaches it (no known amendment in force since its text's day changes it). `amended_not_in_source`:\nan amendment in force on that day changes it (or a unit around or inside it), and the source\nhas no text with that change: its wording is not given as the day's text (see `source_text`).\n`not_in_source`: the text lacks the provision, which an amendment in force that day makes.\n",
});

export const AmendmentEffectSchema = z.object({
  amending_act: z.object({
    natural_key: z.string().meta({ example: 'sb/2011/365' }),
    doc_number: z.string().nullable().meta({ example: '365/2011 Sb.' }),
    title: z.string().nullable(),
  }),
  point: z.string().nullable().meta({
    description: "The instruction point's number as the act writes it (`75`); null for a lone unnumbered instruction.",
    example: '75',
  }),
  part: z.string().nullable().meta({ description: 'The část of the amending act that holds it (`ČÁST PRVNÍ`).' }),
  article: z.string().nullable().meta({ description: 'Its článek (`Čl. I`).' }),
  effective_from: z
    .string()
    .meta({ format: 'date' })
    .nullable()
    .meta({ description: "The day the point takes effect; null when the act's účinnost could not be read for it." }),
  date_basis: z
    .string()
    .nullable()
    .meta({ description: 'How `effective_from` was found (e.g. `stated`, `relative_to_publication`, `act_effective_date`).' }),
  kinds: z.array(z.string()).meta({
    description:
      'What the point does: `replace_words`, `new_wording`, `insert`, `repeal`, `renumber`, `append`, `footnote`, `heading`, …; empty when it could not be read.',
  }),
  targets: z.array(z.string()).meta({
    description:
      'The provision ids it changes (`par_75`, `par_76/odst_1`, `fn_5` for a footnote, `cast_1/hlava_2`); `*` a replacement "v celém textu" (the units holding its words); `*whole` the whole act, with `!par_132` for each unit a repeal keeps; `par_9..par_20` a range\'s ends (a unit inserted between them since is reached too); `hlava_3` a container named without its část; `^fn_3a` the provisions whose own text cites footnote 3a (a footnote renumbered or repealed with its marks); empty when they could not be read.',
  }),
  instruction: z.string().meta({ description: "The point's own text (its first 2,000 characters)." }),
  instruction_truncated: z.boolean(),
});

export const OutstandingAmendmentSchema = z
  .object({
    natural_key: z.string(),
    doc_number: z.string().nullable(),
    title: z.string().nullable(),
    effective_from: z.array(z.string().meta({ format: 'date' })).meta({ description: 'The dates of its outstanding points.' }),
    points: z.int().meta({ description: 'Its outstanding instruction points for this document (0 when they could not be read).' }),
    effects_known: z
      .boolean()
      .meta({ description: 'false: the act is known to amend the document, but what it changes could not be read.' }),
    e_sbirka: z.string().nullable().meta({ description: 'The document at e-Sbírka on the day asked, the official consolidated text.' }),
  })
  .meta({ description: 'An amending act in force on the day asked whose changes the text shown lacks.' });

export const AmendmentSchema = z.object({
  amending_act: z.object({
    natural_key: z.string(),
    doc_number: z.string().nullable(),
    title: z.string().nullable(),
    id: z.string().nullable(),
    in_corpus: z.boolean(),
  }),
  methods: z.array(z.string()).meta({
    description:
      'How the amendment is known: `source-text` (a part of the amending act amends this act), `source-history` (a version of the source names it), `source-metadata` (the front matter lists it).',
  }),
  status: z.enum(AMENDMENT_STATUSES).meta({
    description:
      "`applied`: the source holds a text of this document dated on or after each of its points'\neffective dates. `rebuilt`: the source does not, and the consolidation engine applied\nevery point in a rebuilt version (`text_source: rebuilt`, #36). `unapplied`: none of its\npoints in force is reflected by a text. `partly_applied`: some are. `scheduled`: it takes\neffect after the day asked. `undated`: its effective date is unknown.\n",
  }),
  effective_from: z.array(z.string().meta({ format: 'date' })),
  effects: z.array(z.intersection(AmendmentEffectSchema, z.object({ status: z.enum(EFFECT_STATUSES) }))),
});

export const DocumentSchema = z.object({
  id: z.string(),
  natural_key: z.string().meta({ example: 'sb/2012/89' }),
  doc_number: z.string().meta({ example: '89/2012 Sb.' }),
  eli: z.string().nullable().optional(),
  title: z.string(),
  citation: z.string().nullable().optional(),
  doc_type: DocTypeSchema,
  is_amending_act: z.boolean().optional(),
  language: z.string().optional(),
  text_format: z.string().optional(),
  status: EffStatusSchema,
  as_of: z.string().meta({ format: 'date', description: 'The day the document is shown as of (at, or today)' }),
  dates: z.object({
    published: DateSchema.optional(),
    effective_from: DateSchema.optional(),
    effective_to: DateSchema.optional(),
    inferred_effective_to: DateSchema.optional(),
    current_version_from: DateSchema.meta({
      description: 'The `valid_from` of the current version (the newest the source lists).',
    }).optional(),
    last_updated: DateSchema.optional(),
  }),
  repealed_by: z.array(z.string()).optional(),
  source: z.record(z.string(), z.unknown()).nullable().optional(),
  version: z.union([z.null(), VersionSchema]),
  version_count: z.int(),
  text_current: z.boolean().meta({
    description:
      "false when an amendment in force on `as_of` changes the document and the text shown\n(the version's, of `version.text_as_of`) lacks that change: see `outstanding_amendments`\nand, per provision, `text_status` (docs/amendments.md).\n",
  }),
  rebuild: z
    .object({
      points: z.array(
        z.object({ amending_act: z.string(), point: z.string().nullable(), applied: z.boolean(), reason: z.string().nullable() }),
      ),
      applied: z.int(),
      not_applied: z.int(),
    })
    .meta({
      description: "With `text_source=rebuilt` on a source version, what the engine did to rebuild it from the previous version's text.",
    })
    .optional(),
  outstanding_amendments: z
    .array(OutstandingAmendmentSchema)
    .meta({ description: 'The amending acts in force on `as_of` whose changes the text shown lacks, oldest first.' }),
  text_available: z.boolean().meta({
    description:
      "Whether a text of this document as of `as_of` can be shown (with `at`: the text in force\nthat very day; without: the current version's text). `include=text` then returns it.\n",
  }),
  text_unavailable: z
    .union([z.null(), TextUnavailableSchema])
    .meta({ description: 'Why no text can be shown for `as_of` (null when `text_available`).' }),
  links: z.object({ self: z.string(), effectivity: z.string(), relations: z.string() }),
  text: z.string().nullable().optional(),
  text_unavailable_reason: z.string().optional(),
  text_page: z
    .object({ offset: z.int(), limit: z.int(), returned_chars: z.int(), total_chars: z.int(), next_offset: z.int().nullable() })
    .optional(),
  sections: z
    .array(z.object({ level: z.int(), label: z.string(), offset: z.int() }))
    .nullable()
    .optional(),
  versions: z.array(VersionSchema).optional(),
  relations: z.object({ edges: z.array(RelationSchema), has_more: z.boolean(), more: z.string().optional() }).optional(),
  effectivity: EffectivitySchema.optional(),
});

export const DocumentEnvelopeSchema = z.intersection(SuccessEnvelopeBaseSchema, z.object({ data: z.object({ document: DocumentSchema }) }));
