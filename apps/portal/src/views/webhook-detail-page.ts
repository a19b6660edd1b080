import type { DeliveryView, WebhookView } from '@dp/db';
import { actionButton, csrfField, errorSummary, secretOnce, textField, timeTag, type FieldError } from './forms';
import { html, type SafeHtml } from './html';
import { layout, type PageChrome } from './layout';
import { deliveryPath, deliveryTiming, eventsField, flash, urlHint, WEBHOOK_SCRIPTS, webhookPath } from './webhooks-page';

export interface WebhookDetailModel extends Pick<PageChrome, 'session' | 'csrfToken'> {
  webhook: WebhookView;
  deliveries: DeliveryView[];
  nextCursor: string | null;
  allowPrivateTargets: boolean;
  message?: SafeHtml | string;
  /** A secret just rotated: rendered this once, never stored. */
  rotatedSecret?: string;
  errors?: FieldError[];
  values?: { url?: string; description?: string; events?: string[] };
}

function summary(w: WebhookView): SafeHtml {
  return html`<dl class="kv">
  <dt>Endpoint URL</dt><dd class="break"><code>${w.url}</code></dd>
  <dt>Description</dt><dd>${w.description ?? html`<span class="muted">—</span>`}</dd>
  <dt>Events</dt><dd>${w.events.join(', ')}</dd>
  <dt>State</dt><dd><span class="badge badge-${w.status}">${w.status}</span>${w.disabled_reason ? html` <span class="muted">${w.disabled_reason}${w.disabled_at ? html`, ${timeTag(w.disabled_at)}` : ''}</span>` : ''}</dd>
  <dt>Consecutive failures</dt><dd>${w.failure_count}</dd>
  <dt>Created</dt><dd>${timeTag(w.created_at)}</dd>
  ${w.previous_secret_expires_at ? html`<dt>Previous secret</dt><dd>still signs deliveries until ${timeTag(w.previous_secret_expires_at)}</dd>` : ''}
</dl>`;
}

function actions(m: WebhookDetailModel): SafeHtml {
  const w = m.webhook;
  const path = webhookPath(w.id);
  return html`<section class="panel" aria-labelledby="actions-title">
  <h2 id="actions-title">Actions</h2>
  <div class="button-row">
    ${
      w.status === 'active'
        ? actionButton({ action: `${path}/test`, label: 'Send test event', accessibleLabel: 'Send test event', csrfToken: m.csrfToken })
        : actionButton({ action: `${path}/enable`, label: 'Re-enable', accessibleLabel: 'Re-enable webhook', csrfToken: m.csrfToken })
    }
    ${actionButton({
      action: `${path}/rotate`,
      label: 'Rotate signing secret',
      accessibleLabel: 'Rotate signing secret',
      csrfToken: m.csrfToken,
      confirm: 'Create a new signing secret? The current one keeps working for 24 hours.',
    })}
    ${
      w.status === 'active'
        ? actionButton({
            action: `${path}/disable`,
            label: 'Disable',
            accessibleLabel: 'Disable webhook',
            csrfToken: m.csrfToken,
            confirm: 'Disable this webhook? Nothing is sent until it is re-enabled; events wait.',
            danger: true,
          })
        : ''
    }
  </div>
  <p class="hint">A test event (<code>webhook.test</code>) is signed and sent like any other delivery and appears in the log below. After a rotation, deliveries carry signatures with both the new and the previous secret for 24 hours.</p>
</section>`;
}

function editForm(m: WebhookDetailModel): SafeHtml {
  const errors = m.errors ?? [];
  const w = m.webhook;
  return html`<section class="panel" aria-labelledby="edit-title">
  <h2 id="edit-title">Edit</h2>
  ${errorSummary(errors)}
  <form method="post" action="${webhookPath(w.id)}/edit" novalidate class="stack">
    ${csrfField(m.csrfToken)}
    ${textField({ id: 'url', name: 'url', label: 'Endpoint URL', type: 'url', value: m.values?.url ?? w.url, required: true, maxlength: 2048, hint: urlHint(m.allowPrivateTargets), errors })}
    ${textField({ id: 'description', name: 'description', label: 'Description (optional)', value: m.values?.description ?? w.description ?? '', maxlength: 500, errors })}
    ${eventsField('events', m.values?.events ?? w.events, errors)}
    <button type="submit" class="button button-primary">Save changes</button>
  </form>
</section>`;
}

function deliveryLog(m: WebhookDetailModel): SafeHtml {
  const w = m.webhook;
  if (!m.deliveries.length) return html`<p>No deliveries yet. They appear here when a subscribed event happens, or after a test event.</p>`;
  return html`<div class="table-scroll" role="region" aria-labelledby="deliveries-caption" tabindex="0">
<table class="data-table cards webhook-table">
  <caption id="deliveries-caption">Newest first</caption>
  <thead><tr><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Last response</th><th scope="col">Created</th><th scope="col">Delivered / next attempt</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
  <tbody>
  ${m.deliveries.map(
    (d) => html`<tr data-delivery-id="${d.id}">
    <td data-label="Event"><code>${d.event_type}</code>${d.replay_of ? html` <span class="muted">(replay)</span>` : ''}</td>
    <td data-label="Status"><span class="badge badge-${d.status}">${d.status}</span></td>
    <td data-label="Attempts">${d.attempt_count}</td>
    <td data-label="Last response">${d.last_status ?? ''}${d.last_error ? html` <span class="muted break">${d.last_error}</span>` : ''}${d.last_status === null && !d.last_error ? '—' : ''}</td>
    <td data-label="Created">${timeTag(d.created_at)}</td>
    <td data-label="Delivered / next attempt">${deliveryTiming(d, w)}</td>
    <td data-label="Actions" class="actions"><div class="button-row">
      <a class="button" href="${deliveryPath(w.id, d.id)}" aria-label="Details of delivery ${d.id}">Details</a>
      ${w.status === 'active' ? actionButton({ action: `${deliveryPath(w.id, d.id)}/replay`, label: 'Replay', accessibleLabel: `Replay delivery ${d.id}`, csrfToken: m.csrfToken }) : ''}
    </div></td>
  </tr>`,
  )}
  </tbody>
</table>
</div>
${m.nextCursor ? html`<p><a href="${webhookPath(w.id)}?cursor=${encodeURIComponent(m.nextCursor)}">Older deliveries</a></p>` : ''}`;
}

export function webhookDetailPage(m: WebhookDetailModel): SafeHtml {
  const w = m.webhook;
  return layout(
    { ...m, title: 'Webhook', current: 'webhooks', scripts: m.rotatedSecret ? ['copy.js', ...WEBHOOK_SCRIPTS] : WEBHOOK_SCRIPTS },
    html`<p><a href="/portal/webhooks">Back to webhooks</a></p>
${flash(m.rotatedSecret ? 'New signing secret created. Copy it below: it is shown only once. The previous secret keeps working for 24 hours.' : m.message)}
${
  m.rotatedSecret
    ? secretOnce({
        id: 'new-secret',
        label: 'New signing secret',
        value: m.rotatedSecret,
        explanation: `For ${w.url}. Update your endpoint within 24 hours; until then deliveries are signed with both secrets.`,
      })
    : ''
}
${summary(w)}
${actions(m)}
${editForm(m)}
<section aria-labelledby="deliveries-title">
  <h2 id="deliveries-title">Recent deliveries</h2>
  ${deliveryLog(m)}
</section>`,
  );
}
