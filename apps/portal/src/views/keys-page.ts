import type { Scope } from '@dp/core';
import type { KeyFlash } from '../auth/flash';
import { firstRequestPanel } from './first-request';
import {
  actionButton,
  checkboxes,
  confirmEmailFirst,
  csrfField,
  errorSummary,
  notice,
  resultNotice,
  secretOnce,
  textField,
  timeTag,
  type FieldError,
} from './forms';
import { html, type SafeHtml } from './html';
import { layout, type PageChrome } from './layout';

export interface KeyRow {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  status: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export interface KeysPageModel extends Pick<PageChrome, 'session' | 'csrfToken'> {
  keys: KeyRow[];
  /** PUBLIC_BASE_URL: where the first request goes. */
  baseUrl: string;
  /** The outcome of the POST that redirected here, read once from the session's flash. */
  flash?: KeyFlash | null;
  /** How fast a revocation takes effect in this deployment (truthful for its configuration). */
  revocationEffect: string;
  message?: string;
  errors?: FieldError[];
  values?: { name?: string; scopes?: Scope[] };
}

const SCOPE_OPTIONS = [
  { value: 'read', label: 'read', hint: 'Search and read legal documents, effectivity, relations and the changes feed.' },
  { value: 'manage', label: 'manage', hint: 'Read usage and manage webhooks through the API. Does not include read.' },
];

const keyLabel = (k: { prefix: string; name: string }) => (k.name ? `${k.prefix}… (${k.name})` : `${k.prefix}…`);

function createForm(m: KeysPageModel): SafeHtml {
  const errors = m.errors ?? [];
  if (!m.session?.user.emailVerified) {
    return confirmEmailFirst('API keys can be created', m.session?.user.email, m.csrfToken);
  }
  return html`<section class="panel" aria-labelledby="create-title">
  <h2 id="create-title">Create an API key</h2>
  ${errorSummary(errors)}
  <form method="post" action="/portal/keys" novalidate class="stack">
    ${csrfField(m.csrfToken)}
    ${textField({ id: 'key-name', name: 'name', label: 'Name (optional)', value: m.values?.name, maxlength: 100, hint: 'Helps you tell keys apart, e.g. “production server”.', errors })}
    ${checkboxes({ id: 'scopes', name: 'scopes', legend: 'Scopes', options: SCOPE_OPTIONS, checked: m.values?.scopes ?? ['read'], errors })}
    <button type="submit" class="button button-primary">Create key</button>
  </form>
</section>`;
}

function keyTable(m: KeysPageModel): SafeHtml {
  if (!m.keys.length) return html`<p>No keys yet.</p>`;
  return html`<div class="table-scroll" role="region" aria-labelledby="keys-caption" tabindex="0">
<table class="data-table cards">
  <caption id="keys-caption">Your organization's API keys</caption>
  <thead><tr><th scope="col">Key</th><th scope="col">Name</th><th scope="col">Key id</th><th scope="col">Scopes</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">State</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
  <tbody>
  ${m.keys.map(
    (k) => html`<tr data-key-id="${k.id}">
    <td data-label="Key"><code>${k.prefix}…</code></td>
    <td data-label="Name" class="break">${k.name || html`<span class="muted">—</span>`}</td>
    <td data-label="Key id"><code class="break">${k.id}</code></td>
    <td data-label="Scopes">${k.scopes.join(', ')}</td>
    <td data-label="Created">${timeTag(k.createdAt)}</td>
    <td data-label="Last used">${timeTag(k.lastUsedAt)}</td>
    <td data-label="State"><span class="badge badge-${k.status}">${k.status}</span>${k.revokedAt ? html` <span class="muted">since ${timeTag(k.revokedAt)}</span>` : ''}</td>
    <td data-label="Actions">${
      k.status === 'active'
        ? actionButton({
            action: `/portal/keys/${encodeURIComponent(k.id)}/revoke`,
            label: 'Revoke',
            accessibleLabel: `Revoke key ${k.prefix}`,
            csrfToken: m.csrfToken,
            confirm: `Revoke ${keyLabel(k)}? ${m.revocationEffect} This cannot be undone.`,
            danger: true,
          })
        : ''
    }</td>
  </tr>`,
  )}
  </tbody>
</table>
</div>
<p class="hint">The key id is what <code>pnpm cli key:revoke &lt;key id&gt;</code> takes on the server.</p>`;
}

function flashMessage(m: KeysPageModel): SafeHtml {
  const f = m.flash;
  if (!f) return html``;
  if (f.kind === 'key_revoked') {
    return resultNotice(html`<p>Key <code>${keyLabel(f)}</code> (id <code class="break">${f.keyId}</code>) has been revoked.</p>
<p>${m.revocationEffect}</p>`);
  }
  return resultNotice(
    html`<p>Key <code>${keyLabel(f)}</code> (id <code class="break">${f.keyId}</code>) has been created. Copy it below: it is shown only on this page.</p>`,
  );
}

export function keysPage(m: KeysPageModel): SafeHtml {
  const created = m.flash?.kind === 'key_created' ? m.flash : undefined;
  return layout(
    { ...m, title: 'API keys', current: 'keys', scripts: ['copy.js'] },
    html`${flashMessage(m)}
${notice(m.message, 'success')}
${
  created
    ? secretOnce({
        id: 'new-key',
        label: 'Your new API key',
        value: created.key,
        explanation:
          'Copy it now and keep it somewhere safe: this is the only time it is shown (reloading this page does not show it again). Send it as “Authorization: Bearer <key>”.',
      })
    : ''
}
${m.session?.user.emailVerified ? firstRequestPanel({ baseUrl: m.baseUrl, key: created?.key }) : ''}
${createForm(m)}
<section aria-labelledby="keys-title">
  <h2 id="keys-title">Keys</h2>
  ${keyTable(m)}
</section>`,
  );
}
