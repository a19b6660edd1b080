import type { z } from 'zod';
import {
  DateSchema,
  DocTypeSchema,
  DocumentRefSchema,
  EffStatusSchema,
  MetaSchema,
  RelationTypeSchema,
  SuccessEnvelopeBaseSchema,
} from './v1/shared';
import {
  AmendmentEffectSchema,
  AmendmentSchema,
  DocumentEnvelopeSchema,
  DocumentSchema,
  EffectivitySchema,
  OutstandingAmendmentSchema,
  RelationSchema,
  TextStatusSchema,
  TextUnavailableSchema,
  VersionSchema,
} from './v1/document-schemas';
import {
  ProvisionBriefSchema,
  ProvisionDaySchema,
  ProvisionDiffSchema,
  ProvisionDiffSideSchema,
  ProvisionEntrySchema,
  ProvisionHistoryEntrySchema,
  ProvisionKindSchema,
  ProvisionLinksSchema,
  ProvisionParseSchema,
  ProvisionSchema,
  WordRunSchema,
} from './v1/provision-schemas';
import { UsageSchema } from './v1/usage';
import { CitationCandidateSchema, CitationCheckSchema, CitationDocumentSchema, CitationSchema, CitationStatusSchema } from './v1/citations';
import { ProvisionSearchResultSchema, SearchFiltersSchema, SearchProvisionSchema, SearchResultSchema } from './v1/search';
import { ChangeFiltersSchema, ChangeKindSchema, ChangeSchema } from './v1/changes';
import {
  WebhookDeliveryAttemptDetailSchema,
  WebhookDeliveryAttemptSchema,
  WebhookDeliveryDetailSchema,
  WebhookDeliveryEventTypeSchema,
  WebhookDeliverySchema,
  WebhookEventPayloadSchema,
  WebhookEventTypeSchema,
  WebhookHeadersSchema,
  WebhookSchema,
  WebhookSecretSchema,
  WebhookTestPayloadSchema,
} from './v1/webhooks';
import {
  X402ChallengeSchema,
  X402PaymentPayloadSchema,
  X402PaymentPayloadV2Schema,
  X402PaymentRequiredV2Schema,
  X402PaymentRequirementsSchema,
  X402PaymentRequirementsV2Schema,
  X402PaymentResponseSchema,
  X402PaymentResponseV2Schema,
} from './x402';

/*
 * The OpenAPI document's schema components, declared in zod beside the routes that answer them
 * and named here, once: `#/components/schemas/<name>`. Wherever a declared route's schema (or
 * another component) uses one, the document says `$ref` to it (openapi-paths.ts); their types,
 * by the same names, are `V1Schemas`.
 */
export const COMPONENTS = {
  Meta: MetaSchema,
  SuccessEnvelopeBase: SuccessEnvelopeBaseSchema,
  DocType: DocTypeSchema,
  EffStatus: EffStatusSchema,
  RelationType: RelationTypeSchema,
  Date: DateSchema,
  DocumentRef: DocumentRefSchema,
  Version: VersionSchema,
  Relation: RelationSchema,
  Effectivity: EffectivitySchema,
  TextUnavailable: TextUnavailableSchema,
  TextStatus: TextStatusSchema,
  AmendmentEffect: AmendmentEffectSchema,
  OutstandingAmendment: OutstandingAmendmentSchema,
  Amendment: AmendmentSchema,
  Document: DocumentSchema,
  DocumentEnvelope: DocumentEnvelopeSchema,
  ProvisionKind: ProvisionKindSchema,
  ProvisionBrief: ProvisionBriefSchema,
  ProvisionEntry: ProvisionEntrySchema,
  Provision: ProvisionSchema,
  ProvisionDay: ProvisionDaySchema,
  ProvisionParse: ProvisionParseSchema,
  ProvisionLinks: ProvisionLinksSchema,
  ProvisionHistoryEntry: ProvisionHistoryEntrySchema,
  WordRun: WordRunSchema,
  ProvisionDiffSide: ProvisionDiffSideSchema,
  ProvisionDiff: ProvisionDiffSchema,
  Usage: UsageSchema,
  CitationStatus: CitationStatusSchema,
  CitationDocument: CitationDocumentSchema,
  CitationCandidate: CitationCandidateSchema,
  Citation: CitationSchema,
  CitationCheck: CitationCheckSchema,
  SearchFilters: SearchFiltersSchema,
  SearchProvision: SearchProvisionSchema,
  SearchResult: SearchResultSchema,
  ProvisionSearchResult: ProvisionSearchResultSchema,
  ChangeKind: ChangeKindSchema,
  ChangeFilters: ChangeFiltersSchema,
  Change: ChangeSchema,
  WebhookEventType: WebhookEventTypeSchema,
  WebhookDeliveryEventType: WebhookDeliveryEventTypeSchema,
  WebhookSecret: WebhookSecretSchema,
  Webhook: WebhookSchema,
  WebhookDeliveryAttempt: WebhookDeliveryAttemptSchema,
  WebhookTestPayload: WebhookTestPayloadSchema,
  WebhookEventPayload: WebhookEventPayloadSchema,
  WebhookDelivery: WebhookDeliverySchema,
  WebhookHeaders: WebhookHeadersSchema,
  WebhookDeliveryAttemptDetail: WebhookDeliveryAttemptDetailSchema,
  WebhookDeliveryDetail: WebhookDeliveryDetailSchema,
  X402PaymentRequirements: X402PaymentRequirementsSchema,
  X402Challenge: X402ChallengeSchema,
  X402PaymentPayload: X402PaymentPayloadSchema,
  X402PaymentResponse: X402PaymentResponseSchema,
  X402PaymentRequirementsV2: X402PaymentRequirementsV2Schema,
  X402PaymentRequiredV2: X402PaymentRequiredV2Schema,
  X402PaymentPayloadV2: X402PaymentPayloadV2Schema,
  X402PaymentResponseV2: X402PaymentResponseV2Schema,
} as const;

/** A schema component's name. */
export type ComponentName = keyof typeof COMPONENTS;

/** The answers' types by component name, as their zod schemas give them (`z.output`). */
export type ComponentTypes = { [K in ComponentName]: z.output<(typeof COMPONENTS)[K]> };

let names: WeakMap<z.ZodType, string> | undefined;

/**
 * The component a schema stands for: itself, or the component it was copied from by `.meta()` or
 * `.describe()` (a use of the component with a description of its own).
 */
export function componentNameOf(schema: z.ZodType): string | undefined {
  names ??= new WeakMap(Object.entries(COMPONENTS).map(([name, s]) => [s as z.ZodType, name]));
  for (let s: z.ZodType | undefined = schema; s; s = s._zod.parent as z.ZodType | undefined) {
    const name = names.get(s);
    if (name) return name;
  }
  return undefined;
}
