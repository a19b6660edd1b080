import type { Config, Logger, SharedState } from '@dp/core';
import type { Database } from '@dp/db';
import type { CookieSettings } from './auth/cookies';
import type { PortalSession } from './auth/sessions';
import type { MailQueue } from './mail/mail-queue';

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export interface PortalLimits {
  /** Login attempts per account (normalised email). */
  loginPerAccount: RateLimitRule;
  /** Login attempts per client IP. */
  loginPerIp: RateLimitRule;
  /** Requests that send mail (sign-up, password reset, resend verification) per client IP. */
  mailPerIp: RateLimitRule;
}

export const DEFAULT_LIMITS: PortalLimits = {
  loginPerAccount: { limit: 5, windowSeconds: 15 * 60 },
  loginPerIp: { limit: 20, windowSeconds: 15 * 60 },
  mailPerIp: { limit: 10, windowSeconds: 15 * 60 },
};

export interface PortalContext {
  db: Database;
  state: SharedState;
  config: Config;
  logger: Logger;
  mail: MailQueue;
  cookies: CookieSettings;
  limits: PortalLimits;
}

declare global {
  namespace Express {
    interface Request {
      /** The signed-in portal session, set by loadSession. */
      portalSession?: PortalSession;
      /** The CSRF token to embed in forms rendered for this request. */
      csrfToken?: string;
    }
  }
}
