import type { CookieOptions, Request } from 'express';
import type { Config } from '@dp/core';

export interface CookieSettings {
  /** Secure flag: on in production and whenever the public address is https. */
  secure: boolean;
  sessionName: string;
  csrfName: string;
}

/**
 * `__Host-` names need Secure, Path=/ and no Domain; browsers then refuse to let a sibling
 * subdomain (or a plain-http page) plant or overwrite them. Over plain http in development the
 * prefix is impossible, so the names are unprefixed there.
 */
export function cookieSettings(config: Config): CookieSettings {
  const secure = config.isProduction || config.PUBLIC_BASE_URL.startsWith('https:');
  const prefix = secure ? '__Host-' : '';
  return { secure, sessionName: `${prefix}dp_session`, csrfName: `${prefix}dp_csrf` };
}

/** httpOnly (scripts never need them), SameSite=Lax (no cross-site POSTs carry them), Path=/. */
export function cookieOptions(settings: CookieSettings, maxAgeMs?: number): CookieOptions {
  return { httpOnly: true, secure: settings.secure, sameSite: 'lax', path: '/', ...(maxAgeMs ? { maxAge: maxAgeMs } : {}) };
}

/** A minimal Cookie header parser (first occurrence wins, as in browsers' ordering by path). */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i === -1) continue;
    if (part.slice(0, i).trim() !== name) continue;
    const value = part
      .slice(i + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}
