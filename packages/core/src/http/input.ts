import type { NextFunction, Request, Response } from 'express';
import { ApiError, invalidRequest, type FieldProblem } from '../errors';

/**
 * C0 controls and DEL. PostgreSQL refuses NUL in text outright, and no identifier, date, key or
 * form field of ours contains any of them. Tab, LF and CR stay allowed in query and body values
 * (free-text fields), never in a path.
 */
// Built from their code points: the character class is the point, not a typo.
const C0 = (from: number, to: number) => `${String.fromCharCode(from)}-${String.fromCharCode(to)}`;
const DEL = String.fromCharCode(0x7f);
const CONTROL_IN_VALUE = new RegExp(`[${C0(0x00, 0x08)}${C0(0x0b, 0x0c)}${C0(0x0e, 0x1f)}${DEL}]`);
const CONTROL_IN_PATH = new RegExp(`[${C0(0x00, 0x1f)}${DEL}]`);
/** Bounds the walk over a JSON body; deeper bodies are refused rather than scanned forever. */
const MAX_DEPTH = 32;

export function undecodablePath(): ApiError {
  return invalidRequest(
    [{ field: 'path', problem: 'is not valid percent-encoded UTF-8' }],
    'The request path is not valid percent-encoded UTF-8.',
  );
}

/** The first field (dotted path) of `value` holding a control character, else undefined. */
export function findControlCharacter(value: unknown, field: string, depth = 0): string | undefined {
  if (typeof value === 'string') return CONTROL_IN_VALUE.test(value) ? field : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  if (depth >= MAX_DEPTH) return field;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [k, v] of entries) {
    // Keys are input too (a form or JSON body names them).
    if (CONTROL_IN_VALUE.test(k)) return `${field}.${k.replace(CONTROL_IN_PATH, '?')}`;
    const found = findControlCharacter(v, `${field}.${k}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Throws 400 invalid_request when `value` holds a control character (for inputs read elsewhere). */
export function assertNoControlCharacters(value: unknown, field: string): void {
  const found = findControlCharacter(value, field);
  if (found) throw controlCharacterError(found);
}

function controlCharacterError(field: string): ApiError {
  const problem: FieldProblem = { field, problem: 'must not contain control characters (such as NUL)' };
  return invalidRequest([problem]);
}

/** The decoded path (or part of one), or undefined when its percent-encoding is not valid UTF-8. */
export function decodedPath(path: string): string | undefined {
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

/**
 * The decoded, non-empty segments of a path (or part of one), split where it has a `/` as written
 * (a `%2F` stays inside its segment, as the router reads a wildcard), or undefined when a segment
 * does not decode.
 */
export function decodedSegments(path: string): string[] | undefined {
  const segments: string[] = [];
  for (const raw of path.split('/')) {
    if (raw === '') continue;
    const segment = decodedPath(raw);
    if (segment === undefined) return undefined;
    segments.push(segment);
  }
  return segments;
}

/**
 * Input validation shared by every app: the path must decode (valid percent-encoded UTF-8) and no
 * path, query or body value may carry a control character, so such input is a 400 before any
 * route, database or mailer sees it. Mount it once before routing and again after body parsing.
 */
export function rejectUnsafeInput(req: Request, _res: Response, next: NextFunction): void {
  const path = decodedPath(req.path);
  if (path === undefined) return next(undecodablePath());
  if (CONTROL_IN_PATH.test(path)) return next(controlCharacterError('path'));
  const found = findControlCharacter(req.query, 'query') ?? (req.body === undefined ? undefined : findControlCharacter(req.body, 'body'));
  if (found) return next(controlCharacterError(found));
  next();
}
