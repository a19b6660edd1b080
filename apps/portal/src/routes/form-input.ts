import type { Request } from 'express';

/** Form values arrive as strings (or arrays for repeated names); anything else counts as absent. */
export function formString(req: Request, name: string, maxLength = 4096): string {
  const v = (req.body as Record<string, unknown> | undefined)?.[name];
  const s: unknown = Array.isArray(v) ? v[0] : v;
  return typeof s === 'string' ? s.slice(0, maxLength) : '';
}

/** All values of a repeated field (checkbox groups). */
export function formList(req: Request, name: string): string[] {
  const v = (req.body as Record<string, unknown> | undefined)?.[name];
  const list = Array.isArray(v) ? v : v === undefined ? [] : [v];
  return list.filter((x): x is string => typeof x === 'string');
}

export function queryString(req: Request, name: string): string {
  const v = req.query[name];
  return typeof v === 'string' ? v : '';
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isPlausibleEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value.trim());
}

/** Only portal paths are followed after sign-in: never another site (open redirect). */
export function safeNext(value: string): string | undefined {
  return /^\/portal(\/[A-Za-z0-9._~\-/]*)?(\?[A-Za-z0-9._~\-=&%]*)?$/.test(value) && !value.includes('//') ? value : undefined;
}
