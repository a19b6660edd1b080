import { html, type SafeHtml } from './html';

/** A problem with one form field; `field` is the id of the input it belongs to. */
export interface FieldError {
  field: string;
  message: string;
}

export function csrfField(token: string | undefined): SafeHtml {
  return html`<input type="hidden" name="_csrf" value="${token ?? ''}">`;
}

/**
 * Stands in for a create form until the account's email address is confirmed; `waiting` says what
 * waits for it ("API keys can be created"). The resend form sends the confirmation link again.
 */
export function confirmEmailFirst(waiting: string, email: string | undefined, csrfToken: string | undefined): SafeHtml {
  return html`<section class="panel" aria-labelledby="verify-title">
  <h2 id="verify-title">Confirm your email address first</h2>
  <p>${waiting} once your email address is confirmed. We sent a link to <strong>${email ?? ''}</strong>.</p>
  <form method="post" action="/portal/verify-email/resend" class="stack">
    ${csrfField(csrfToken)}
    <button type="submit" class="button">Resend confirmation email</button>
  </form>
</section>`;
}

/**
 * Listed at the top of a form that failed: announced by screen readers (role=alert), focused by
 * portal.js, each entry a link to its field.
 */
export function errorSummary(errors: FieldError[]): SafeHtml {
  if (!errors.length) return html``;
  return html`<div class="error-summary" role="alert" aria-live="assertive" aria-labelledby="error-summary-title" tabindex="-1">
  <h2 id="error-summary-title">There is a problem</h2>
  <ul>
    ${errors.map((e) => html`<li><a href="#${e.field}">${e.message}</a></li>`)}
  </ul>
</div>`;
}

export interface TextFieldOptions {
  id: string;
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'url' | 'date';
  value?: string;
  autocomplete?: string;
  hint?: string;
  required?: boolean;
  minlength?: number;
  maxlength?: number;
  errors?: FieldError[];
}

/** Label tied to the input; hint and error referenced by aria-describedby. */
export function textField(o: TextFieldOptions): SafeHtml {
  const error = o.errors?.find((e) => e.field === o.id);
  const describedBy = [o.hint ? `${o.id}-hint` : '', error ? `${o.id}-error` : ''].filter(Boolean).join(' ');
  return html`<div class="field${error ? ' field-error' : ''}">
  <label for="${o.id}">${o.label}</label>
  ${o.hint ? html`<p class="hint" id="${o.id}-hint">${o.hint}</p>` : ''}
  ${error ? html`<p class="error-message" id="${o.id}-error"><span class="visually-hidden">Error:</span> ${error.message}</p>` : ''}
  <input id="${o.id}" name="${o.name}" type="${o.type ?? 'text'}"${o.value !== undefined && o.type !== 'password' ? html` value="${o.value}"` : ''}${o.autocomplete ? html` autocomplete="${o.autocomplete}"` : ''}${o.required ? html` required` : ''}${o.minlength ? html` minlength="${o.minlength}"` : ''}${o.maxlength ? html` maxlength="${o.maxlength}"` : ''}${describedBy ? html` aria-describedby="${describedBy}"` : ''}${error ? html` aria-invalid="true"` : ''}>
</div>`;
}

export interface CheckboxOption {
  value: string;
  label: string;
  hint?: string;
}

/** A fieldset of checkboxes, its legend naming the group for assistive technology. */
export function checkboxes(o: {
  id: string;
  name: string;
  legend: string;
  options: CheckboxOption[];
  checked: string[];
  errors?: FieldError[];
}): SafeHtml {
  const error = o.errors?.find((e) => e.field === o.id);
  return html`<fieldset class="field${error ? ' field-error' : ''}" id="${o.id}"${error ? html` aria-describedby="${o.id}-error"` : ''}>
  <legend>${o.legend}</legend>
  ${error ? html`<p class="error-message" id="${o.id}-error"><span class="visually-hidden">Error:</span> ${error.message}</p>` : ''}
  ${o.options.map((opt, i) => {
    const id = `${o.id}-${i}`;
    return html`<div class="checkbox">
    <input type="checkbox" id="${id}" name="${o.name}" value="${opt.value}"${o.checked.includes(opt.value) ? html` checked` : ''}${opt.hint ? html` aria-describedby="${id}-hint"` : ''}>
    <label for="${id}">${opt.label}</label>
    ${opt.hint ? html`<p class="hint" id="${id}-hint">${opt.hint}</p>` : ''}
  </div>`;
  })}
</fieldset>`;
}

/** A polite status message (success, information) shown above the page content. */
export function notice(message: SafeHtml | string | undefined, kind: 'success' | 'info' | 'warning' = 'info'): SafeHtml {
  if (!message) return html``;
  return html`<div class="notice notice-${kind}" role="status" aria-live="polite">${message}</div>`;
}

/**
 * The outcome of the action that led here (created, revoked): focused when the page loads
 * (autofocus on a tabindex=-1 element), so keyboard and screen-reader users start at the result,
 * not at the top of the page.
 */
export function resultNotice(message: SafeHtml | string | undefined, kind: 'success' | 'warning' = 'success'): SafeHtml {
  if (!message) return html``;
  return html`<div class="notice notice-${kind}" id="result" role="status" tabindex="-1" autofocus>${message}</div>`;
}

/** A secret shown once: read-only field, copy button (static/copy.js), and a live region for feedback. */
export function secretOnce(o: { id: string; label: string; value: string; explanation: string }): SafeHtml {
  return html`<section class="secret-once" aria-labelledby="${o.id}-title">
  <h2 id="${o.id}-title">${o.label}</h2>
  <p>${o.explanation}</p>
  <div class="secret-row">
    <label class="visually-hidden" for="${o.id}">${o.label}</label>
    <input id="${o.id}" class="secret-value" type="text" readonly value="${o.value}" spellcheck="false" autocomplete="off">
    <button type="button" class="button" data-copy-target="${o.id}">Copy</button>
  </div>
  <p class="copy-status" data-copy-status-for="${o.id}" role="status" aria-live="polite"></p>
</section>`;
}

/** A single-button POST form (revoke, delete) with its CSRF field and an optional confirmation. */
export function actionButton(o: {
  action: string;
  label: string;
  accessibleLabel: string;
  csrfToken?: string;
  confirm?: string;
  danger?: boolean;
}): SafeHtml {
  return html`<form method="post" action="${o.action}" class="inline-form"${o.confirm ? html` data-confirm="${o.confirm}"` : ''}>
  ${csrfField(o.csrfToken)}
  <button type="submit" class="button${o.danger ? ' button-danger' : ''}" aria-label="${o.accessibleLabel}">${o.label}</button>
</form>`;
}

export function formatDateTime(d: Date | string | null | undefined): string {
  if (!d) return '—';
  const date = typeof d === 'string' ? new Date(d) : d;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function timeTag(d: Date | string | null | undefined): SafeHtml {
  if (!d) return html`<span aria-label="never">—</span>`;
  const date = typeof d === 'string' ? new Date(d) : d;
  return html`<time datetime="${date.toISOString()}">${formatDateTime(date)}</time>`;
}
