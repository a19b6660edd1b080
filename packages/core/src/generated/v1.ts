// Generated from the OpenAPI document (docs/openapi*.yaml + packages/core/src/contract) by
// `pnpm generate:api-types`; do not edit. packages/core/test/v1-types.test.ts fails when it is stale.
export interface paths {
  '/v1/legal/changes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The changes feed
     * @description Changes in a fixed order; follow `next_cursor` (pass it as `since`) to see every change
     *     exactly once, also while an import is writing new ones: changes of transactions still
     *     open are held back until they commit, and then appear after the cursor. `next_cursor` is
     *     always returned (an empty page returns the position it started from): poll with it.
     *     1 unit per page.
     */
    get: operations['listChanges'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/legal/citations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Find and verify every legal citation in a text
     * @description Finds the citations in `text` (numbered acts such as `zákon č. 89/2012 Sb.` or `89/2012 Sb.`,
     *     provisions before an act such as `§ 52 písm. g) zákoníku práce` or `čl. 1 odst. 2 Ústavy`,
     *     lists and ranges `§§ 52 až 55`, `odst. 1 a 2`, the usual abbreviations and short names in
     *     any grammatical case, with or without diacritics, and `téhož zákona` / `citovaného zákona`
     *     referring back) and checks each on `at` (default: today, UTC).
     *
     *     Each citation has a `status`:
     *     - `valid`: the act exists and is in force on `at`, and the cited provision (if any) exists in
     *       the version in force then;
     *     - `not_in_force`: the act exists but is not in force on `at` (`effectivity` gives the dates);
     *     - `provision_not_found`: the act is in force but the provision does not exist on `at`, or
     *       its text is only "zrušeno" (`nearest_provisions` lists existing neighbours);
     *     - `document_not_found`: no act with that number in the collection;
     *     - `ambiguous`: a name or back reference that means several acts (`candidates`);
     *     - `unverified`: the act is in force, but the source holds no text of that day, so the
     *       provision cannot be checked (`text_unavailable` says why and links the official text).
     *
     *     A list or range (`§ 52 a 53 ZP`, `§§ 52 až 55`) gives one entry per provision (the ends of
     *     a range), each with the span of the whole expression. Offsets are UTF-16 code units, as the
     *     document endpoint's `text_offset`.
     *
     *     Costs 1 unit up to 10 citations found, +1 per further 10 begun (a text with none costs 1);
     *     needs the `read` scope. `text` is 1–64,000 characters; a longer one, a missing one, an `at`
     *     that is not a date or an unknown field is a 400 naming the field; a body that is not JSON is
     *     a 400 (or 415 without `Content-Type: application/json`).
     */
    post: operations['checkCitations'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/legal/documents/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A document, as it stood on a date
     * @description `{id}` is the document id (`SB-2012-89`), its natural key (`sb/2012/89`), its ELI
     *     (`/eli/cz/sb/2012/89`) or its doc number (`89/2012 Sb.`), URL-encoded or not; all four
     *     name the same document. Costs 1 unit. With `at`, the document is shown in the version whose
     *     `valid_from <= at < valid_to`. A date after publication but before its first version
     *     shows the document with `version: null` and its status that day (`not_yet_in_force`); a
     *     date before publication gives 404 with `details.reason = "not_yet_published"`. The text
     *     shown is always the text of the day asked: where the version in force carries a text of
     *     a later day (`version.text_as_of`), or the database holds none, `text` is null and
     *     `text_available: false` with `text_unavailable` (reason, message, the e-Sbírka address of
     *     that day). Text is paged with `text_offset`/`text_limit`
     *     (character offsets); follow `text_page.next_offset`.
     */
    get: operations['getDocument'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/legal/documents/{id}/amendments': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Every act known to amend a document, with its effects and whether the source applied them
     * @description Costs 1 unit per page. Every act of the collection known to amend the document (from the
     *     amending acts' own texts, their parts for this act in omnibus acts, and the source's history and
     *     front matter), each with its effective dates, its instruction points for this act (kind, targeted
     *     provisions, the instruction's text, the date each takes effect) and its status on the day asked:
     *     `applied` (a text of the source dated on or after its effect reflects it), `rebuilt` (a text rebuilt
     *     from its instructions does, labelled so), `partly_applied`, `unapplied` (no text reflects it: the
     *     provisions it targets are `amended_not_in_source`), `scheduled` (in force after the day) or
     *     `undated`. `source_text_as_of` is the day the source's own newest text represents. Filter by
     *     `status`; page with `limit` and `cursor`.
     */
    get: operations['listAmendments'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/legal/documents/{id}/diff': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What changed between the versions in force on two days
     * @description Costs 1 unit. Compares the versions in force on `from` and `to`, per § / čl. / příloha (or
     *     only `provision`): provisions added, removed, repealed and changed, each changed one with
     *     its word-level runs (`words`: inserted and deleted text with offsets into the provision's
     *     old and new text; jsdiff's word diff). Changed provisions are paged (`limit`,
     *     `next_cursor`). `format=unified` answers `text/plain`: a unified diff per provision.
     *     Either day before its version's `text_as_of` (or a version without a text) gives no
     *     difference but says so on that side (`text_available: false`, `text_unavailable`), in
     *     JSON whatever the format.
     */
    get: operations['diffDocument'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/legal/documents/{id}/effectivity': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Whether a document is in force on a date, and why
     * @description Costs 1 unit. `at` defaults to today (UTC).
     */
    get: operations['getEffectivity'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/legal/documents/{id}/provisions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The table of contents of a document on a day
     * @description Costs 1 unit. Every provision of the version in force on `at` (default: the current
     *     version), in document order: containers (část, hlava, díl, oddíl, pododdíl), přílohy,
     *     §§ and čl. with their odstavce, písmena and body; ids, labels, headings, nesting and
     *     character ranges in that version's text. Paged: follow `next_cursor` while `has_more`.
     *     A day before the version's `text_as_of` (or a version without a text) has no structure
     *     either: `text_available: false`, `text_unavailable` and an empty list. `parse` says what
     *     the parser could not structure (§ / čl. headings that made no provision).
     */
    get: operations['listProvisions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/legal/documents/{id}/provisions/{provision}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One provision on a day, with its text
     * @description Costs 1 unit. `{provision}` is a provision id at any depth — `par_52`, `par_52/odst_1/pism_g`,
     *     `cl_1`, `priloha_1`, `cast_1/hlava_2` — its slashes written as they are or as `%2F`. The
     *     provision in the version in force on `at` (default: the current version): its text (sliced
     *     from that version's text, paged like a document's with `text_offset`/`text_limit`), its
     *     containers (outermost first), its children, the previous and next provision of its rank
     *     (§ to §, odstavec to odstavec) and links to its history and to e-Sbírka. A day before the
     *     version's `text_as_of` gets no text: `provision: null`, `text_available: false` and the
     *     e-Sbírka address of that day. An id the version lacks is a 404 whose `details.nearest`
     *     names the nearest existing provisions.
     */
    get: operations['getProvision'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/legal/documents/{id}/provisions/{provision}/history': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Every version that added, changed, repealed or removed a provision
     * @description Costs 1 unit. The versions in which the provision's text was added (the first version
     *     with a text counts as adding what it holds), changed (anything inside it: a changed
     *     písmeno changes its odstavec and §), repealed (now only a "zrušeno" stub) or removed,
     *     oldest first, with dates, the day each text represents, the amending act, and the
     *     version it was compared with (`compared_with`: the previous version with a text; versions
     *     without one are listed in `versions_without_text`). An id no version has is a 404 naming
     *     the nearest existing ones.
     */
    get: operations['getProvisionHistory'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/legal/documents/{id}/relations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Relations of a document, from both ends
     * @description Costs 1 unit. Stored edges are `amends`, `repeals`, `cites`; the other end sees them as
     *     `amended_by`, `repealed_by`, `cited_by`. A target outside the corpus is still returned,
     *     with `in_corpus: false`. Paginated: follow `next_cursor`.
     */
    get: operations['getRelations'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/legal/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Search legal documents (Czech-aware)
     * @description Czech-aware search: queries match with or without diacritics ("obcansky zakonik") and in
     *     inflected forms ("zákoníku", "spotřebitelů"). A citation in `q` (`89/2012`, `89/2012 Sb.`,
     *     `zákon č. 89/2012 Sb.`) puts the cited document first.
     *
     *     - `fulltext` (1 unit): lexical ranking; terms are ANDed, or ORed when no document has them all.
     *     - `hybrid` (2 units): reciprocal rank fusion (k = 60) of the lexical ranking, an independent
     *       trigram (fuzzy, typo-tolerant) ranking of titles and, when an embeddings provider is
     *       configured, vector similarity. `meta.signals` lists the signals fused.
     *
     *     `snippet` is cut from the document text where the query matches; matched words are marked
     *     with `«` and `»` (plain text, no HTML). Failed requests cost nothing.
     */
    get: operations['searchDocuments'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * This document
     * @description Needs no key, costs nothing and is not counted in usage; the rate limit still applies. The
     *     document as this deployment serves it: `servers` names this deployment.
     */
    get: operations['getOpenApi'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/usage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Usage of the organization in the current period
     * @description Needs the `manage` scope. Costs 0 units. The period is the calendar month (UTC).
     */
    get: operations['getUsage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's webhooks
     * @description Needs the `manage` scope. Costs 0 units. At most 20 per organization, oldest first; not paginated.
     */
    get: operations['listWebhooks'];
    put?: never;
    /**
     * Create a webhook (its signing secret is shown once)
     * @description Needs the `manage` scope. Costs 0 units. The response carries the signing secret
     *     (`whsec_…`) once; it cannot be read again. Keep it to verify deliveries.
     *
     *     `url` must be an absolute https URL to a public host, at most 2048 characters, without
     *     credentials. Literal private, loopback, link-local, shared (100.64.0.0/10) and metadata
     *     addresses (IPv6 forms that carry one included) are refused here, in every mode, unless
     *     the deployment sets `WEBHOOK_ALLOW_PRIVATE_TARGETS=true` for local receivers (then http to
     *     a loopback host such as `http://127.0.0.1:8080/hook` is accepted too); host names are resolved and checked again on every
     *     delivery, on the address actually connected to. `events` is a non-empty subset of the
     *     change kinds. Unknown body fields are refused. An organization has at most 20 webhooks.
     *     Errors name every bad field in `details.errors`.
     */
    post: operations['createWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One webhook
     * @description Needs the `manage` scope. Costs 0 units. Another organization's webhook is 404 `not_found`.
     */
    get: operations['getWebhook'];
    put?: never;
    post?: never;
    /**
     * Delete a webhook
     * @description Needs the `manage` scope. Costs 0 units. Answers 204 with no body. The webhook, its
     *     pending deliveries and its delivery log are removed; nothing more is sent to it (an
     *     attempt already under way at that instant may still complete). Deleting again is 404.
     */
    delete: operations['deleteWebhook'];
    options?: never;
    head?: never;
    /**
     * Edit a webhook, disable or re-enable it
     * @description Needs the `manage` scope. Costs 0 units. Send any of `url`, `events`, `description`,
     *     `enabled`; absent fields stay as they are. `url` and `events` are checked exactly as on
     *     creation (the same URL policy). `enabled: true` re-enables a disabled webhook: its failure
     *     count is reset and its pending deliveries become due now, so they resume in order at once.
     *     `enabled: false` stops deliveries (pending ones wait). A new URL applies to pending
     *     deliveries too; new events apply to changes written from now on.
     */
    patch: operations['updateWebhook'];
    trace?: never;
  };
  '/v1/webhooks/{id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The delivery log of a webhook
     * @description Needs the `manage` scope. Costs 0 units. Newest first (by the change announced), each
     *     delivery with every attempt made: when it started, how long it took, the HTTP status
     *     (null when no response came) and the error. Paginated: pass `next_cursor` as `cursor`.
     */
    get: operations['listWebhookDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/{id}/deliveries/{deliveryId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One delivery in full
     * @description Needs the `manage` scope. Costs 0 units. The delivery with every attempt in full: the
     *     request as sent (headers, the signature included, and body; never the secret), the
     *     answer's status and headers and the first 4096 bytes of its body (`body_truncated` says
     *     when there was more), the duration, and the delivery's next attempt.
     */
    get: operations['getWebhookDelivery'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/{id}/deliveries/{deliveryId}/replay': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Replay a delivery
     * @description Needs the `manage` scope. Costs 0 units. No body. Sends the delivery's event again as a new
     *     delivery (its own `webhook-id`, `replay_of` naming the original, the same `data`); the
     *     original stays as it was. Any delivery can be replayed, whatever its status. It is sent at
     *     once, not after older pending deliveries of this endpoint waiting for a retry. A disabled
     *     webhook is 409 `conflict`: re-enable it first.
     */
    post: operations['replayWebhookDelivery'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/{id}/rotate-secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Rotate the signing secret (the new one is shown once)
     * @description Needs the `manage` scope. Costs 0 units. No body. Generates a new signing secret, returned
     *     this once. For 24 hours (`webhook.previous_secret_expires_at`) every delivery carries two
     *     signatures in `webhook-signature` (`v1,<new> v1,<old>`), so a receiver holding either
     *     secret verifies; then only the new one signs. Rotating again within those 24 hours retires
     *     the older secret at once.
     */
    post: operations['rotateWebhookSecret'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/{id}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a test event
     * @description Needs the `manage` scope. Costs 0 units. No body. Queues a `webhook.test` event for this
     *     webhook: the worker signs and sends it like any other delivery, but at once (not after an
     *     older pending delivery of this endpoint waiting for a retry), and it appears in the delivery log. Its
     *     `data` is `{id, kind: "webhook.test", webhook_id, at, message}`. A disabled webhook is
     *     409 `conflict`: re-enable it first.
     */
    post: operations['sendWebhookTestEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/x402/legal/documents/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A document, paid per call with x402 (no API key)
     * @description Mirrors `GET /v1/legal/documents/{id}` without an API key; each call costs 0.002 USD
     *     (2000 atomic units of USDC, 6 decimals) paid through the x402 protocol. Off unless
     *     `X402_ENABLED` is set (then every `/x402` path answers 404 `not_found`).
     *
     *     1. Without `X-PAYMENT`, the answer is 402 with a challenge: `accepts` holds one payment
     *        requirement (`scheme` exact, `network` base-sepolia, `resource` = the URL requested).
     *     2. The client signs an EIP-3009 `TransferWithAuthorization` for that entry (EIP-712
     *        domain `{name: "USDC", version: "2", chainId: 84532, verifyingContract: asset}`) and
     *        repeats the request with `X-PAYMENT: base64(JSON payment payload)`. The authorization's
     *        `value` must equal `maxAmountRequired`: the pilot charges exactly its price, so a larger
     *        authorization is refused (`invalid_exact_evm_payload_authorization_value`), never settled.
     *     3. The server verifies the payment with the facilitator, applies the per-payer limit
     *        (10/min), checks the document exists (404 is never charged), settles within the
     *        global daily cap and answers 200 with the document and `X-PAYMENT-RESPONSE`.
     *
     *     Presenting the same payment again for the same URL answers 200 with `replay: true` and
     *     no new charge; for another URL it is refused (`invalid_payment`, reason
     *     `nonce_already_used`). A refused or undecodable `X-PAYMENT` answers 402 with the
     *     challenge body, `error.code = invalid_payment` and `error.details.reason` = the x402
     *     reason string; after 20 refused payments in a minute from one client IP, payments from
     *     it are refused with 429 until `Retry-After`, before decoding. When the day's cap (UTC) is reached, the challenge (with or without a payment) comes back with
     *     `error.code = payment_required`, `details.reason = daily_cap_reached` and `Retry-After` (seconds to the next UTC day).
     *     A settled payment presented again for the same URL is a replay even after its `validBefore`;
     *     an authorization valid for longer than `maxTimeoutSeconds` plus the allowed clock skew (`X402_CLOCK_SKEW_SECONDS`) is refused (`authorization_validity_too_long`).
     *     Gateway traffic never appears in `GET /v1/usage`.
     *
     *     **x402 v2** works beside v1 on the same endpoint, for the same price: every 402 also
     *     carries the v2 challenge in the `PAYMENT-REQUIRED` header (`X402PaymentRequiredV2`:
     *     `amount`, network `eip155:84532`); a v2 client pays with `PAYMENT-SIGNATURE`
     *     (`X402PaymentPayloadV2`, the same EIP-3009 authorization and EIP-712 domain) and gets
     *     `PAYMENT-RESPONSE` (`X402PaymentResponseV2`). A request with both headers is paid with
     *     `PAYMENT-SIGNATURE`. Replay memory (nonces), the per-payer limit, the daily cap and the
     *     per-IP refused-payment budget are shared by both versions; a nonce settled in one version
     *     is refused in the other (`nonce_already_used`). v2 refusals name the reason as
     *     `@x402/evm` does (e.g. `invalid_exact_evm_signature`), in `details.reason` and in the
     *     `error` of the `PAYMENT-REQUIRED` header.
     */
    get: operations['getDocumentPaid'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    Amendment: {
      amending_act: {
        doc_number: string | null;
        id: string | null;
        in_corpus: boolean;
        natural_key: string;
        title: string | null;
      };
      effective_from: string[];
      effects: (components['schemas']['AmendmentEffect'] & {
        /** @enum {string} */
        status: 'applied' | 'rebuilt' | 'unapplied' | 'scheduled' | 'undated';
      })[];
      /** @description How the amendment is known: `source-text` (a part of the amending act amends this act), `source-history` (a version of the source names it), `source-metadata` (the front matter lists it). */
      methods: string[];
      /**
       * @description `applied`: the source holds a text of this document dated on or after each of its points'
       *     effective dates. `rebuilt`: the source does not, and the consolidation engine applied
       *     every point in a rebuilt version (`text_source: rebuilt`, #36). `unapplied`: none of its
       *     points in force is reflected by a text. `partly_applied`: some are. `scheduled`: it takes
       *     effect after the day asked. `undated`: its effective date is unknown.
       *
       * @enum {string}
       */
      status: 'applied' | 'rebuilt' | 'partly_applied' | 'unapplied' | 'scheduled' | 'undated';
    };
    AmendmentEffect: {
      amending_act: {
        /** @example 365/2011 Sb. */
        doc_number: string | null;
        /** @example sb/2011/365 */
        natural_key: string;
        title: string | null;
      };
      /** @description Its článek (`Čl. I`). */
      article: string | null;
      /** @description How `effective_from` was found (e.g. `stated`, `relative_to_publication`, `act_effective_date`). */
      date_basis: string | null;
      /**
       * Format: date
       * @description The day the point takes effect; null when the act's účinnost could not be read for it.
       */
      effective_from: string | null;
      /** @description The point's own text (its first 2,000 characters). */
      instruction: string;
      instruction_truncated: boolean;
      /** @description What the point does: `replace_words`, `new_wording`, `insert`, `repeal`, `renumber`, `append`, `footnote`, `heading`, …; empty when it could not be read. */
      kinds: string[];
      /** @description The část of the amending act that holds it (`ČÁST PRVNÍ`). */
      part: string | null;
      /**
       * @description The instruction point's number as the act writes it (`75`); null for a lone unnumbered instruction.
       * @example 75
       */
      point: string | null;
      /** @description The provision ids it changes (`par_75`, `par_76/odst_1`, `fn_5` for a footnote, `cast_1/hlava_2`); `*` a replacement "v celém textu" (the units holding its words); `*whole` the whole act, with `!par_132` for each unit a repeal keeps; `par_9..par_20` a range's ends (a unit inserted between them since is reached too); `hlava_3` a container named without its část; `^fn_3a` the provisions whose own text cites footnote 3a (a footnote renumbered or repealed with its marks); empty when they could not be read. */
      targets: string[];
    };
    Change: {
      /** @description For document.amendment_known (#35): an amending act's text shows it amends this document
       *     (its points for this document and their dates), and whether a source text of the
       *     document already reflects them (`applied`). Amendments the source has not applied are
       *     listed by GET /v1/legal/documents/{id}/amendments and flagged on every read.
       *      */
      amendment?: {
        amending_act: {
          doc_number: string | null;
          natural_key: string;
        };
        applied: boolean;
        effective_from: string[];
        points: number;
      };
      /** Format: date-time */
      at: string;
      document: {
        doc_number: string;
        id: string;
        natural_key: string;
      };
      /** @description For document.updated: each metadata field that changed, with its value before and after
       *     (`title`, `citation`, `doc_number`, `eli`, `doc_type`, `is_amending_act`, `published`,
       *     `effective_from`, `effective_to`, `gazette`; `text` as the sha256 of the text before and
       *     after, where a text changed without a new version).
       *      */
      fields?: {
        [key: string]: {
          from: unknown;
          to: unknown;
        };
      };
      id: string;
      kind: components['schemas']['ChangeKind'];
      /** @description For relation.created. */
      relation?: {
        target: {
          doc_number: string | null;
          natural_key: string;
        };
        /** @enum {string} */
        type: 'amends' | 'repeals' | 'cites';
      };
      /** @description For document.version_added. */
      version?: {
        amended_by: {
          doc_number?: string | null;
          natural_key?: string;
        } | null;
        /** @description `bootstrap` or `reform` (the source's), `rebuilt` (#36). */
        kind: string;
        /** @description #24: the provisions this version added, changed, repealed or removed against the
         *     previous version with a text (`compared_with`), as provision ids (`par_52`,
         *     `par_52/odst_1/pism_g`; containers left out). Absent for a document's first version
         *     with a text, a version without one, and entries written before provisions were stored.
         *     Each list holds at most 200 ids; `counts` has the full numbers.
         *      */
        provisions?: {
          added: string[];
          changed: string[];
          compared_with: number;
          counts: {
            added: number;
            changed: number;
            removed: number;
            repealed: number;
          };
          removed: string[];
          repealed: string[];
          truncated: boolean;
        };
        /**
         * @description Present on a version the consolidation engine rebuilt from the amending acts' instructions (docs/amendments.md); absent for the source's own.
         * @enum {string}
         */
        text_source?: 'rebuilt';
        /** Format: date */
        valid_from: string;
        /** Format: date */
        valid_to: string | null;
        version: number;
      };
    };
    ChangeFilters: {
      doc_type?: components['schemas']['DocType'][];
      eff_status?: components['schemas']['EffStatus'][];
      kinds?: components['schemas']['ChangeKind'][];
    };
    /** @enum {string} */
    ChangeKind:
      | 'document.created'
      | 'document.version_added'
      | 'document.status_changed'
      | 'document.updated'
      | 'relation.created'
      | 'document.amendment_known';
    Citation: {
      /** @description The acts an `ambiguous` citation may mean, with their status on `at`. */
      candidates: components['schemas']['CitationCandidate'][];
      /**
       * @description How the act was named.
       * @enum {string}
       */
      cited_as: 'number' | 'abbreviation' | 'name' | 'back_reference';
      /** @description The act the citation means on `at`; null when not found or ambiguous. */
      document: components['schemas']['CitationDocument'] | null;
      /** @description The act's effectivity on `at`; null when no act was chosen. */
      effectivity: null | {
        /** Format: date */
        effective_from: string | null;
        /** Format: date */
        effective_to: string | null;
        status: components['schemas']['EffStatus'];
      };
      /** @description UTF-16 offset just past its last character. */
      end: number;
      links: {
        /** @description The document endpoint. */
        document: string | null;
        /** @description The act's version on `at` at e-Sbírka, the official source. */
        e_sbirka: string | null;
        /** @description The provision endpoint, /v1/legal/documents/{id}/provisions/{provision}. */
        provision: string | null;
      };
      /** @description For `provision_not_found`, existing provisions next to the cited one. */
      nearest_provisions: {
        id: string;
        label: string;
      }[];
      /** @description For `amended_not_in_source`, the amendments' points in force on `at` that changed the provision and that the collection's text lacks. */
      outstanding_effects: components['schemas']['AmendmentEffect'][];
      /** @description The cited provision (ids as the provisions endpoint makes them), or null when the act is cited as a whole. */
      provision: null | {
        /** @description Whether it exists (not only as "zrušeno") on `at`; null when not checked. */
        exists: boolean | null;
        /** @example par_52/odst_1/pism_g */
        id: string;
        /** @example § 52 odst. 1 písm. g) */
        label: string;
        /** @description Its text on `at` is only "zrušeno". */
        repealed: boolean;
        /**
         * @description `rebuilt`: the wording checked is the consolidation engine's rebuild from the amending acts (#36), not the source's text.
         * @enum {string}
         */
        text_source?: 'source' | 'rebuilt';
        text_status?: components['schemas']['TextStatus'];
      };
      /** @description UTF-16 offset of its first character. */
      start: number;
      status: components['schemas']['CitationStatus'];
      /** @description One line saying what was found, for a person or a model to act on. */
      summary: string;
      /** @description The citation as written (the whole expression of a list or range). */
      text: string;
      /** @description For `unverified`, why the provision could not be checked. */
      text_unavailable: null | {
        message: string;
        reason: string;
        source_url: string | null;
      };
    };
    CitationCandidate: {
      doc_number: string;
      doc_type: string;
      id: string;
      natural_key: string;
      status: components['schemas']['EffStatus'];
      title: string;
    };
    CitationCheck: {
      /** Format: date */
      at: string;
      citations: components['schemas']['Citation'][];
      /** @description How many citations have each status. */
      counts: {
        ambiguous: number;
        amended_not_in_source: number;
        document_not_found: number;
        not_in_force: number;
        provision_not_found: number;
        unverified: number;
        valid: number;
      };
    };
    CitationDocument: {
      doc_number: string;
      doc_type: string;
      id: string;
      natural_key: string;
      title: string;
    };
    /**
     * @description `amended_not_in_source` (#35): the act and the provision are in force on `at`, but an
     *     amendment in force then changed the provision (or makes it) and the collection has no text
     *     with that change (`outstanding_effects`): the citation names a real provision whose wording
     *     the collection does not hold for that day.
     *
     * @enum {string}
     */
    CitationStatus:
      'valid' | 'amended_not_in_source' | 'not_in_force' | 'provision_not_found' | 'document_not_found' | 'ambiguous' | 'unverified';
    /** Format: date */
    Date: string | null;
    /** @enum {string} */
    DocType:
      | 'act'
      | 'constitutional_act'
      | 'decree'
      | 'government_regulation'
      | 'statutory_measure'
      | 'communication'
      | 'measure'
      | 'resolution'
      | 'other';
    Document: {
      /**
       * Format: date
       * @description The day the document is shown as of (at, or today)
       */
      as_of: string;
      citation?: string | null;
      dates: {
        /** @description The `valid_from` of the current version (the newest the source lists). */
        current_version_from?: components['schemas']['Date'];
        effective_from?: components['schemas']['Date'];
        effective_to?: components['schemas']['Date'];
        inferred_effective_to?: components['schemas']['Date'];
        last_updated?: components['schemas']['Date'];
        published?: components['schemas']['Date'];
      };
      /** @example 89/2012 Sb. */
      doc_number: string;
      doc_type: components['schemas']['DocType'];
      effectivity?: components['schemas']['Effectivity'];
      eli?: string | null;
      id: string;
      is_amending_act?: boolean;
      language?: string;
      links: {
        effectivity: string;
        relations: string;
        self: string;
      };
      /** @example sb/2012/89 */
      natural_key: string;
      /** @description The amending acts in force on `as_of` whose changes the text shown lacks, oldest first. */
      outstanding_amendments: components['schemas']['OutstandingAmendment'][];
      /** @description With `text_source=rebuilt` on a source version, what the engine did to rebuild it from the previous version's text. */
      rebuild?: {
        applied: number;
        not_applied: number;
        points: {
          amending_act: string;
          applied: boolean;
          point: string | null;
          reason: string | null;
        }[];
      };
      relations?: {
        edges: components['schemas']['Relation'][];
        has_more: boolean;
        more?: string;
      };
      repealed_by?: string[];
      sections?:
        | {
            label: string;
            level: number;
            offset: number;
          }[]
        | null;
      source?: Record<string, never> | null;
      status: components['schemas']['EffStatus'];
      text?: string | null;
      /** @description Whether a text of this document as of `as_of` can be shown (with `at`: the text in force
       *     that very day; without: the current version's text). `include=text` then returns it.
       *      */
      text_available: boolean;
      /** @description false when an amendment in force on `as_of` changes the document and the text shown
       *     (the version's, of `version.text_as_of`) lacks that change: see `outstanding_amendments`
       *     and, per provision, `text_status` (docs/amendments.md).
       *      */
      text_current: boolean;
      text_format?: string;
      text_page?: {
        limit: number;
        next_offset: number | null;
        offset: number;
        returned_chars: number;
        total_chars: number;
      };
      /** @description Why no text can be shown for `as_of` (null when `text_available`). */
      text_unavailable: null | components['schemas']['TextUnavailable'];
      text_unavailable_reason?: string;
      title: string;
      version: null | components['schemas']['Version'];
      version_count: number;
      versions?: components['schemas']['Version'][];
    };
    DocumentEnvelope: components['schemas']['SuccessEnvelopeBase'] & {
      data: {
        document: components['schemas']['Document'];
      };
    };
    DocumentRef: {
      doc_number: string;
      id: string;
      natural_key: string;
      title?: string;
    };
    Effectivity: {
      /** Format: date */
      at: string;
      effective_from: components['schemas']['Date'];
      effective_to: components['schemas']['Date'];
      /** @enum {string|null} */
      effective_to_basis: 'stated' | 'inferred' | null;
      effective_to_inferred_from?: string | null;
      next_change: null | {
        /** Format: date */
        date: string;
        /** @enum {string} */
        kind: 'entry_into_force' | 'new_version' | 'end_of_effect';
        version?: number;
      };
      repealed_by: {
        doc_number: string | null;
        id: string | null;
        in_corpus: boolean;
        natural_key: string;
      }[];
      source_status: components['schemas']['EffStatus'];
      status: components['schemas']['EffStatus'];
      version_in_force: null | components['schemas']['Version'];
    };
    /** @enum {string} */
    EffStatus: 'in_force' | 'partially_in_force' | 'not_yet_in_force' | 'no_longer_in_force' | 'never_in_force';
    /**
     * @description Every error code of the API; each is explained at `doc_url`.
     * @enum {string}
     */
    ErrorCode:
      | 'invalid_request'
      | 'missing_key'
      | 'invalid_key'
      | 'payment_required'
      | 'invalid_payment'
      | 'insufficient_scope'
      | 'forbidden'
      | 'not_found'
      | 'method_not_allowed'
      | 'request_timeout'
      | 'conflict'
      | 'payload_too_large'
      | 'unsupported_media_type'
      | 'idempotency_key_reused'
      | 'rate_limited'
      | 'quota_exceeded'
      | 'headers_too_large'
      | 'internal_error'
      | 'facilitator_unavailable'
      | 'unavailable';
    ErrorEnvelope: {
      error: {
        code: components['schemas']['ErrorCode'];
        details: Record<string, never>;
        /**
         * Format: uri-reference
         * @description The code's entry in the reference (`/docs/errors#<code>`), relative to the API's origin.
         */
        doc_url: string;
        message: string;
      };
      meta: components['schemas']['Meta'];
    };
    Meta: {
      request_id: string;
    };
    /** @description An amending act in force on the day asked whose changes the text shown lacks. */
    OutstandingAmendment: {
      doc_number: string | null;
      /** @description The document at e-Sbírka on the day asked, the official consolidated text. */
      e_sbirka: string | null;
      /** @description The dates of its outstanding points. */
      effective_from: string[];
      /** @description false: the act is known to amend the document, but what it changes could not be read. */
      effects_known: boolean;
      natural_key: string;
      /** @description Its outstanding instruction points for this document (0 when they could not be read). */
      points: number;
      title: string | null;
    };
    Provision: components['schemas']['ProvisionEntry'] & {
      children: components['schemas']['ProvisionBrief'][];
      containers: components['schemas']['ProvisionBrief'][];
      /** @description The footnotes (poznámky pod čarou) the provision's text cites by their marks (`^5)`), in the order first cited, those this version holds: each reads at `/provisions/fn_5`. */
      footnotes: components['schemas']['ProvisionBrief'][];
      next: null | components['schemas']['ProvisionBrief'];
      prev: null | components['schemas']['ProvisionBrief'];
      /** @description The instruction points the engine applied to make this wording (amending act, point, effective date). */
      rebuilt_by: components['schemas']['AmendmentEffect'][];
      /** @description For an `amended_not_in_source` provision, the wording the source holds, of its own day (`as_of`), which an amendment in force on the day asked has changed since; null otherwise. */
      source_text: null | {
        /** Format: date */
        as_of: string;
        text: string;
      };
      /** @description The provision's text on the day asked; null when its `text_status` is `amended_not_in_source` (the source's older wording is in `source_text`). */
      text: string | null;
      text_page: {
        limit: number;
        next_offset: number | null;
        offset: number;
        returned_chars: number;
        total_chars: number;
      } | null;
      /**
       * @description `rebuilt`: the version in view was rebuilt by the consolidation engine (#36) and its points changed this provision's wording (see `rebuilt_by`); it is not the source's text nor an official consolidation. `source`: the wording is the source's.
       * @enum {string}
       */
      text_source: 'source' | 'rebuilt';
    };
    ProvisionBrief: {
      heading: string | null;
      id: string;
      kind: components['schemas']['ProvisionKind'];
      /** @description As people cite it: `§ 52 odst. 1 písm. g)`, `čl. I`, `Část první`. */
      label: string;
    };
    ProvisionDay: {
      /** Format: date */
      as_of: string;
      document: components['schemas']['DocumentRef'];
      text_available: boolean;
      text_unavailable: null | components['schemas']['TextUnavailable'];
      version: null | components['schemas']['Version'];
    };
    ProvisionDiff: {
      added: components['schemas']['ProvisionBrief'][];
      changed: (components['schemas']['ProvisionBrief'] & {
        repealed: boolean;
        words: components['schemas']['WordRun'][];
        /** @description false when the word diff took too long; `words` then deletes the old text and inserts the new. */
        words_complete: boolean;
      })[];
      document: components['schemas']['DocumentRef'];
      from: components['schemas']['ProvisionDiffSide'];
      has_more: boolean;
      links: components['schemas']['ProvisionLinks'];
      next_cursor: string | null;
      provision: string | null;
      removed: components['schemas']['ProvisionBrief'][];
      repealed: components['schemas']['ProvisionBrief'][];
      summary: null | {
        added: number;
        /** @description Repealed ones included. */
        changed: number;
        removed: number;
        repealed: number;
      };
      to: components['schemas']['ProvisionDiffSide'];
    };
    ProvisionDiffSide: {
      /** Format: date */
      day: string;
      text_available: boolean;
      text_unavailable: null | components['schemas']['TextUnavailable'];
      version: null | components['schemas']['Version'];
    };
    ProvisionEntry: {
      depth: number;
      /** @description Exclusive. */
      end: number;
      heading: string | null;
      id: string;
      kind: components['schemas']['ProvisionKind'];
      label: string;
      parent: string | null;
      /** @description Its text is only a "zrušeno" stub. */
      repealed: boolean;
      /** @description UTF-16 offset in the version's text (document `text` of that version). */
      start: number;
      text_status: components['schemas']['TextStatus'];
    };
    ProvisionHistoryEntry: {
      amended_by: null | {
        doc_number: string | null;
        natural_key: string;
      };
      /** @enum {string} */
      change: 'added' | 'changed' | 'repealed' | 'removed';
      /** @description The version compared with (null for the first version with a text). */
      compared_with: number | null;
      e_sbirka: string | null;
      /** @description The provision as this version has it (null when removed). */
      provision_url: string | null;
      /** Format: date */
      text_as_of: string;
      /** Format: date */
      valid_from: string;
      valid_to: components['schemas']['Date'];
      version: number;
    };
    /** @enum {string} */
    ProvisionKind:
      | 'part'
      | 'title'
      | 'chapter'
      | 'division'
      | 'subdivision'
      | 'annex'
      | 'section'
      | 'article'
      | 'paragraph'
      | 'letter'
      | 'point'
      | 'footnote';
    ProvisionLinks: {
      document: string;
      /** @description The document at e-Sbírka on that day, readable without a key. */
      e_sbirka?: string | null;
      history?: string;
      provisions: string;
      self?: string;
    };
    ProvisionParse: {
      section_headings: number;
      sections_found: number;
      /** @description The first of them (up to 50), with offset, line and why. */
      unparsed: {
        line: string;
        offset: number;
        reason: string;
      }[];
      /** @description § / čl. headings of this text that made no provision. */
      unparsed_count: number;
    };
    /** @description One provision that may answer the query (`granularity=provision`, #37): a unit of the act's
     *     current text (a § or čl., one of its odstavce, a příloha), at most one per § of an act.
     *      */
    ProvisionSearchResult: {
      act: {
        doc_number: string;
        doc_type: components['schemas']['DocType'];
        id: string;
        natural_key: string;
        status: components['schemas']['EffStatus'];
        title: string;
      };
      provision: {
        /** @description The headings of the část, hlava, díl and oddíl holding it, outermost first, and the group heading above its § last, ` › ` between them (empty: none). */
        context: string;
        /** @description The provision's heading, or its §'s for an odstavec. */
        heading: string | null;
        /** @description Stable provision id (`par_35/odst_1`); read it whole at `/v1/legal/documents/{act.id}/provisions/{id}`. */
        id: string;
        /** @description As people cite it (`§ 35 odst. 1`). */
        label: string;
      };
      /** @description Relevance within this result list; not comparable across queries. */
      score: number;
      /** @description The provision's text around the query's words (at most about 300 characters); `…` marks a cut. */
      snippet: string;
      /** @description Where `text_status` is not `current`: the wording the collection holds, of its own day (`as_of`, the text's date), which an amendment in force on the day asked has changed since (its first 1,500 characters, Markdown marks removed); null otherwise. */
      source_text: null | {
        /** Format: date */
        as_of: string;
        text: string;
      };
      /** @description The provision's text on the day asked (Markdown marks removed), its first 1,500 characters; the whole at `/v1/legal/documents/{act.id}/provisions/{provision.id}`. Null when `text_status` is not `current`: the wording the collection holds is then older than the day's law and is given, dated, in `source_text` (as the provision read gives it). */
      text: string | null;
      /**
       * @description Whether the text searched is the source's own or a version the engine rebuilt from the amending acts (#36).
       * @enum {string}
       */
      text_source: 'source' | 'rebuilt';
      text_status: components['schemas']['TextStatus'];
      /** @description Whether `text` (or `source_text.text`) was cut. */
      text_truncated: boolean;
    };
    Relation: {
      /** @enum {string} */
      direction: 'outgoing' | 'incoming';
      document: {
        doc_number: string | null;
        id: string | null;
        in_corpus: boolean;
        natural_key: string;
        title: string | null;
      };
      evidence: string | null;
      /** @description How the edge was derived (source-history, text-pattern, …) */
      methods: string[];
      type: components['schemas']['RelationType'];
      version_dates: string[];
    };
    /** @enum {string} */
    RelationType: 'amends' | 'amended_by' | 'repeals' | 'repealed_by' | 'cites' | 'cited_by';
    SearchFilters: {
      doc_type?: components['schemas']['DocType'][];
      eff_status?: components['schemas']['EffStatus'][];
      is_amending_act?: boolean;
      /** Format: date */
      published_from?: string;
      /** Format: date */
      published_to?: string;
    };
    SearchProvision: {
      /** @description The provision's heading, or its §'s for an odstavec or písmeno. */
      heading: string | null;
      /** @description Stable provision id, as the provisions endpoints use it (`par_52/odst_1/pism_g`). */
      id: string;
      /** @description As people cite it (`§ 52 odst. 1 písm. g)`). */
      label: string;
      /** @description #35: the provision read's `text_status` on the day asked: `amended_not_in_source` when an amendment in force that day reaches the provision (or a unit holding or inside it) and the text lacks it. */
      text_status: components['schemas']['TextStatus'];
    };
    SearchResult: {
      doc_number: string;
      doc_type: components['schemas']['DocType'];
      id: string;
      natural_key: string;
      /** @description #35: how many amending acts in force on the day asked the text in view lacks (0 when
       *     `text_current`); the document read lists them (`outstanding_amendments`), and
       *     `/v1/legal/documents/{id}/amendments?status=unapplied` gives their points.
       *      */
      outstanding_amendments: number;
      /** @description The provision the hit points at in the document's current text (#24), or null: the
       *     provision the query cites with this act ("§ 52 zákoníku práce" → `par_52`), else the
       *     § or article whose heading the query is ("krádež" → § 205 "Krádež"), else the
       *     document's provision the provision search (`granularity=provision`) ranks first for
       *     the query, else the deepest provision holding the snippet's match. The snippet is then cut from that
       *     provision (at its start for a cited, headed or ranked one, around the match otherwise, never
       *     past the § that holds it). Read it whole at
       *     `/v1/legal/documents/{id}/provisions/{provision.id}`.
       *      */
      provision: null | components['schemas']['SearchProvision'];
      /** @description Relevance within this result list (fulltext: lexical score; hybrid: fused RRF score); not comparable across queries. */
      score: number;
      /** @description Text around the match; matched words wrapped in « and ». `…` marks a cut. */
      snippet: string;
      status: components['schemas']['EffStatus'];
      /** @description #35: what the document read (`GET /v1/legal/documents/{id}`, with the same `at`) says on
       *     the day asked: false when an amendment in force that day changed the document and the
       *     text in view lacks it. The text searched and the snippet are then not that day's law
       *     where those amendments reach; `provision.text_status` says whether they reach the
       *     provision the hit points at.
       *      */
      text_current: boolean;
      title: string;
    };
    SuccessEnvelopeBase: {
      data: Record<string, never>;
      meta: components['schemas']['Meta'];
      /** @constant */
      success: true;
    };
    /**
     * @description The status of a provision's text on the day asked. `current`: no known outstanding effect
     *     reaches it (no known amendment in force since its text's day changes it). `amended_not_in_source`:
     *     an amendment in force on that day changes it (or a unit around or inside it), and the source
     *     has no text with that change: its wording is not given as the day's text (see `source_text`).
     *     `not_in_source`: the text lacks the provision, which an amendment in force that day makes.
     *
     * @enum {string}
     */
    TextStatus: 'current' | 'amended_not_in_source' | 'not_in_source';
    TextUnavailable: {
      message: string;
      /**
       * @description `not_in_source`: the version in force that day carries the text of a later day
       *     (`version.text_as_of`); the source holds no text for the day itself.
       *     `not_yet_in_force`: published, but no version was in force yet that day.
       *     `hash_only`: the import kept only the text's hash (`version.text_sha256`).
       *     `source_file_missing`: the source repository lacks the version's file.
       *     `not_rebuilt`: `text_source=rebuilt` asked for the engine's rebuild of a version it cannot
       *     rebuild (the first version with a text, or its amending act's points were not read).
       *
       * @enum {string}
       */
      reason: 'not_in_source' | 'not_yet_in_force' | 'hash_only' | 'source_file_missing' | 'not_rebuilt';
      /** @description The document's version for that day at e-Sbírka, the official source (`https://e-sbirka.gov.cz/eli/cz/sb/{year}/{number}/{day}`), readable without a key. */
      source_url: string | null;
    };
    Usage: {
      by_day: {
        /** Format: date */
        day: string;
        operations: Record<string, never>;
        requests: number;
        units: number;
      }[];
      by_operation: {
        operation: string;
        requests: number;
        units: number;
      }[];
      organization: {
        id: string;
        name: string;
      };
      period: {
        /** Format: date-time */
        end: string;
        /** Format: date-time */
        start: string;
      };
      plan: {
        monthly_units: number;
        /** @enum {string} */
        name: 'free' | 'pro' | 'enterprise';
        requests_per_minute: number;
      };
      requests: number;
      units: {
        limit: number;
        remaining: number;
        used: number;
      };
    };
    Version: {
      amended_by: null | {
        doc_number: string | null;
        natural_key: string;
      };
      is_current?: boolean;
      /** @description bootstrap (first consolidation) or reform (an amendment took effect) */
      kind: string;
      /**
       * Format: date
       * @description The day this version's text represents: its `valid_from` (the source's first text of an
       *     act is the act as enacted; each later one the text after the amendment of its day).
       *     Amendments in force since that day which the text lacks are listed by the document read
       *     (`outstanding_amendments`) and flagged per provision (docs/amendments.md).
       *
       */
      text_as_of: string;
      /** @description false where the database holds no text of this version (a hash only, or the source file is missing) */
      text_available: boolean;
      text_chars: number | null;
      text_sha256: string | null;
      /**
       * @description `source`: the upstream's own text. `rebuilt`: made by applying amending acts' instructions to the previous version (docs/amendments.md).
       * @enum {string}
       */
      text_source: 'source' | 'rebuilt';
      /** Format: date */
      valid_from: string;
      /**
       * @description null when `valid_from` is the source's own date. Where the source's date was not a
       *     calendar date (e.g. `0000-00-00`), the importer took the previous version's `valid_to`,
       *     else the document's published date, else its effective_from, and names it here.
       *
       * @enum {string|null}
       */
      valid_from_inferred_from: 'previous_version_end' | 'published' | 'effective_from' | null;
      valid_to: components['schemas']['Date'];
      version: number;
    };
    Webhook: {
      /** Format: date-time */
      created_at: string;
      description: string | null;
      /** Format: date-time */
      disabled_at: string | null;
      disabled_reason: string | null;
      events: components['schemas']['WebhookEventType'][];
      /** @description Consecutive failed delivery attempts; reset by any success. */
      failure_count: number;
      id: string;
      /**
       * Format: date-time
       * @description After a secret rotation, until when the previous secret still signs deliveries; null otherwise.
       */
      previous_secret_expires_at: string | null;
      /**
       * @description `disabled` after a 410 Gone answer or after repeated failure (see docs/webhooks.md); nothing is sent while disabled.
       * @enum {string}
       */
      status: 'active' | 'disabled';
      url: string;
    };
    WebhookDelivery: {
      attempt_count: number;
      attempts: components['schemas']['WebhookDeliveryAttempt'][];
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      delivered_at: string | null;
      event_type: components['schemas']['WebhookDeliveryEventType'];
      /** @description The `webhook-id` header of every attempt: the same across retries, so receivers can deduplicate. */
      id: string;
      last_error: string | null;
      last_status: number | null;
      /**
       * Format: date-time
       * @description When the next attempt is due; null unless pending.
       */
      next_attempt_at: string | null;
      payload: components['schemas']['WebhookEventPayload'] | components['schemas']['WebhookTestPayload'];
      /** @description The delivery this one replays; null for an original. */
      replay_of: string | null;
      /**
       * @description `failed` once the retry schedule is used up or the endpoint answered 410.
       * @enum {string}
       */
      status: 'pending' | 'delivered' | 'failed';
    };
    WebhookDeliveryAttempt: {
      attempt_no: number;
      duration_ms: number;
      /** @description Why the attempt failed; null on success. */
      error: string | null;
      /** Format: date-time */
      started_at: string;
      /** @description HTTP status of the answer; null when none came (refused, timed out, connection error). */
      status_code: number | null;
    };
    WebhookDeliveryAttemptDetail: {
      attempt_no: number;
      duration_ms: number;
      error: string | null;
      /** @description The request as sent (the signature is in the headers, the secret never is); null for attempts recorded before requests were kept. */
      request: null | {
        body: string;
        headers: components['schemas']['WebhookHeaders'];
      };
      /** @description The answer; null when none came (refused, timed out, connection error). */
      response: null | {
        /** @description The first 4096 bytes of the body, as UTF-8. */
        body: string;
        /** @description The body was longer than what is kept. */
        body_truncated: boolean;
        headers: components['schemas']['WebhookHeaders'];
      };
      /** Format: date-time */
      started_at: string;
      status_code: number | null;
    };
    WebhookDeliveryDetail: {
      attempt_count: number;
      attempts: components['schemas']['WebhookDeliveryAttemptDetail'][];
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      delivered_at: string | null;
      event_type: components['schemas']['WebhookDeliveryEventType'];
      /** @description The `webhook-id` header of every attempt: the same across retries, so receivers can deduplicate. */
      id: string;
      last_error: string | null;
      last_status: number | null;
      /**
       * Format: date-time
       * @description When the next attempt is due; null unless pending.
       */
      next_attempt_at: string | null;
      payload: components['schemas']['WebhookEventPayload'] | components['schemas']['WebhookTestPayload'];
      /** @description The delivery this one replays; null for an original. */
      replay_of: string | null;
      /**
       * @description `failed` once the retry schedule is used up or the endpoint answered 410.
       * @enum {string}
       */
      status: 'pending' | 'delivered' | 'failed';
      webhook_id: string;
    };
    /**
     * @description What a delivery carries; `webhook.test` is sent only on request, to every webhook.
     * @enum {string}
     */
    WebhookDeliveryEventType:
      | 'document.created'
      | 'document.version_added'
      | 'document.status_changed'
      | 'document.updated'
      | 'relation.created'
      | 'document.amendment_known'
      | 'webhook.test';
    /** @description The change as the changes feed shows it; the `data` of the delivered body. */
    WebhookEventPayload: {
      /** Format: date-time */
      at: string;
      document: {
        doc_number: string;
        id: string;
        natural_key: string;
      };
      id: string;
      kind: components['schemas']['WebhookEventType'];
      relation?: Record<string, never>;
      version?: Record<string, never>;
    };
    /**
     * @description The change kinds a webhook subscribes to.
     * @enum {string}
     */
    WebhookEventType:
      | 'document.created'
      | 'document.version_added'
      | 'document.status_changed'
      | 'document.updated'
      | 'relation.created'
      | 'document.amendment_known';
    WebhookHeaders: {
      [key: string]: string;
    };
    /** @description Standard Webhooks signing secret, `whsec_` + base64 of 24 random bytes. Shown once. */
    WebhookSecret: string;
    /** @description The `data` of a `webhook.test` event. */
    WebhookTestPayload: {
      /** Format: date-time */
      at: string;
      id: string;
      /** @constant */
      kind: 'webhook.test';
      message: string;
      webhook_id: string;
    };
    WordRun: {
      new_offset: number;
      old_offset: number;
      /** @enum {string} */
      op: 'insert' | 'delete';
      text: string;
    };
    X402Challenge: {
      accepts: components['schemas']['X402PaymentRequirements'][];
      error: {
        /** @enum {string} */
        code: 'payment_required' | 'invalid_payment';
        details: {
          /** @constant */
          price_usd: 0.002;
          /** @description x402 reason string (`invalid_payment`), or `daily_cap_reached`. */
          reason?: string;
          /** Format: date-time */
          resets_at?: string;
        };
        /**
         * Format: uri-reference
         * @description The code's entry in the reference (`/docs/errors#<code>`).
         */
        doc_url: string;
        message: string;
      };
      meta?: {
        request_id: string;
      };
      /** @constant */
      x402Version: 1;
    };
    /** @description Decoded `X-PAYMENT` (x402 v1, exact scheme, EVM). */
    X402PaymentPayload: {
      /** @constant */
      network: 'base-sepolia';
      payload: {
        authorization: {
          /** @description Payer address. */
          from: string;
          /** @description 32-byte hex; one payment = one nonce. */
          nonce: string;
          /** @description Must equal `payTo`. */
          to: string;
          /** @description Unix seconds. */
          validAfter: string;
          /** @description Unix seconds. */
          validBefore: string;
          /** @description Atomic units; exactly `maxAmountRequired`. */
          value: string;
        };
        /** @description EIP-712 signature of the authorization. */
        signature: string;
      };
      /** @constant */
      scheme: 'exact';
      /** @constant */
      x402Version: 1;
    };
    /** @description Decoded `PAYMENT-SIGNATURE` (x402 v2, exact scheme, EVM, EIP-3009). */
    X402PaymentPayloadV2: {
      accepted: components['schemas']['X402PaymentRequirementsV2'];
      extensions?: Record<string, never>;
      payload: {
        authorization: {
          /** @description Payer address. */
          from: string;
          /** @description 32-byte hex; one payment = one nonce, across v1 and v2. */
          nonce: string;
          /** @description Must equal `payTo`. */
          to: string;
          /** @description Unix seconds. */
          validAfter: string;
          /** @description Unix seconds. */
          validBefore: string;
          /** @description Atomic units; exactly `amount`. */
          value: string;
        };
        /** @description EIP-712 signature, domain `{name: "USDC", version: "2", chainId: 84532, verifyingContract: asset}`. */
        signature: string;
      };
      /** @description The `resource` of the challenge, echoed (informative only). */
      resource?: Record<string, never>;
      /** @constant */
      x402Version: 2;
    };
    /** @description Decoded `PAYMENT-REQUIRED` (x402 v2 challenge). */
    X402PaymentRequiredV2: {
      accepts: components['schemas']['X402PaymentRequirementsV2'][];
      /** @description Why the payment was refused (an x402 reason), or why payment is required. */
      error?: string;
      resource: {
        description?: string;
        /** @constant */
        mimeType?: 'application/json';
        /**
         * Format: uri
         * @description The URL requested, built from `PUBLIC_BASE_URL` as v1's `resource`.
         */
        url: string;
      };
      /** @constant */
      x402Version: 2;
    };
    /** @description One entry of `accepts`. */
    X402PaymentRequirements: {
      /** @description USDC contract (base-sepolia). */
      asset: string;
      description: string;
      extra: {
        /** @constant */
        name: 'USDC';
        /** @constant */
        version: '2';
      };
      /**
       * @description Price in atomic units of the asset (6 decimals); `2000` = 0.002 USD.
       * @example 2000
       */
      maxAmountRequired: string;
      /** @constant */
      maxTimeoutSeconds: 60;
      /** @constant */
      mimeType: 'application/json';
      /** @constant */
      network: 'base-sepolia';
      payTo: string;
      /**
       * Format: uri
       * @description The URL requested, as the configured public base URL (`PUBLIC_BASE_URL`) plus the path and query sent; never taken from `Host` or `X-Forwarded-Host`.
       */
      resource: string;
      /** @constant */
      scheme: 'exact';
    };
    /** @description One x402 v2 `accepts` entry (the v1 entry's terms, with v2's names). */
    X402PaymentRequirementsV2: {
      /**
       * @description Price in atomic units (6 decimals); `2000` = 0.002 USD. The authorization's `value` must equal it.
       * @example 2000
       */
      amount: string;
      /** @description USDC contract (Base Sepolia). */
      asset: string;
      extra: {
        /** @constant */
        name: 'USDC';
        /** @constant */
        version: '2';
      };
      /** @constant */
      maxTimeoutSeconds: 60;
      /**
       * @description Base Sepolia as a CAIP-2 id.
       * @constant
       */
      network: 'eip155:84532';
      payTo: string;
      /** @constant */
      scheme: 'exact';
    };
    /** @description Decoded `X-PAYMENT-RESPONSE`. */
    X402PaymentResponse: {
      network: string;
      payer: string;
      /** @constant */
      replay?: true;
      success: boolean;
      /** @description Same as txRef. */
      transaction: string;
      txRef: string;
    };
    /** @description Decoded `PAYMENT-RESPONSE` (x402 v2 settle response). */
    X402PaymentResponseV2: {
      extra?: {
        /** @constant */
        replay: true;
      };
      /** @constant */
      network: 'eip155:84532';
      payer: string;
      /** @constant */
      success: true;
      /** @description Synthetic transaction reference (0x + sha256 of the nonce). */
      transaction: string;
    };
  };
  responses: {
    /** @description `insufficient_scope`: The API key lacks the scope this endpoint needs; `details.required_scope` names it. */
    Forbidden: {
      headers: {
        RateLimit: components['headers']['RateLimit'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        'WWW-Authenticate': components['headers']['WWW-Authenticate'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description `conflict`: The resource is in a state that refuses the request (a disabled webhook), or a request with this `Idempotency-Key` is still running (`details.reason = idempotency_key_in_progress`; retry after `Retry-After`). */
    IdempotencyInProgress: {
      headers: {
        RateLimit: components['headers']['RateLimit'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        'Retry-After': components['headers']['Retry-After'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description `idempotency_key_reused`: This `Idempotency-Key` was used in the last 24 hours for another request (method, path or body); use a new key. */
    IdempotencyKeyReused: {
      headers: {
        RateLimit: components['headers']['RateLimit'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description `internal_error`: An unexpected fault; never with a stack trace. Quote the request id when reporting it. */
    InternalError: {
      headers: {
        RateLimit: components['headers']['RateLimit'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description `invalid_request`: A path, query or body value is missing or malformed; `details.errors` lists `{field, problem}` for each. An undeclared query parameter, an undecodable path and a control character in a value are refused the same way. */
    InvalidRequest: {
      headers: {
        RateLimit: components['headers']['RateLimit'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description `method_not_allowed`: The path exists but not with this method; the `Allow` header lists the methods it takes. */
    MethodNotAllowed: {
      headers: {
        Allow: components['headers']['Allow'];
        RateLimit: components['headers']['RateLimit'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description `not_found`: No such document, provision, webhook, delivery or route. */
    NotFound: {
      headers: {
        RateLimit: components['headers']['RateLimit'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description `If-None-Match` named the current `ETag`: nothing changed since that answer. No body; costs 0 units. */
    NotModified: {
      headers: {
        'Cache-Control': components['headers']['Cache-Control'];
        ETag: components['headers']['ETag'];
        RateLimit: components['headers']['RateLimit'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content?: never;
    };
    /** @description `payload_too_large`: The request body is too large. */
    PayloadTooLarge: {
      headers: {
        RateLimit: components['headers']['RateLimit'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description `rate_limited`: The plan's requests per minute are used up; retry after `Retry-After` seconds.
     *
     *     `quota_exceeded`: The plan's monthly units are used up; `details.resets_at` says when they renew (`Retry-After` = the seconds until then). */
    TooManyRequests: {
      headers: {
        RateLimit: components['headers']['RateLimit'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        'Retry-After': components['headers']['Retry-After'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description `missing_key`: No API key was sent: send `Authorization: Bearer <API key>`.
     *
     *     `invalid_key`: The API key is malformed, unknown or revoked. */
    Unauthorized: {
      headers: {
        RateLimit: components['headers']['RateLimit'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        'WWW-Authenticate': components['headers']['WWW-Authenticate'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description `unavailable`: Storage (or the document source) is unreachable; retry after `Retry-After` seconds. */
    Unavailable: {
      headers: {
        RateLimit: components['headers']['RateLimit'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        'Retry-After': components['headers']['Retry-After'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description `unsupported_media_type`: The request body must be `application/json` (in UTF-8). */
    UnsupportedMediaType: {
      headers: {
        RateLimit: components['headers']['RateLimit'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description `conflict`: the webhook is disabled (`details.reason = "webhook_disabled"`; re-enable it
     *     first), or a request with this `Idempotency-Key` is still running
     *     (`details.reason = "idempotency_key_in_progress"`; retry after `Retry-After` seconds).
     *      */
    WebhookConflict: {
      headers: {
        RateLimit: components['headers']['RateLimit'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        'Retry-After': components['headers']['Retry-After'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description `facilitator_unavailable`: the facilitator is unreachable or failing; nothing was charged. */
    X402FacilitatorUnavailable: {
      headers: {
        RateLimit: components['headers']['RateLimit'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        'Retry-After': components['headers']['X402RetryAfter'];
        'X-RateLimit-Limit': components['headers']['X402RateLimitLimit'];
        'X-RateLimit-Remaining': components['headers']['X402RateLimitRemaining'];
        'X-RateLimit-Reset': components['headers']['X402RateLimitReset'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description `internal_error`; never with a stack trace. */
    X402InternalError: {
      headers: {
        RateLimit: components['headers']['RateLimit'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description `invalid_request`: the path is not valid percent-encoded UTF-8, or holds a control character such as NUL. */
    X402InvalidRequest: {
      headers: {
        RateLimit: components['headers']['RateLimit'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description `method_not_allowed`, with an `Allow` header. */
    X402MethodNotAllowed: {
      headers: {
        RateLimit: components['headers']['RateLimit'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description `not_found`: the document does not exist (nothing is charged), or the pilot is disabled. */
    X402NotFound: {
      headers: {
        RateLimit: components['headers']['RateLimit'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        'X-RateLimit-Limit': components['headers']['X402RateLimitLimit'];
        'X-RateLimit-Remaining': components['headers']['X402RateLimitRemaining'];
        'X-RateLimit-Reset': components['headers']['X402RateLimitReset'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description Payment challenge. `error.code` is `payment_required` (no `X-PAYMENT`, or the pilot's daily
     *     cap is reached: `details.reason = daily_cap_reached`, `details.resets_at`) or
     *     `invalid_payment` (undecodable or refused payment: `details.reason` is the x402 reason,
     *     e.g. `invalid_payload`, `invalid_exact_evm_payload_signature`,
     *     `invalid_exact_evm_payload_recipient_mismatch`, `invalid_exact_evm_payload_authorization_value`,
     *     `invalid_exact_evm_payload_authorization_valid_before`, `invalid_exact_evm_payload_authorization_valid_after`,
     *     `invalid_scheme`, `invalid_network`, `invalid_x402_version`, `nonce_already_used`,
     *     `authorization_validity_too_long`; for a
     *     `PAYMENT-SIGNATURE` (v2) the v2 names: `invalid_exact_evm_signature`,
     *     `invalid_exact_evm_recipient_mismatch`, `invalid_exact_evm_payload_authorization_value_mismatch`,
     *     `invalid_exact_evm_scheme`, `invalid_exact_evm_network_mismatch`, and
     *     `invalid_payment_requirements` when `accepted` is not the requirement stated here).
     *      */
    X402PaymentRequired: {
      headers: {
        'PAYMENT-REQUIRED': components['headers']['X402PaymentRequiredV2'];
        RateLimit: components['headers']['RateLimit'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        /** @description Only with `details.reason = daily_cap_reached`: the seconds until the next UTC day, when paid calls resume. */
        'Retry-After'?: number;
        'X-RateLimit-Limit': components['headers']['X402RateLimitLimit'];
        'X-RateLimit-Remaining': components['headers']['X402RateLimitRemaining'];
        'X-RateLimit-Reset': components['headers']['X402RateLimitReset'];
        'X-Request-Id': components['headers']['X402RequestId'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['X402Challenge'];
      };
    };
    /** @description `rate_limited`: more than 10 paid requests a minute for this payer, more than 10 unpaid
     *     requests (challenges) or 600 CORS preflights a minute from this client IP, or more than 20 refused
     *     `X-PAYMENT` headers a minute from this client IP (then every payment from that IP is refused
     *     until `Retry-After`, before it is decoded). `X-RateLimit-*` describe the budget that ran out.
     *      */
    X402RateLimited: {
      headers: {
        RateLimit: components['headers']['RateLimit'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        'Retry-After': components['headers']['X402RetryAfter'];
        'X-RateLimit-Limit': components['headers']['X402RateLimitLimit'];
        'X-RateLimit-Remaining': components['headers']['X402RateLimitRemaining'];
        'X-RateLimit-Reset': components['headers']['X402RateLimitReset'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
    /** @description `unavailable`: storage or the document source is unreachable. If the payment was already
     *     settled, repeating the request with the same `X-PAYMENT` is answered as a replay (no new charge).
     *      */
    X402Unavailable: {
      headers: {
        RateLimit: components['headers']['RateLimit'];
        'RateLimit-Policy': components['headers']['RateLimit-Policy'];
        'Retry-After': components['headers']['X402RetryAfter'];
        'X-RateLimit-Limit': components['headers']['X402RateLimitLimit'];
        'X-RateLimit-Remaining': components['headers']['X402RateLimitRemaining'];
        'X-RateLimit-Reset': components['headers']['X402RateLimitReset'];
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['ErrorEnvelope'];
      };
    };
  };
  parameters: {
    /** @description A unique key per intended operation (a UUID, say; 1 to 255 visible ASCII characters, bare or
     *     as a quoted string). Within 24 hours, a retry with the same key, method, path and body is
     *     not run again: it gets the first answer (status, body, `Location`) with
     *     `Idempotent-Replayed: true`. The same key with another request is a 422
     *     `idempotency_key_reused`; while the first request with the key is still running, a retry
     *     gets a 409 `conflict` (`details.reason = "idempotency_key_in_progress"`) with
     *     `Retry-After: 1`. Keys belong to the organization; answers that failed on the server (5xx)
     *     are not kept, so their retry runs again.
     *      */
    IdempotencyKey: string;
    /** @description An `ETag` of an earlier answer (or several, comma-separated, or `*`). When it names the
     *     current answer, the response is `304 Not Modified` without a body, which costs 0 units.
     *      */
    IfNoneMatch: string;
  };
  requestBodies: never;
  headers: {
    /** @description The methods the path takes. */
    Allow: string;
    /** @description `private, no-cache`: keep the answer, but revalidate it (`If-None-Match`) before each use. */
    'Cache-Control': string;
    /** @description Strong entity tag of the answer's `data` (the same for every request of the same
     *     representation; `meta.request_id` is left out). A compressed answer's tag ends in `-gzip` or
     *     `-br` inside the quotes; `If-None-Match` matches with or without it. Send it back as
     *     `If-None-Match` to get a 304 when nothing changed.
     *      */
    ETag: string;
    /** @description `true` when this answer is the stored answer of an earlier request with the same `Idempotency-Key`. */
    'Idempotent-Replayed': 'true';
    /** @description The path of the resource the request created (`/v1/webhooks/{id}`, `/v1/webhooks/{id}/deliveries/{deliveryId}`). */
    Location: string;
    /** @description The current limit, in the syntax of the IETF draft draft-ietf-httpapi-ratelimit-headers
     *     (a structured-field list): `"default";r=<requests left>;t=<seconds until the window resets>`,
     *     e.g. `"default";r=42;t=30`. Same figures as `X-RateLimit-Remaining`/`X-RateLimit-Reset`.
     *      */
    RateLimit: string;
    /** @description The plan's limit as the IETF draft's quota policy: `"default";q=<requests>;w=<window seconds>`,
     *     e.g. `"default";q=600;w=60`.
     *      */
    'RateLimit-Policy': string;
    /** @description Seconds to wait before retrying. */
    'Retry-After': number;
    /** @description RFC 6750 Bearer challenge: `Bearer realm="legal-data-api"` when no key was sent, plus
     *     `error="invalid_token"` (and `error_description`) for a refused key, or
     *     `error="insufficient_scope", scope="…"` on 403.
     *      */
    'WWW-Authenticate': string;
    /** @description Requests allowed per minute on the organization's plan. */
    'X-RateLimit-Limit': number;
    /** @description Requests left in the current window. */
    'X-RateLimit-Remaining': number;
    /** @description Unix timestamp (seconds) when the window resets. */
    'X-RateLimit-Reset': number;
    /** @description Request id (also in `meta.request_id`); a sane incoming `X-Request-Id` is kept. */
    'X-Request-Id': string;
    /** @description The x402 v2 challenge: base64 of JSON `X402PaymentRequiredV2`, on every 402. Its `error`
     *     is the refusal's reason (`details.reason`) when a payment was refused.
     *      */
    X402PaymentRequiredV2: string;
    /** @description base64 of JSON `X402PaymentResponse`: `success`, `txRef`, `network`, plus `transaction`
     *     (= txRef) and `payer` for x402 client libraries, and `replay: true` on a replayed payment.
     *      */
    X402PaymentResponse: string;
    /** @description Paid with `PAYMENT-SIGNATURE` (x402 v2) only: base64 of JSON `X402PaymentResponseV2` (a v2
     *     settle response: `success`, `transaction`, `network` `eip155:84532`, `payer`; `extra.replay`
     *     on a replayed payment). Not sent for `X-PAYMENT`, which gets `X-PAYMENT-RESPONSE`.
     *      */
    X402PaymentResponseV2: string;
    /** @description Requests allowed per minute in the budget this answer counted against: the payer's (10)
     *     once a valid payment names one, the client IP's refused payments (20) on `invalid_payment`,
     *     otherwise the client IP's unpaid requests (600).
     *      */
    X402RateLimitLimit: number;
    /** @description Requests left in the current window. */
    X402RateLimitRemaining: number;
    /** @description Unix timestamp (seconds) when the window resets. */
    X402RateLimitReset: number;
    /** @description Request id (also in `meta.request_id`). */
    X402RequestId: string;
    /** @description Seconds to wait before retrying. */
    X402RetryAfter: number;
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  listChanges: {
    parameters: {
      query: {
        /** @description A JSON object (URL-encoded): `{"doc_type":["act"],"eff_status":["in_force"],"kinds":["document.created"]}`. */
        filters?: string;
        limit?: number;
        /** @description An RFC 3339 timestamp (start at the first change at or after it), from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z once its offset is applied, or a `next_cursor`. Anything else is a 400 naming `since`. */
        since: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of changes, oldest first. */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessEnvelopeBase'] & {
            data: {
              changes: components['schemas']['Change'][];
              /** @description Whether more changes can be read right now after this page; when false, poll later with `next_cursor`. */
              has_more: boolean;
              next_cursor: string;
            };
          };
        };
      };
      400: components['responses']['InvalidRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  checkCitations: {
    parameters: {
      query?: never;
      header?: {
        /** @description A unique key per intended operation (a UUID, say; 1 to 255 visible ASCII characters, bare or
         *     as a quoted string). Within 24 hours, a retry with the same key, method, path and body is
         *     not run again: it gets the first answer (status, body, `Location`) with
         *     `Idempotent-Replayed: true`. The same key with another request is a 422
         *     `idempotency_key_reused`; while the first request with the key is still running, a retry
         *     gets a 409 `conflict` (`details.reason = "idempotency_key_in_progress"`) with
         *     `Retry-After: 1`. Keys belong to the organization; answers that failed on the server (5xx)
         *     are not kept, so their retry runs again.
         *      */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * Format: date
           * @description The day to check on (default: today, UTC).
           */
          at?: string;
          /** @description The text to check (1–64,000 UTF-16 code units). */
          text: string;
        };
      };
    };
    responses: {
      /** @description The citations found, in order of position. */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessEnvelopeBase'] & {
            data: components['schemas']['CitationCheck'];
          };
        };
      };
      400: components['responses']['InvalidRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      405: components['responses']['MethodNotAllowed'];
      409: components['responses']['IdempotencyInProgress'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['IdempotencyKeyReused'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  getDocument: {
    parameters: {
      query?: {
        /** @description A calendar date `YYYY-MM-DD`. */
        at?: string;
        /** @description Comma list of `text`, `sections`, `versions`, `relations`, `effectivity`. Default metadata only. */
        include?: string;
        /** @description Most code units in the page. A page never ends inside a surrogate pair: it ends one unit early (one late when it would otherwise be empty), so every page is well-formed text and the pages, followed by `text_page.next_offset`, concatenate to the exact text. */
        text_limit?: number;
        /** @description Where the text page starts, in UTF-16 code units (JavaScript string indices). An offset inside a surrogate pair starts at the pair; `text_page.offset` says where the page starts. */
        text_offset?: number;
        /** @description `best` (default): the source's texts, and where the source lacks amendments in force, the versions the consolidation engine rebuilt from them (`text_source: rebuilt`). `source`: only the source's own texts (rebuilt versions left out). `rebuilt`: the engine's rebuild of the version in view from the previous version's text and its amending act, even where the source holds its own text, to check the engine against the source. */
        text_source?: 'best' | 'source' | 'rebuilt';
      };
      header?: {
        /** @description An `ETag` of an earlier answer (or several, comma-separated, or `*`). When it names the
         *     current answer, the response is `304 Not Modified` without a body, which costs 0 units.
         *      */
        'If-None-Match'?: components['parameters']['IfNoneMatch'];
      };
      path: {
        /** @description Document id (`SB-2012-89`, matched exactly), natural key (`sb/2012/89`), ELI (`/eli/cz/sb/2012/89`) or doc number (`89/2012 Sb.`); the last three in any case. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The document. */
      200: {
        headers: {
          'Cache-Control': components['headers']['Cache-Control'];
          ETag: components['headers']['ETag'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessEnvelopeBase'] & {
            data: {
              document: components['schemas']['Document'];
            };
          };
        };
      };
      304: components['responses']['NotModified'];
      400: components['responses']['InvalidRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  listAmendments: {
    parameters: {
      query?: {
        /** @description The day the statuses are of (default: today, UTC): an act taking effect later is `scheduled`. */
        at?: string;
        /** @description `next_cursor` of the previous page (same document, day and statuses). */
        cursor?: string;
        /** @description Amending acts per page. */
        limit?: number;
        /** @description Comma list: only amendments with these statuses. Default all. */
        status?: string;
      };
      header?: {
        /** @description An `ETag` of an earlier answer (or several, comma-separated, or `*`). When it names the
         *     current answer, the response is `304 Not Modified` without a body, which costs 0 units.
         *      */
        'If-None-Match'?: components['parameters']['IfNoneMatch'];
      };
      path: {
        /** @description Document id (`SB-2012-89`, matched exactly), natural key (`sb/2012/89`), ELI (`/eli/cz/sb/2012/89`) or doc number (`89/2012 Sb.`); the last three in any case. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of the amending acts, oldest effect first. */
      200: {
        headers: {
          'Cache-Control': components['headers']['Cache-Control'];
          ETag: components['headers']['ETag'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessEnvelopeBase'] & {
            data: {
              amendments: components['schemas']['Amendment'][];
              /** Format: date */
              as_of: string;
              document: components['schemas']['DocumentRef'];
              has_more: boolean;
              links: {
                amendments: string;
                document: string;
              };
              next_cursor: string | null;
              /** @description The day the source's newest text of the document represents, which the statuses compare with (null: no text). */
              source_text_as_of: string | null;
              /** @description Amending acts matching the statuses (all pages). */
              total: number;
            };
          };
        };
      };
      304: components['responses']['NotModified'];
      400: components['responses']['InvalidRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  diffDocument: {
    parameters: {
      query: {
        /** @description `next_cursor` of the previous page. */
        cursor?: string;
        /** @description `unified` answers `text/plain`: a unified diff per provision. */
        format?: 'json' | 'unified';
        /** @description A day `YYYY-MM-DD`; the version in force then is the old side. */
        from: string;
        /** @description Changed provisions (with their word runs) per page. */
        limit?: number;
        /** @description Only this provision (any depth, e.g. `par_52/odst_1`). */
        provision?: string;
        /** @description A day `YYYY-MM-DD`; the version in force then is the new side. */
        to: string;
      };
      header?: {
        /** @description An `ETag` of an earlier answer (or several, comma-separated, or `*`). When it names the
         *     current answer, the response is `304 Not Modified` without a body, which costs 0 units.
         *      */
        'If-None-Match'?: components['parameters']['IfNoneMatch'];
      };
      path: {
        /** @description Document id (`SB-2012-89`, matched exactly), natural key (`sb/2012/89`), ELI (`/eli/cz/sb/2012/89`) or doc number (`89/2012 Sb.`); the last three in any case. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The difference. */
      200: {
        headers: {
          'Cache-Control': components['headers']['Cache-Control'];
          ETag: components['headers']['ETag'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessEnvelopeBase'] & {
            data: components['schemas']['ProvisionDiff'];
          };
          'text/plain': string;
        };
      };
      304: components['responses']['NotModified'];
      400: components['responses']['InvalidRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  getEffectivity: {
    parameters: {
      query?: {
        /** @description A calendar date `YYYY-MM-DD` (default: today, UTC). */
        at?: string;
      };
      header?: {
        /** @description An `ETag` of an earlier answer (or several, comma-separated, or `*`). When it names the
         *     current answer, the response is `304 Not Modified` without a body, which costs 0 units.
         *      */
        'If-None-Match'?: components['parameters']['IfNoneMatch'];
      };
      path: {
        /** @description Document id (`SB-2012-89`, matched exactly), natural key (`sb/2012/89`), ELI (`/eli/cz/sb/2012/89`) or doc number (`89/2012 Sb.`); the last three in any case. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Effectivity of the document. */
      200: {
        headers: {
          'Cache-Control': components['headers']['Cache-Control'];
          ETag: components['headers']['ETag'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessEnvelopeBase'] & {
            data: {
              document: components['schemas']['DocumentRef'];
              effectivity: components['schemas']['Effectivity'];
            };
          };
        };
      };
      304: components['responses']['NotModified'];
      400: components['responses']['InvalidRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  listProvisions: {
    parameters: {
      query?: {
        /** @description A calendar date `YYYY-MM-DD`. */
        at?: string;
        /** @description `next_cursor` of the previous page (same document, day and depth). */
        cursor?: string;
        /** @description Only nodes this deep (1 = the top level; a § in a část is at depth 2). Default all. */
        depth?: number;
        limit?: number;
        /** @description `best` (default): the source's texts, and where the source lacks amendments in force, the versions the consolidation engine rebuilt from them (`text_source: rebuilt`). `source`: only the source's own texts (rebuilt versions left out). `rebuilt`: the engine's rebuild of the version in view from the previous version's text and its amending act, even where the source holds its own text, to check the engine against the source. */
        text_source?: 'best' | 'source' | 'rebuilt';
      };
      header?: {
        /** @description An `ETag` of an earlier answer (or several, comma-separated, or `*`). When it names the
         *     current answer, the response is `304 Not Modified` without a body, which costs 0 units.
         *      */
        'If-None-Match'?: components['parameters']['IfNoneMatch'];
      };
      path: {
        /** @description Document id (`SB-2012-89`, matched exactly), natural key (`sb/2012/89`), ELI (`/eli/cz/sb/2012/89`) or doc number (`89/2012 Sb.`); the last three in any case. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of the table of contents. */
      200: {
        headers: {
          'Cache-Control': components['headers']['Cache-Control'];
          ETag: components['headers']['ETag'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessEnvelopeBase'] & {
            data: components['schemas']['ProvisionDay'] &
              ({
                has_more: boolean;
                links: components['schemas']['ProvisionLinks'];
                next_cursor: string | null;
                parse: components['schemas']['ProvisionParse'] | null;
                provisions: components['schemas']['ProvisionEntry'][];
                /** @description Nodes in the list at this depth (all pages). */
                total: number;
              } & {
                [key: string]: unknown;
              });
          };
        };
      };
      304: components['responses']['NotModified'];
      400: components['responses']['InvalidRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  getProvision: {
    parameters: {
      query?: {
        /** @description A calendar date `YYYY-MM-DD`. */
        at?: string;
        /** @description Most code units in the page. A page never ends inside a surrogate pair: it ends one unit early (one late when it would otherwise be empty), so every page is well-formed text and the pages, followed by `text_page.next_offset`, concatenate to the exact text. */
        text_limit?: number;
        /** @description Where the text page starts, in UTF-16 code units (JavaScript string indices). An offset inside a surrogate pair starts at the pair; `text_page.offset` says where the page starts. */
        text_offset?: number;
        /** @description `best` (default): the source's texts, and where the source lacks amendments in force, the versions the consolidation engine rebuilt from them (`text_source: rebuilt`). `source`: only the source's own texts (rebuilt versions left out). `rebuilt`: the engine's rebuild of the version in view from the previous version's text and its amending act, even where the source holds its own text, to check the engine against the source. */
        text_source?: 'best' | 'source' | 'rebuilt';
      };
      header?: {
        /** @description An `ETag` of an earlier answer (or several, comma-separated, or `*`). When it names the
         *     current answer, the response is `304 Not Modified` without a body, which costs 0 units.
         *      */
        'If-None-Match'?: components['parameters']['IfNoneMatch'];
      };
      path: {
        /** @description Document id (`SB-2012-89`, matched exactly), natural key (`sb/2012/89`), ELI (`/eli/cz/sb/2012/89`) or doc number (`89/2012 Sb.`); the last three in any case. */
        id: string;
        /** @description A provision id (`par_52`, `par_52/odst_1/pism_g`, `cl_1`, `priloha_1`, `cast_1/hlava_2`, `par_5~2` for a second § 5); its slashes as they are or as `%2F`. */
        provision: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The provision. */
      200: {
        headers: {
          'Cache-Control': components['headers']['Cache-Control'];
          ETag: components['headers']['ETag'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessEnvelopeBase'] & {
            data: components['schemas']['ProvisionDay'] &
              ({
                links: components['schemas']['ProvisionLinks'];
                /** @description The instruction points in force on the day asked that change this provision (or a unit around or inside it) and that the text shown lacks (docs/amendments.md). */
                outstanding_effects: components['schemas']['AmendmentEffect'][];
                provision: components['schemas']['Provision'] | null;
                text_status: components['schemas']['TextStatus'];
                /** @description Outstanding instruction points of this document's amending acts whose targets could not be read: they may change this provision too. */
                unlocated_effects: number;
              } & {
                [key: string]: unknown;
              });
          };
        };
      };
      304: components['responses']['NotModified'];
      400: components['responses']['InvalidRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  getProvisionHistory: {
    parameters: {
      query?: never;
      header?: {
        /** @description An `ETag` of an earlier answer (or several, comma-separated, or `*`). When it names the
         *     current answer, the response is `304 Not Modified` without a body, which costs 0 units.
         *      */
        'If-None-Match'?: components['parameters']['IfNoneMatch'];
      };
      path: {
        /** @description Document id (`SB-2012-89`, matched exactly), natural key (`sb/2012/89`), ELI (`/eli/cz/sb/2012/89`) or doc number (`89/2012 Sb.`); the last three in any case. */
        id: string;
        /** @description A provision id (`par_52`, `par_52/odst_1/pism_g`, `cl_1`, `priloha_1`, `cast_1/hlava_2`, `par_5~2` for a second § 5); its slashes as they are or as `%2F`. */
        provision: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The provision's history. */
      200: {
        headers: {
          'Cache-Control': components['headers']['Cache-Control'];
          ETag: components['headers']['ETag'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessEnvelopeBase'] & {
            data: {
              document: components['schemas']['DocumentRef'];
              history: components['schemas']['ProvisionHistoryEntry'][];
              links: components['schemas']['ProvisionLinks'];
              provision: {
                heading: string | null;
                id: string;
                kind: string | null;
                label: string | null;
              } & {
                [key: string]: unknown;
              };
              versions_without_text: number[];
            };
          };
        };
      };
      304: components['responses']['NotModified'];
      400: components['responses']['InvalidRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  getRelations: {
    parameters: {
      query?: {
        /** @description `next_cursor` of the previous page. */
        cursor?: string;
        direction?: 'outgoing' | 'incoming' | 'both';
        limit?: number;
        /** @description Comma list of relation types (amends, amended_by, repeals, repealed_by, cites, cited_by). Default all. */
        types?: string;
      };
      header?: {
        /** @description An `ETag` of an earlier answer (or several, comma-separated, or `*`). When it names the
         *     current answer, the response is `304 Not Modified` without a body, which costs 0 units.
         *      */
        'If-None-Match'?: components['parameters']['IfNoneMatch'];
      };
      path: {
        /** @description Document id (`SB-2012-89`, matched exactly), natural key (`sb/2012/89`), ELI (`/eli/cz/sb/2012/89`) or doc number (`89/2012 Sb.`); the last three in any case. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of relations. */
      200: {
        headers: {
          'Cache-Control': components['headers']['Cache-Control'];
          ETag: components['headers']['ETag'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessEnvelopeBase'] & {
            data: {
              /** @enum {string} */
              direction: 'outgoing' | 'incoming' | 'both';
              document: components['schemas']['DocumentRef'];
              /** @description Whether another page follows (`next_cursor` is then not null). */
              has_more: boolean;
              next_cursor: string | null;
              relations: components['schemas']['Relation'][];
              types: components['schemas']['RelationType'][];
            };
          };
        };
      };
      304: components['responses']['NotModified'];
      400: components['responses']['InvalidRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  searchDocuments: {
    parameters: {
      query: {
        /** @description A calendar date `YYYY-MM-DD` (default today). Where several generations of a law share a title (a repealed act and its successor), the one in force on this day ranks first among them, in both modes. It does not filter: `filters.eff_status` does (by the source's current status). */
        at?: string;
        /** @description `next_cursor` of the previous page of the same search (same q, mode, filters, at). A search has one order of all its matches whatever `limit` is: following `next_cursor` returns every match exactly once, to the last (`next_cursor` null), however many there are. A cursor past the end of that order (forged, or from before the corpus changed) gets an empty last page (`next_cursor` null); one that is not this search's is a 400. */
        cursor?: string;
        /** @description A JSON object (URL-encoded), every key optional:
         *     `{"doc_type":["act"],"eff_status":["in_force"],"published_from":"2000-01-01","published_to":"2010-12-31","is_amending_act":false}`.
         *     Unknown keys are rejected. */
        filters?: string;
        /** @description `document` (the default): documents, each pointing at its best provision. `provision` (#37): the provisions that may answer the query, best first, at most one per § of an act, each with its act, heading, snippet and the day's `text_status` (results are `ProvisionSearchResult`). Ranked over the provisions of the acts' current texts (headings weigh more than text); in force on `at` first. */
        granularity?: 'document' | 'provision';
        limit?: number;
        mode?: 'fulltext' | 'hybrid';
        /** @description The query, 1–500 characters. */
        q: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of results, best first. */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessEnvelopeBase'] & {
            data: {
              /** @description Whether `next_cursor` leads on (false on the last page; a page after `true` may still be empty). */
              has_more: boolean;
              next_cursor: string | null;
              /** @description `SearchResult` items, or `ProvisionSearchResult` items with `granularity=provision`. */
              results: (components['schemas']['SearchResult'] | components['schemas']['ProvisionSearchResult'])[];
            };
            meta: components['schemas']['Meta'] & {
              /** @enum {string} */
              granularity: 'document' | 'provision';
              /** @enum {string} */
              mode: 'fulltext' | 'hybrid';
              /** @description Rankings that contributed, e.g. ["lexical","trigram"]; "citation" when q cites a document. With `granularity=provision`: "lexical" (the query's words and lemmas) and, in hybrid, "related" when related terms of the query (the meaning signal) took part. */
              signals: ('citation' | 'lexical' | 'trigram' | 'vector' | 'related')[];
            };
          };
        };
      };
      400: components['responses']['InvalidRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  getOpenApi: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The OpenAPI document. */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            openapi: string;
            paths: {
              [key: string]: {
                [key: string]: unknown;
              };
            };
            servers?: ({
              url: string;
            } & {
              [key: string]: unknown;
            })[];
          } & {
            [key: string]: unknown;
          };
        };
      };
      400: components['responses']['InvalidRequest'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  getUsage: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Usage. */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessEnvelopeBase'] & {
            data: components['schemas']['Usage'];
          };
        };
      };
      400: components['responses']['InvalidRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  listWebhooks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Every webhook of the organization. */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessEnvelopeBase'] & {
            data: {
              webhooks: components['schemas']['Webhook'][];
            };
          };
        };
      };
      400: components['responses']['InvalidRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  createWebhook: {
    parameters: {
      query?: never;
      header?: {
        /** @description A unique key per intended operation (a UUID, say; 1 to 255 visible ASCII characters, bare or
         *     as a quoted string). Within 24 hours, a retry with the same key, method, path and body is
         *     not run again: it gets the first answer (status, body, `Location`) with
         *     `Idempotent-Replayed: true`. The same key with another request is a 422
         *     `idempotency_key_reused`; while the first request with the key is still running, a retry
         *     gets a 409 `conflict` (`details.reason = "idempotency_key_in_progress"`) with
         *     `Retry-After: 1`. Keys belong to the organization; answers that failed on the server (5xx)
         *     are not kept, so their retry runs again.
         *      */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          description?: string | null;
          events: components['schemas']['WebhookEventType'][];
          /**
           * Format: uri
           * @example https://example.com/hooks/legal
           */
          url: string;
        };
      };
    };
    responses: {
      /** @description The webhook and its signing secret. `Location` names the new webhook. */
      201: {
        headers: {
          Location: components['headers']['Location'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessEnvelopeBase'] & {
            data: {
              secret: components['schemas']['WebhookSecret'];
              webhook: components['schemas']['Webhook'];
            };
          };
        };
      };
      400: components['responses']['InvalidRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      405: components['responses']['MethodNotAllowed'];
      409: components['responses']['IdempotencyInProgress'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['IdempotencyKeyReused'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  getWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Webhook id (`wh_…`). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The webhook (never its secret). */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessEnvelopeBase'] & {
            data: {
              webhook: components['schemas']['Webhook'];
            };
          };
        };
      };
      400: components['responses']['InvalidRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  deleteWebhook: {
    parameters: {
      query?: never;
      header?: {
        /** @description A unique key per intended operation (a UUID, say; 1 to 255 visible ASCII characters, bare or
         *     as a quoted string). Within 24 hours, a retry with the same key, method, path and body is
         *     not run again: it gets the first answer (status, body, `Location`) with
         *     `Idempotent-Replayed: true`. The same key with another request is a 422
         *     `idempotency_key_reused`; while the first request with the key is still running, a retry
         *     gets a 409 `conflict` (`details.reason = "idempotency_key_in_progress"`) with
         *     `Retry-After: 1`. Keys belong to the organization; answers that failed on the server (5xx)
         *     are not kept, so their retry runs again.
         *      */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description Webhook id (`wh_…`). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      204: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['InvalidRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      409: components['responses']['IdempotencyInProgress'];
      422: components['responses']['IdempotencyKeyReused'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  updateWebhook: {
    parameters: {
      query?: never;
      header?: {
        /** @description A unique key per intended operation (a UUID, say; 1 to 255 visible ASCII characters, bare or
         *     as a quoted string). Within 24 hours, a retry with the same key, method, path and body is
         *     not run again: it gets the first answer (status, body, `Location`) with
         *     `Idempotent-Replayed: true`. The same key with another request is a 422
         *     `idempotency_key_reused`; while the first request with the key is still running, a retry
         *     gets a 409 `conflict` (`details.reason = "idempotency_key_in_progress"`) with
         *     `Retry-After: 1`. Keys belong to the organization; answers that failed on the server (5xx)
         *     are not kept, so their retry runs again.
         *      */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description Webhook id (`wh_…`). */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          description?: string | null;
          /** @description `true` re-enables a disabled webhook; `false` disables it. */
          enabled?: boolean;
          events?: components['schemas']['WebhookEventType'][];
          /**
           * Format: uri
           * @example https://example.com/hooks/legal
           */
          url?: string;
        };
      };
    };
    responses: {
      /** @description The webhook as it is now. */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessEnvelopeBase'] & {
            data: {
              webhook: components['schemas']['Webhook'];
            };
          };
        };
      };
      400: components['responses']['InvalidRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      409: components['responses']['IdempotencyInProgress'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['IdempotencyKeyReused'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: {
        /** @description Opaque; `next_cursor` of the previous page. */
        cursor?: string;
        limit?: number;
      };
      header?: never;
      path: {
        /** @description Webhook id (`wh_…`). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of deliveries. */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessEnvelopeBase'] & {
            data: {
              deliveries: components['schemas']['WebhookDelivery'][];
              /** @description Whether another page follows (`next_cursor` is then not null). */
              has_more: boolean;
              next_cursor: string | null;
              webhook_id: string;
            };
          };
        };
      };
      400: components['responses']['InvalidRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  getWebhookDelivery: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Delivery id (`msg_…`), the `webhook-id` header of its attempts. */
        deliveryId: string;
        /** @description Webhook id (`wh_…`). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The delivery. */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessEnvelopeBase'] & {
            data: {
              delivery: components['schemas']['WebhookDeliveryDetail'];
            };
          };
        };
      };
      400: components['responses']['InvalidRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  replayWebhookDelivery: {
    parameters: {
      query?: never;
      header?: {
        /** @description A unique key per intended operation (a UUID, say; 1 to 255 visible ASCII characters, bare or
         *     as a quoted string). Within 24 hours, a retry with the same key, method, path and body is
         *     not run again: it gets the first answer (status, body, `Location`) with
         *     `Idempotent-Replayed: true`. The same key with another request is a 422
         *     `idempotency_key_reused`; while the first request with the key is still running, a retry
         *     gets a 409 `conflict` (`details.reason = "idempotency_key_in_progress"`) with
         *     `Retry-After: 1`. Keys belong to the organization; answers that failed on the server (5xx)
         *     are not kept, so their retry runs again.
         *      */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description Delivery id (`msg_…`), the `webhook-id` header of its attempts. */
        deliveryId: string;
        /** @description Webhook id (`wh_…`). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The new delivery; `Location` names it. */
      202: {
        headers: {
          Location: components['headers']['Location'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessEnvelopeBase'] & {
            data: {
              delivery: components['schemas']['WebhookDelivery'];
            };
          };
        };
      };
      400: components['responses']['InvalidRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      409: components['responses']['WebhookConflict'];
      422: components['responses']['IdempotencyKeyReused'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  rotateWebhookSecret: {
    parameters: {
      query?: never;
      header?: {
        /** @description A unique key per intended operation (a UUID, say; 1 to 255 visible ASCII characters, bare or
         *     as a quoted string). Within 24 hours, a retry with the same key, method, path and body is
         *     not run again: it gets the first answer (status, body, `Location`) with
         *     `Idempotent-Replayed: true`. The same key with another request is a 422
         *     `idempotency_key_reused`; while the first request with the key is still running, a retry
         *     gets a 409 `conflict` (`details.reason = "idempotency_key_in_progress"`) with
         *     `Retry-After: 1`. Keys belong to the organization; answers that failed on the server (5xx)
         *     are not kept, so their retry runs again.
         *      */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description Webhook id (`wh_…`). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The webhook and its new signing secret. */
      200: {
        headers: {
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessEnvelopeBase'] & {
            data: {
              secret: components['schemas']['WebhookSecret'];
              webhook: components['schemas']['Webhook'];
            };
          };
        };
      };
      400: components['responses']['InvalidRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      409: components['responses']['IdempotencyInProgress'];
      422: components['responses']['IdempotencyKeyReused'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  sendWebhookTestEvent: {
    parameters: {
      query?: never;
      header?: {
        /** @description A unique key per intended operation (a UUID, say; 1 to 255 visible ASCII characters, bare or
         *     as a quoted string). Within 24 hours, a retry with the same key, method, path and body is
         *     not run again: it gets the first answer (status, body, `Location`) with
         *     `Idempotent-Replayed: true`. The same key with another request is a 422
         *     `idempotency_key_reused`; while the first request with the key is still running, a retry
         *     gets a 409 `conflict` (`details.reason = "idempotency_key_in_progress"`) with
         *     `Retry-After: 1`. Keys belong to the organization; answers that failed on the server (5xx)
         *     are not kept, so their retry runs again.
         *      */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path: {
        /** @description Webhook id (`wh_…`). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The queued delivery; `Location` names it. */
      202: {
        headers: {
          Location: components['headers']['Location'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessEnvelopeBase'] & {
            data: {
              delivery: components['schemas']['WebhookDelivery'];
            };
          };
        };
      };
      400: components['responses']['InvalidRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      405: components['responses']['MethodNotAllowed'];
      409: components['responses']['WebhookConflict'];
      422: components['responses']['IdempotencyKeyReused'];
      429: components['responses']['TooManyRequests'];
      500: components['responses']['InternalError'];
      503: components['responses']['Unavailable'];
    };
  };
  getDocumentPaid: {
    parameters: {
      query?: never;
      header?: {
        /** @description x402 v2 payment, base64 of the JSON `X402PaymentPayloadV2` (takes precedence over `X-PAYMENT`). */
        'PAYMENT-SIGNATURE'?: string;
        /** @description base64 of the JSON x402 payment payload (`X402PaymentPayload`) built for one `accepts` entry. */
        'X-PAYMENT'?: string;
      };
      path: {
        /** @description Document id (`SB-2012-89`) or natural key (`sb/2012/89`, URL-encoded or not). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The document (same body as `GET /v1/legal/documents/{id}`), paid. */
      200: {
        headers: {
          'PAYMENT-RESPONSE': components['headers']['X402PaymentResponseV2'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          'X-PAYMENT-RESPONSE': components['headers']['X402PaymentResponse'];
          'X-RateLimit-Limit': components['headers']['X402RateLimitLimit'];
          'X-RateLimit-Remaining': components['headers']['X402RateLimitRemaining'];
          'X-RateLimit-Reset': components['headers']['X402RateLimitReset'];
          'X-Request-Id': components['headers']['X402RequestId'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DocumentEnvelope'];
        };
      };
      400: components['responses']['X402InvalidRequest'];
      402: components['responses']['X402PaymentRequired'];
      404: components['responses']['X402NotFound'];
      405: components['responses']['X402MethodNotAllowed'];
      429: components['responses']['X402RateLimited'];
      500: components['responses']['X402InternalError'];
      502: components['responses']['X402FacilitatorUnavailable'];
      503: components['responses']['X402Unavailable'];
    };
  };
}
