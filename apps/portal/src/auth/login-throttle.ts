import { ApiError } from '@dp/core';
import type { PortalContext } from '../context';
import { sha256Hex } from './secure-random';

/** Why a sign-in was refused before the password was checked. */
export interface LoginLockout {
  retryAfterSeconds: number;
}

const accountKey = (email: string) => `portal:login:acct:${sha256Hex(email)}`;
const ipKey = (ip: string) => `portal:login:ip:${ip}`;

/**
 * Charges one sign-in attempt per client IP and per account (through the shared rate limiter:
 * Redis when configured, so the limits hold across instances) before the password is checked,
 * and returns the lock-out when either limit is used up. A successful sign-in gives its charge
 * back (refundLoginAttempt), so only failures count toward the lock-out (OWASP authentication
 * cheat sheet); charging first means concurrent guesses cannot overrun the limit. The email is
 * hashed so limiter keys never hold addresses.
 */
export async function chargeLoginAttempt(ctx: PortalContext, email: string, ip: string): Promise<LoginLockout | null> {
  const { loginPerIp, loginPerAccount } = ctx.limits;
  const byIp = await ctx.state.rateLimiter.consume(ipKey(ip), loginPerIp.limit, loginPerIp.windowSeconds);
  const decision = byIp.allowed
    ? await ctx.state.rateLimiter.consume(accountKey(email), loginPerAccount.limit, loginPerAccount.windowSeconds)
    : byIp;
  return decision.allowed ? null : { retryAfterSeconds: decision.retryAfterSeconds };
}

/** A sign-in succeeded: its attempt does not count. */
export async function refundLoginAttempt(ctx: PortalContext, email: string, ip: string): Promise<void> {
  const { loginPerIp, loginPerAccount } = ctx.limits;
  await ctx.state.rateLimiter.refund(ipKey(ip), loginPerIp.limit, loginPerIp.windowSeconds);
  await ctx.state.rateLimiter.refund(accountKey(email), loginPerAccount.limit, loginPerAccount.windowSeconds);
}

/** The lock-out as the error scripts get (JSON envelope, 429 with Retry-After). */
export function loginLockoutError(lockout: LoginLockout): ApiError {
  return new ApiError(
    'rate_limited',
    'Too many failed sign-in attempts. Wait a few minutes, then try again, or reset your password.',
    { retry_after_seconds: lockout.retryAfterSeconds },
    { 'Retry-After': String(lockout.retryAfterSeconds) },
  );
}

/** Sign-up, password-reset and resend requests send mail: bounded per IP against mail bombing. */
export async function throttleMail(ctx: PortalContext, ip: string): Promise<void> {
  const { mailPerIp } = ctx.limits;
  const decision = await ctx.state.rateLimiter.consume(`portal:mail:ip:${ip}`, mailPerIp.limit, mailPerIp.windowSeconds);
  if (!decision.allowed) {
    throw new ApiError(
      'rate_limited',
      'Too many requests from your network. Wait a few minutes, then try again.',
      { retry_after_seconds: decision.retryAfterSeconds },
      { 'Retry-After': String(decision.retryAfterSeconds) },
    );
  }
}
