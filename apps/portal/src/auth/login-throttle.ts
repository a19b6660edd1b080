import { ApiError } from '@dp/core';
import type { PortalContext } from '../context';
import { sha256Hex } from './secure-random';

/**
 * Limits login attempts per account and per client IP through the shared rate limiter (Redis
 * when configured, so the limit holds across instances). Every attempt counts, successful or not:
 * the limiter has no "peek", and 5 sign-ins in 15 minutes is plenty for a person. Throws a 429
 * ApiError with Retry-After when either limit is used up. The email is hashed so limiter keys
 * never hold addresses.
 */
export async function throttleLogin(ctx: PortalContext, email: string, ip: string): Promise<void> {
  const { loginPerIp, loginPerAccount } = ctx.limits;
  const byIp = await ctx.state.rateLimiter.consume(`portal:login:ip:${ip}`, loginPerIp.limit, loginPerIp.windowSeconds);
  const decision = byIp.allowed
    ? await ctx.state.rateLimiter.consume(`portal:login:acct:${sha256Hex(email)}`, loginPerAccount.limit, loginPerAccount.windowSeconds)
    : byIp;
  if (!decision.allowed) {
    throw new ApiError(
      'rate_limited',
      'Too many sign-in attempts. Wait a few minutes, then try again, or reset your password.',
      { retry_after_seconds: decision.retryAfterSeconds },
      { 'Retry-After': String(decision.retryAfterSeconds) },
    );
  }
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
