import { Router } from 'express';
import type { PortalContext } from '../context';
import { normalizeEmail } from '../accounts/links';
import { checkCredentials } from '../accounts/log-in';
import { requestPasswordReset, resetPassword } from '../accounts/password-reset';
import { sendVerificationMail, signUp } from '../accounts/sign-up';
import { verifyEmail } from '../accounts/verify-email';
import { cookieOptions, readCookie } from '../auth/cookies';
import { ANONYMOUS_BINDING } from '../auth/csrf';
import { reissueCsrfToken } from '../auth/csrf-middleware';
import { chargeLoginAttempt, loginLockoutError, refundLoginAttempt, throttleMail } from '../auth/login-throttle';
import { MAX_PASSWORD_LENGTH, passwordProblems } from '../auth/passwords';
import { requireSession } from '../auth/session-middleware';
import { createSession, deleteSessionByCookie, SESSION_TTL_MS } from '../auth/sessions';
import { peekUserToken } from '../auth/tokens';
import {
  checkEmailPage,
  forgotPasswordPage,
  lockedOutPage,
  loginPage,
  resetLinkSentPage,
  resetPasswordPage,
  signUpPage,
  verifyEmailConfirmPage,
  verifyEmailResultPage,
} from '../views/auth-pages';
import type { FieldError } from '../views/forms';
import { wantsJson } from './errors';
import { formString, isPlausibleEmail, queryString, safeNext } from './form-input';
import { sendPage } from './render';

const LOGIN_NOTICES: Record<string, string> = {
  signed_out: 'You have signed out.',
  password_changed: 'Your password has been changed. Sign in with the new password.',
};

