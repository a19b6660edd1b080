import { MIN_PASSWORD_LENGTH } from '../auth/passwords';
import { firstRequestPanel } from './first-request';
import { csrfField, errorSummary, notice, textField, type FieldError } from './forms';
import { html, type SafeHtml } from './html';
import { layout, type PageChrome } from './layout';

type Base = Pick<PageChrome, 'csrfToken' | 'session'>;

export function signUpPage(o: Base & { values?: { email?: string; organization?: string }; errors?: FieldError[] }): SafeHtml {
  const errors = o.errors ?? [];
  return layout(
    { ...o, title: 'Create an account' },
    html`<p class="lead">An account gives your organization API keys for the Legal Documents Data API, webhooks for document changes, and a view of your usage.</p>
${errorSummary(errors)}
<form method="post" action="/portal/signup" novalidate class="stack">
  ${csrfField(o.csrfToken)}
  ${textField({ id: 'email', name: 'email', label: 'Email address', type: 'email', value: o.values?.email, autocomplete: 'email', required: true, maxlength: 254, hint: 'We send a confirmation link to this address.', errors })}
  ${textField({ id: 'password', name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', required: true, minlength: MIN_PASSWORD_LENGTH, hint: `At least ${MIN_PASSWORD_LENGTH} characters. A passphrase of a few words works well.`, errors })}
  ${textField({ id: 'organization', name: 'organization', label: 'Organization name', value: o.values?.organization, autocomplete: 'organization', required: true, maxlength: 100, hint: 'API keys and usage belong to the organization, not to you personally.', errors })}
  <button type="submit" class="button button-primary">Create account</button>
</form>
<p>Already have an account? <a href="/portal/login">Sign in</a>.</p>`,
  );
}

export function checkEmailPage(o: Base & { email: string; baseUrl: string }): SafeHtml {
  return layout(
    { ...o, title: 'Check your email', scripts: ['copy.js'] },
    html`${notice(html`If <strong>${o.email}</strong> can be used for a new account, we have sent a confirmation link to it.`, 'success')}
<p>Open the link in the mail to confirm your address (it works for 24 hours), then <a href="/portal/login">sign in</a>.</p>
<p>No mail after a few minutes? Check your spam folder, or sign in and ask for a new link from the API keys page.</p>
<p>Once your address is confirmed, create an API key on the API keys page; this is the request to try with it:</p>
${firstRequestPanel({ baseUrl: o.baseUrl })}`,
  );
}

export function verifyEmailConfirmPage(o: Base & { token: string; valid: boolean }): SafeHtml {
  if (!o.valid) return verifyEmailResultPage({ ...o, ok: false });
  return layout(
    { ...o, title: 'Confirm your email address' },
    html`<p>Select the button to confirm your email address.</p>
<form method="post" action="/portal/verify-email" class="stack">
  ${csrfField(o.csrfToken)}
  <input type="hidden" name="token" value="${o.token}">
  <button type="submit" class="button button-primary">Confirm my email address</button>
</form>`,
  );
}

export function verifyEmailResultPage(o: Base & { ok: boolean }): SafeHtml {
  return o.ok
    ? layout(
        { ...o, title: 'Email address confirmed' },
        html`${notice('Your email address is confirmed. You can now create API keys.', 'success')}
<p>${o.session ? html`<a class="button button-primary" href="/portal/keys">Go to API keys</a>` : html`<a class="button button-primary" href="/portal/login?next=%2Fportal%2Fkeys">Sign in to create an API key</a>`}</p>`,
      )
    : layout(
        { ...o, title: 'This link does not work' },
        html`${notice('The confirmation link has expired or has already been used.', 'warning')}
<p>Sign in and select “Resend confirmation email” on the API keys page to get a new link.</p>
<p><a class="button" href="/portal/login">Sign in</a></p>`,
      );
}

export function loginPage(o: Base & { email?: string; next?: string; errors?: FieldError[]; message?: SafeHtml | string }): SafeHtml {
  const errors = o.errors ?? [];
  return layout(
    { ...o, title: 'Sign in' },
    html`${notice(o.message, 'success')}
${errorSummary(errors)}
<form method="post" action="/portal/login" novalidate class="stack">
  ${csrfField(o.csrfToken)}
  ${o.next ? html`<input type="hidden" name="next" value="${o.next}">` : ''}
  ${textField({ id: 'email', name: 'email', label: 'Email address', type: 'email', value: o.email, autocomplete: 'username', required: true, maxlength: 254, errors })}
  ${textField({ id: 'password', name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', required: true, errors })}
  <button type="submit" class="button button-primary">Sign in</button>
</form>
<p><a href="/portal/forgot-password">Forgot your password?</a></p>
<p>New here? <a href="/portal/signup">Create an account</a>.</p>`,
  );
}

export function forgotPasswordPage(o: Base & { email?: string; errors?: FieldError[] }): SafeHtml {
  const errors = o.errors ?? [];
  return layout(
    { ...o, title: 'Reset your password' },
    html`<p>Enter the email address of your account. We will send you a link to choose a new password.</p>
${errorSummary(errors)}
<form method="post" action="/portal/forgot-password" novalidate class="stack">
  ${csrfField(o.csrfToken)}
  ${textField({ id: 'email', name: 'email', label: 'Email address', type: 'email', value: o.email, autocomplete: 'email', required: true, maxlength: 254, errors })}
  <button type="submit" class="button button-primary">Send reset link</button>
</form>`,
  );
}

export function resetLinkSentPage(o: Base & { email: string }): SafeHtml {
  return layout(
    { ...o, title: 'Check your email' },
    html`${notice(html`If <strong>${o.email}</strong> belongs to an account, we have sent a link to reset the password.`, 'success')}
<p>The link works once, for 1 hour. <a href="/portal/login">Back to sign in</a>.</p>`,
  );
}

export function resetPasswordPage(o: Base & { token: string; valid: boolean; errors?: FieldError[] }): SafeHtml {
  if (!o.valid) {
    return layout(
      { ...o, title: 'This link does not work' },
      html`${notice('The password reset link has expired or has already been used.', 'warning')}
<p><a class="button" href="/portal/forgot-password">Ask for a new link</a></p>`,
    );
  }
  const errors = o.errors ?? [];
  return layout(
    { ...o, title: 'Choose a new password' },
    html`${errorSummary(errors)}
<form method="post" action="/portal/reset-password" novalidate class="stack">
  ${csrfField(o.csrfToken)}
  <input type="hidden" name="token" value="${o.token}">
  ${textField({ id: 'password', name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', required: true, minlength: MIN_PASSWORD_LENGTH, hint: `At least ${MIN_PASSWORD_LENGTH} characters.`, errors })}
  <button type="submit" class="button button-primary">Set new password</button>
</form>`,
  );
}

/** Sign-in refused after too many failed attempts: when to try again, and the way out (reset). */
export function lockedOutPage(o: Base & { retryAfterSeconds: number }): SafeHtml {
  const minutes = Math.max(1, Math.ceil(o.retryAfterSeconds / 60));
  return layout(
    { ...o, title: 'Sign-in paused' },
    html`<div class="notice notice-warning" role="alert">
  <p>Too many failed sign-in attempts. Wait a few minutes, then try again, or reset your password.</p>
  <p>You can try again in about ${minutes} minute${minutes === 1 ? '' : 's'}.</p>
</div>
<p>Forgot the password? A reset link works at once, whatever the pause.</p>
<p><a class="button button-primary" href="/portal/forgot-password">Reset your password</a></p>
<p><a href="/portal/login">Back to sign in</a></p>`,
  );
}
