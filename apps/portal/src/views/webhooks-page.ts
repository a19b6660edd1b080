import { CHANGE_KINDS } from '@dp/core';
import type { DeliveryView, WebhookView } from '@dp/db';
import { actionButton, checkboxes, csrfField, errorSummary, notice, secretOnce, textField, timeTag, type FieldError } from './forms';
import { html, type SafeHtml } from './html';
import { layout, type PageChrome } from './layout';

const EVENT_HINTS: Record<string, string> = {
  'document.created': 'A document enters the corpus.',
  'document.version_added': 'A new version (amended text) of a document.',
  'document.status_changed': 'A document’s effectivity status changes (e.g. repealed).',
  'relation.created': 'A new relation between documents (amends, repeals, cites).',
};

export interface WebhooksPageModel extends Pick<PageChrome, 'session' | 'csrfToken'> {
  webhooks: WebhookView[];
  created?: { webhook: WebhookView; secret: string };
  message?: string;
  errors?: FieldError[];
  values?: { url?: string; description?: string; events?: string[] };
  production: boolean;
}

function createForm(m: WebhooksPageModel): SafeHtml {
  const errors = m.errors ?? [];
  return html`<section class="panel" aria-labelledby="create-title">
  <h2 id="create-title">Add a webhook</h2>
  ${errorSummary(errors)}
  <form method="post" action="/portal/webhooks" novalidate class="stack">
    ${csrfField(m.csrfToken)}
    ${textField({ id: 'url', name: 'url', label: 'Endpoint URL', type: 'url', value: m.values?.url, required: true, maxlength: 2048, hint: m.production ? 'An https URL on the public internet.' : 'An https URL (http is accepted for localhost while developing).', errors })}
    ${textField({ id: 'description', name: 'description', label: 'Description (optional)', value: m.values?.description, maxlength: 500, errors })}
    ${checkboxes({
      id: 'events',
      name: 'events',
      legend: 'Events to send',
      options: CHANGE_KINDS.map((k) => ({ value: k, label: k, hint: EVENT_HINTS[k] })),
      checked: m.values?.events ?? [...CHANGE_KINDS],
      errors,
    })}
    <button type="submit" class="button button-primary">Add webhook</button>
  </form>
  <p class="hint">Deliveries follow the Standard Webhooks specification: verify the <code>webhook-signature</code> header with the signing secret.</p>
</section>`;
}

function list(m: WebhooksPageModel): SafeHtml {
  if (!m.webhooks.length) return html`<p>No webhooks yet.</p>`;
  return html`<div class="table-scroll" role="region" aria-labelledby="webhooks-caption" tabindex="0">
<table class="data-table cards">
  <caption id="webhooks-caption">Your organization's webhooks</caption>
  <thead><tr><th scope="col">Endpoint</th><th scope="col">Events</th><th scope="col">State</th><th scope="col">Created</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
  <tbody>
  ${m.webhooks.map(
    (w) => html`<tr data-webhook-id="${w.id}">
    <td data-label="Endpoint"><span class="break">${w.url}</span>${w.description ? html`<br><span class="muted">${w.description}</span>` : ''}</td>
    <td data-label="Events">${w.events.join(', ')}</td>
    <td data-label="State"><span class="badge badge-${w.status}">${w.status}</span>${w.failure_count ? html` <span class="muted">${w.failure_count} failures</span>` : ''}${w.disabled_reason ? html`<br><span class="muted">${w.disabled_reason}</span>` : ''}</td>
    <td data-label="Created">${timeTag(w.created_at)}</td>
    <td data-label="Actions" class="actions">
      <a class="button" href="/portal/webhooks/${encodeURIComponent(w.id)}" aria-label="Recent deliveries to ${w.url}">Deliveries</a>
      ${actionButton({
        action: `/portal/webhooks/${encodeURIComponent(w.id)}/delete`,
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
    { ...m, title: 'Webhooks', current: 'webhooks', scripts: m.created ? ['copy.js'] : [] },
    html`<p class="lead">Webhooks notify your server when documents change, instead of polling the changes feed.</p>
${notice(m.message, 'success')}
${
  m.created
    ? secretOnce({
        id: 'new-secret',
        label: 'Signing secret',
        value: m.created.secret,
        explanation: `Webhook for ${m.created.webhook.url} added. Copy the signing secret now: it is shown only once. Your endpoint uses it to verify each delivery.`,
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

export function deliveriesPage(
  m: Pick<PageChrome, 'session' | 'csrfToken'> & { webhook: WebhookView; deliveries: DeliveryView[]; nextCursor: string | null },
): SafeHtml {
  const w = m.webhook;
  return layout(
    { ...m, title: 'Recent deliveries', current: 'webhooks' },
    html`<p class="lead">To <span class="break"><code>${w.url}</code></span> (<span class="badge badge-${w.status}">${w.status}</span>). <a href="/portal/webhooks">Back to webhooks</a></p>
${
  m.deliveries.length
    ? html`<div class="table-scroll" role="region" aria-labelledby="deliveries-caption" tabindex="0">
<table class="data-table cards">
  <caption id="deliveries-caption">Newest first</caption>
  <thead><tr><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Last response</th><th scope="col">Created</th><th scope="col">Delivered / next attempt</th></tr></thead>
  <tbody>
  ${m.deliveries.map(
    (d) => html`<tr>
    <td data-label="Event"><code>${d.event_type}</code></td>
    <td data-label="Status"><span class="badge badge-${d.status}">${d.status}</span></td>
    <td data-label="Attempts">${d.attempt_count}</td>
    <td data-label="Last response">${d.last_status ?? ''}${d.last_error ? html` <span class="muted">${d.last_error}</span>` : ''}${d.last_status === null && !d.last_error ? '—' : ''}</td>
    <td data-label="Created">${timeTag(d.created_at)}</td>
    <td data-label="Delivered / next attempt">${d.delivered_at ? timeTag(d.delivered_at) : d.next_attempt_at ? html`next ${timeTag(d.next_attempt_at)}` : '—'}</td>
  </tr>`,
  )}
  </tbody>
</table>
</div>
${m.nextCursor ? html`<p><a href="/portal/webhooks/${encodeURIComponent(w.id)}?cursor=${encodeURIComponent(m.nextCursor)}">Older deliveries</a></p>` : ''}`
    : html`<p>No deliveries yet. They appear here when a subscribed event happens.</p>`
}`,
  );
}