/** Sign-up, email verification, sign-in/out and password reset. */
export function accountRouter(ctx: PortalContext): Router {
  const router = Router();
  const page = (req: import('express').Request) => ({ csrfToken: req.csrfToken, session: req.portalSession });

  router.get('/', (req, res) => res.redirect(303, req.portalSession ? '/portal/keys' : '/portal/login'));

  router.get('/signup', (req, res) => sendPage(res, signUpPage(page(req))));
  router.post('/signup', async (req, res) => {
    const email = formString(req, 'email', 300).trim();
    const password = formString(req, 'password', MAX_PASSWORD_LENGTH + 1);
    const organization = formString(req, 'organization', 200).trim();
    const errors: FieldError[] = [];
    if (!isPlausibleEmail(email)) errors.push({ field: 'email', message: 'Enter an email address like name@example.com' });
    for (const p of passwordProblems(password, email)) errors.push({ field: 'password', message: `Password ${p}` });
    if (!organization) errors.push({ field: 'organization', message: 'Enter the name of your organization' });
    else if (organization.length > 100) errors.push({ field: 'organization', message: 'Organization name must be at most 100 characters' });
    if (errors.length) return sendPage(res, signUpPage({ ...page(req), values: { email, organization }, errors }), 400);
    await throttleMail(ctx, req.ip ?? 'unknown');
    await signUp(ctx, { email, password, organizationName: organization });
    sendPage(res, checkEmailPage({ ...page(req), email: normalizeEmail(email), baseUrl: ctx.config.PUBLIC_BASE_URL }));
  });

  // The mailed link opens a confirmation page; only its POST uses the token, so mail scanners
  // that prefetch links cannot use it up.
  router.get('/verify-email', async (req, res) => {
    const token = queryString(req, 'token');
    const valid = await peekUserToken(ctx.db.prisma, token, 'verify_email');
    sendPage(res, verifyEmailConfirmPage({ ...page(req), token, valid }), valid ? 200 : 400);
  });
  router.post('/verify-email', async (req, res) => {
    const ok = await verifyEmail(ctx.db.prisma, formString(req, 'token', 200));
    // The session (if any) still says "unverified": reflect the change on this page.
    if (ok && req.portalSession) req.portalSession.user.emailVerified = true;
    sendPage(res, verifyEmailResultPage({ ...page(req), ok }), ok ? 200 : 400);
  });
  router.post('/verify-email/resend', requireSession, async (req, res) => {
    const s = req.portalSession!;
    await throttleMail(ctx, req.ip ?? 'unknown');
    if (!s.user.emailVerified) await sendVerificationMail(ctx, s.user.id, s.user.email);
    res.redirect(303, '/portal/keys?notice=verification_sent');
  });

  router.get('/login', (req, res) => {
    const next = safeNext(queryString(req, 'next'));
    const message = LOGIN_NOTICES[queryString(req, 'notice')];
    sendPage(res, loginPage({ ...page(req), next, message }));
  });
  router.post('/login', async (req, res) => {
    const email = formString(req, 'email', 300).trim();
    const password = formString(req, 'password', MAX_PASSWORD_LENGTH + 1);
    const next = safeNext(formString(req, 'next', 500));
    const errors: FieldError[] = [];
    if (!email) errors.push({ field: 'email', message: 'Enter your email address' });
    if (!password) errors.push({ field: 'password', message: 'Enter your password' });
    if (errors.length) return sendPage(res, loginPage({ ...page(req), email, next, errors }), 400);
    const ip = req.ip ?? 'unknown';
    const lockout = await chargeLoginAttempt(ctx, normalizeEmail(email), ip);
    if (lockout) {
      if (wantsJson(req)) throw loginLockoutError(lockout);
      res.setHeader('Retry-After', String(lockout.retryAfterSeconds));
      return sendPage(res, lockedOutPage({ ...page(req), retryAfterSeconds: lockout.retryAfterSeconds }), 429);
    }
    const result = password.length <= MAX_PASSWORD_LENGTH ? await checkCredentials(ctx.db.prisma, email, password) : null;
    if (result) await refundLoginAttempt(ctx, normalizeEmail(email), ip);
    if (!result) {
      // One message for unknown email and wrong password alike.
      const wrong = [{ field: 'email', message: 'The email address or password is not correct' }];
      return sendPage(res, loginPage({ ...page(req), email, next, errors: wrong }), 401);
    }
    // Session fixation: whatever session cookie came in is destroyed, and the new session gets a
    // fresh random value, so a value planted or observed before sign-in is worthless after it.
    const previous = readCookie(req, ctx.cookies.sessionName);
    if (previous) await deleteSessionByCookie(ctx.db.prisma, previous);
    const session = await createSession(ctx.db.prisma, result);
    res.cookie(ctx.cookies.sessionName, session.cookieValue, cookieOptions(ctx.cookies, SESSION_TTL_MS));
    reissueCsrfToken(ctx, req, res, session.id);
    res.redirect(303, next ?? '/portal/keys');
  });

  router.post('/logout', async (req, res) => {
    const value = readCookie(req, ctx.cookies.sessionName);
    if (value) await deleteSessionByCookie(ctx.db.prisma, value);
    res.clearCookie(ctx.cookies.sessionName, cookieOptions(ctx.cookies));
    reissueCsrfToken(ctx, req, res, ANONYMOUS_BINDING);
    res.redirect(303, '/portal/login?notice=signed_out');
  });

  router.get('/forgot-password', (req, res) => sendPage(res, forgotPasswordPage(page(req))));
  router.post('/forgot-password', async (req, res) => {
    const email = formString(req, 'email', 300).trim();
    if (!isPlausibleEmail(email)) {
      return sendPage(
        res,
        forgotPasswordPage({ ...page(req), email, errors: [{ field: 'email', message: 'Enter an email address like name@example.com' }] }),
        400,
      );
    }
    await throttleMail(ctx, req.ip ?? 'unknown');
    requestPasswordReset(ctx, email);
    sendPage(res, resetLinkSentPage({ ...page(req), email: normalizeEmail(email) }));
  });

  router.get('/reset-password', async (req, res) => {
    const token = queryString(req, 'token');
    const valid = await peekUserToken(ctx.db.prisma, token, 'reset_password');
    sendPage(res, resetPasswordPage({ ...page(req), token, valid }), valid ? 200 : 400);
  });
  router.post('/reset-password', async (req, res) => {
    const token = formString(req, 'token', 200);
    const password = formString(req, 'password', MAX_PASSWORD_LENGTH + 1);
    const problems = passwordProblems(password);
    if (problems.length) {
      // The token is checked but not used, so fixing the password keeps the same link working.
      const valid = await peekUserToken(ctx.db.prisma, token, 'reset_password');
      const errors = problems.map((p) => ({ field: 'password', message: `Password ${p}` }));
      return sendPage(res, resetPasswordPage({ ...page(req), token, valid, errors }), 400);
    }
    if (!(await resetPassword(ctx, token, password))) {
      return sendPage(res, resetPasswordPage({ ...page(req), token, valid: false }), 400);
    }
    res.clearCookie(ctx.cookies.sessionName, cookieOptions(ctx.cookies));
    res.redirect(303, '/portal/login?notice=password_changed');
  });

  return router;
}
