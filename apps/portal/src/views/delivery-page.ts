import { WEBHOOK_RESPONSE_BODY_LIMIT, type DeliveryAttemptDetailView, type DeliveryDetailView, type WebhookView } from '@dp/db';
import { actionButton, timeTag } from './forms';
import { html, type SafeHtml } from './html';
import { layout, type PageChrome } from './layout';
import { deliveryPath, deliveryTiming, flash, shortUrl, WEBHOOK_SCRIPTS, webhookPath } from './webhooks-page';

export interface DeliveryPageModel extends Pick<PageChrome, 'session' | 'csrfToken'> {
  webhook: WebhookView;
  delivery: DeliveryDetailView;
  message?: SafeHtml | string;
}

const headerLines = (headers: Record<string, string>) =>
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');

/** A JSON body pretty-printed when it parses, as sent otherwise. */
function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function attempt(d: DeliveryDetailView, a: DeliveryAttemptDetailView): SafeHtml {
  const id = `attempt-${a.attempt_no}`;
  return html`<section class="attempt" aria-labelledby="${id}-title">
  <h2 id="${id}-title">Attempt ${a.attempt_no} of ${d.attempt_count}</h2>
  <dl class="kv">
    <dt>Started</dt><dd>${timeTag(a.started_at)}</dd>
    <dt>Duration</dt><dd>${a.duration_ms} ms</dd>
    <dt>Response status</dt><dd>${a.status_code ?? html`<span class="muted">no response</span>`}</dd>
    ${a.error ? html`<dt>Error</dt><dd class="break">${a.error}</dd>` : ''}
  </dl>
  <h3>Request sent</h3>
  ${
    a.request
      ? html`<p class="hint">Headers, the signature included (the signing secret itself is never stored).</p>
  <h4>Headers</h4>
  <pre class="wire">${headerLines(a.request.headers)}</pre>
  <h4>Body</h4>
  <pre class="wire">${prettyBody(a.request.body)}</pre>`
      : html`<p class="muted">Not recorded for this attempt.</p>`
  }
  <h3>Response</h3>
  ${
    a.response
      ? html`<h4>Headers</h4>
  <pre class="wire">${headerLines(a.response.headers)}</pre>
  <h4>Body</h4>
  <p class="hint">The first ${WEBHOOK_RESPONSE_BODY_LIMIT / 1024} KB are kept${a.response.body_truncated ? html`; <strong>this answer was longer and has been cut</strong>` : ''}.</p>
  <pre class="wire">${a.response.body || '(empty)'}</pre>`
      : html`<p class="muted">No response was received.</p>`
  }
</section>`;
}

export function deliveryPage(m: DeliveryPageModel): SafeHtml {
  const { webhook: w, delivery: d } = m;
  return layout(
    { ...m, title: 'Delivery', current: 'webhooks', scripts: WEBHOOK_SCRIPTS },
    html`<p><a href="${webhookPath(w.id)}">Back to the webhook</a> (${shortUrl(w.url)})</p>
${flash(m.message)}
<dl class="kv">
  <dt>Delivery id (<code>webhook-id</code>)</dt><dd><code>${d.id}</code></dd>
  <dt>Event</dt><dd><code>${d.event_type}</code></dd>
  <dt>Status</dt><dd><span class="badge badge-${d.status}">${d.status}</span></dd>
  <dt>Attempts</dt><dd>${d.attempt_count}</dd>
  <dt>Created</dt><dd>${timeTag(d.created_at)}</dd>
  <dt>${d.delivered_at ? 'Delivered' : 'Next attempt'}</dt><dd>${deliveryTiming(d, w)}</dd>
  ${d.replay_of ? html`<dt>Replay of</dt><dd><a href="${deliveryPath(w.id, d.replay_of)}"><code>${d.replay_of}</code></a></dd>` : ''}
</dl>
${
  w.status === 'active'
    ? html`<div class="button-row">${actionButton({ action: `${deliveryPath(w.id, d.id)}/replay`, label: 'Replay', accessibleLabel: `Replay delivery ${d.id}`, csrfToken: m.csrfToken })}</div>
<p class="hint">A replay sends the same event again as a new delivery; this one stays as it is.</p>`
    : ''
}
<h2>Event data</h2>
<pre class="wire">${JSON.stringify(d.payload, null, 2)}</pre>
${d.attempts.length ? [...d.attempts].reverse().map((a) => attempt(d, a)) : html`<p>No attempt yet.</p>`}`,
  );
}
