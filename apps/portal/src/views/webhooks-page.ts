import { CHANGE_KINDS } from '@dp/core';
import type { DeliveryView, WebhookView } from '@dp/db';
import {
  actionButton,
  checkboxes,
  confirmEmailFirst,
  csrfField,
  errorSummary,
  secretOnce,
  textField,
  timeTag,
  type FieldError,
} from './forms';
import { html, type SafeHtml } from './html';
import { layout, type PageChrome } from './layout';

const EVENT_HINTS: Record<string, string> = {
  'document.created': 'A document enters the corpus.',
  'document.version_added': 'A new version (amended text) of a document.',
  'document.status_changed': 'A document’s effectivity status changes (e.g. repealed).',
  'document.updated': 'A document’s metadata (title, citation, dates, …) or text changes without a new version.',
  'relation.created': 'A new relation between documents (amends, repeals, cites).',
};

/** Scripts of every webhook page: webhooks.js moves focus to the result of the last action. */
export const WEBHOOK_SCRIPTS = ['webhooks.js'];

export const webhookPath = (id: string) => `/portal/webhooks/${encodeURIComponent(id)}`;
export const deliveryPath = (webhookId: string, deliveryId: string) =>
  `${webhookPath(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}`;

/**
 * The result of an action, shown after its redirect: a polite status message that webhooks.js
 * focuses (tabindex=-1), so keyboard and screen-reader users land on what happened.
 */
export function flash(message: SafeHtml | string | undefined, kind: 'success' | 'warning' = 'success'): SafeHtml {
  if (!message) return html``;
  return html`<div class="notice notice-${kind}" id="flash" role="status" aria-live="polite" tabindex="-1" data-focus-on-load>${message}</div>`;
}

/** A long URL cut to one line with an ellipsis; the full URL is in the title (and on the detail page). */
export function shortUrl(url: string, href?: string): SafeHtml {
  return href
    ? html`<a class="url-cut" href="${href}" title="${url}">${url}</a>`
    : html`<span class="url-cut" title="${url}">${url}</span>`;
}

/** The event-type checkboxes of the create and edit forms. */
export function eventsField(id: string, checked: string[], errors: FieldError[]): SafeHtml {
  return checkboxes({
    id,
    name: 'events',
    legend: 'Events to send',
    options: CHANGE_KINDS.map((k) => ({ value: k, label: k, hint: EVENT_HINTS[k] })),
    checked,
    errors,
  });
}

/** "delivered at …", "next attempt …", or why nothing is due (a disabled webhook sends nothing). */
export function deliveryTiming(d: Pick<DeliveryView, 'delivered_at' | 'next_attempt_at' | 'status'>, webhook: WebhookView): SafeHtml {
  if (d.delivered_at) return timeTag(d.delivered_at);
  if (d.status === 'pending' && webhook.status !== 'active') return html`<span class="muted">waits until the webhook is re-enabled</span>`;
  if (d.next_attempt_at) return html`next ${timeTag(d.next_attempt_at)}`;
  return html`—`;
}

export interface WebhooksPageModel extends Pick<PageChrome, 'session' | 'csrfToken'> {
  webhooks: WebhookView[];
  /** A webhook just created (from the session's one-time flash): its URL and secret, shown this once. */
  created?: { url: string; secret: string };
  message?: string;
  errors?: FieldError[];
  values?: { url?: string; description?: string; events?: string[] };
  allowPrivateTargets: boolean;
}

export function urlHint(allowPrivateTargets: boolean): string {
  return allowPrivateTargets
    ? 'An https URL (private and loopback hosts, and http to them, are accepted: WEBHOOK_ALLOW_PRIVATE_TARGETS is on).'
    : 'An https URL on the public internet.';
}

function createForm(m: WebhooksPageModel): SafeHtml {
  const errors = m.errors ?? [];
  // Like API keys, webhooks need a confirmed email address: an unconfirmed account cannot send data out.
  if (!m.session?.user.emailVerified) {
    return confirmEmailFirst('Webhooks can be added', m.session?.user.email, m.csrfToken);
  }
  return html`<section class="panel" aria-labelledby="create-title">
  <h2 id="create-title">Add a webhook</h2>
  ${errorSummary(errors)}
  <form method="post" action="/portal/webhooks" novalidate class="stack">
    ${csrfField(m.csrfToken)}
    ${textField({ id: 'url', name: 'url', label: 'Endpoint URL', type: 'url', value: m.values?.url, required: true, maxlength: 2048, hint: urlHint(m.allowPrivateTargets), errors })}
    ${textField({ id: 'description', name: 'description', label: 'Description (optional)', value: m.values?.description, maxlength: 500, errors })}
    ${eventsField('events', m.values?.events ?? [...CHANGE_KINDS], errors)}
    <button type="submit" class="button button-primary">Add webhook</button>
  </form>
  <p class="hint">Deliveries follow the Standard Webhooks specification: verify the <code>webhook-signature</code> header with the signing secret.</p>
</section>`;
}

function list(m: WebhooksPageModel): SafeHtml {
  if (!m.webhooks.length) return html`<p>No webhooks yet.</p>`;
  return html`<div class="table-scroll" role="region" aria-labelledby="webhooks-caption" tabindex="0">
<table class="data-table cards webhook-table">
  <caption id="webhooks-caption">Your organization's webhooks</caption>
  <thead><tr><th scope="col">Endpoint</th><th scope="col">Events</th><th scope="col">State</th><th scope="col">Created</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
  <tbody>
  ${m.webhooks.map(
    (w) => html`<tr data-webhook-id="${w.id}">
    <td data-label="Endpoint">${shortUrl(w.url, webhookPath(w.id))}${w.description ? html`<br><span class="muted break">${w.description}</span>` : ''}</td>
    <td data-label="Events" class="break">${w.events.join(', ')}</td>
    <td data-label="State"><span class="badge badge-${w.status}">${w.status}</span>${w.failure_count ? html` <span class="muted">${w.failure_count} failures</span>` : ''}${w.disabled_reason ? html`<br><span class="muted">${w.disabled_reason}</span>` : ''}</td>
    <td data-label="Created">${timeTag(w.created_at)}</td>
    <td data-label="Actions" class="actions">
      <a class="button" href="${webhookPath(w.id)}" aria-label="Recent deliveries to ${w.url}">Deliveries</a>
      ${actionButton({
        action: `${webhookPath(w.id)}/delete`,
        label: 'Delete',
        accessibleLabel: `Delete webhook ${w.url}`,
        csrfToken: m.csrfToken,
        confirm: `Delete the webhook for ${w.url}? Pending deliveries are dropped.`,
        danger: true,
      })}
    </td>
  </tr>`,
  )}
  </tbody>
</table>
</div>`;
}

export function webhooksPage(m: WebhooksPageModel): SafeHtml {
  return layout(
    { ...m, title: 'Webhooks', current: 'webhooks', scripts: m.created ? ['copy.js', ...WEBHOOK_SCRIPTS] : WEBHOOK_SCRIPTS },
    html`<p class="lead">Webhooks notify your server when documents change, instead of polling the changes feed.</p>
${flash(m.created ? `Webhook for ${m.created.url} added. Copy its signing secret below: it is shown only once.` : m.message)}
${
  m.created
    ? secretOnce({
        id: 'new-secret',
        label: 'Signing secret',
        value: m.created.secret,
        explanation: 'Copy the signing secret now: it is shown only once. Your endpoint uses it to verify each delivery.',
      })
    : ''
}
${createForm(m)}
<section aria-labelledby="list-title">
  <h2 id="list-title">Webhooks</h2>
  ${list(m)}
</section>`,
  );
}
