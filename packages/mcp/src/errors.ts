import type { ApiError } from '@dp/sdk';
import type { ServerSetup } from './setup';

/**
 * Turns /v1 error answers (the SDK's ApiError) into messages a model can act on: what went wrong,
 * whether retrying helps and when, and what to tell the user. The codes are those of the api's
 * error table.
 */
export interface ApiFailure {
  kind: 'config' | 'timeout' | 'cancelled' | 'network' | 'upstream' | 'http';
  message: string;
  status?: number;
  code?: string;
  requestId?: string | null;
  retryAfterSeconds?: number;
  resetsAt?: string;
  /** A 400's invalid parameters, as the API names them (`since`, `cursor`, `filters.kinds`). */
  fields?: string[];
}

export function describeApiError(error: ApiError, setup: ServerSetup): ApiFailure {
  const { status, details, requestId } = error;
  // An answer without the envelope (a proxy's error page) has no code or message of the API's.
  const enveloped = error.code !== 'unexpected_response';
  const code = enveloped ? error.code : undefined;
  const apiMessage = enveloped && error.message !== '' ? error.message : undefined;
  const retryAfter = error.retryAfter ?? undefined;
  const base = { kind: 'http' as const, status, code, requestId };
  const ref = requestId ? ` (request id ${requestId})` : '';

  if (status === 401) {
    return {
      ...base,
      message:
        `The API rejected the key in ${setup.keyName} (401 ${code ?? 'unauthorized'}): it is invalid, unknown or revoked. ` +
        `Retrying will not help. Tell the user to ${setup.keyFix}.`,
    };
  }
  if (status === 403) {
    const scope = typeof details.required_scope === 'string' ? details.required_scope : undefined;
    return {
      ...base,
      message: scope
        ? `The key in ${setup.keyName} lacks the scope "${scope}" that this call needs (403 ${code ?? 'forbidden'}). ` +
          `Retrying will not help. Tell the user to configure a key that has the "${scope}" scope ` +
          '(read: legal data tools; manage: service_usage).'
        : `The API refused this call for this key (403 ${code ?? 'forbidden'}${apiMessage ? `: ${apiMessage}` : ''}). Retrying will not help; tell the user.`,
    };
  }
  if (status === 429) {
    const resetsAt = typeof details.resets_at === 'string' ? details.resets_at : undefined;
    if (code === 'quota_exceeded') {
      return {
        ...base,
        retryAfterSeconds: retryAfter,
        resetsAt,
        message:
          `The organization's monthly unit quota is used up (429 quota_exceeded)${resetsAt ? `; it resets at ${resetsAt}` : ''}. ` +
          'Do not retry before then. Tell the user; a larger plan raises the quota.',
      };
    }
    const wait = retryAfter ?? 60;
    const at = new Date(Date.now() + wait * 1000).toISOString();
    return {
      ...base,
      retryAfterSeconds: wait,
      resetsAt,
      message: `Rate limit of the plan reached (429 ${code ?? 'rate_limited'}). Wait ${wait} s (until about ${at}) before retrying this call; do not retry sooner.`,
    };
  }
  if (status >= 500) {
    return {
      ...base,
      retryAfterSeconds: retryAfter,
      message:
        `The service failed (${status} ${code ?? 'server_error'})${ref}. This is not caused by the arguments: ` +
        `retry later${retryAfter !== undefined ? ` (after ${retryAfter} s)` : ''}; if it persists, tell the user and quote the request id.`,
    };
  }
  if (status === 404) {
    const reason = typeof details.reason === 'string' ? details.reason : undefined;
    if (reason === 'not_yet_published') {
      return {
        ...base,
        message: `The document did not exist yet on the requested date (404 not_found, not_yet_published). Use a later "at" or omit it.`,
      };
    }
    return {
      ...base,
      message: `Not found (404 ${code ?? 'not_found'}${apiMessage ? `: ${apiMessage}` : ''}). Check the id; use legal_search to find a document's id or natural key (e.g. "sb/2012/89").`,
    };
  }
  if (status === 400) {
    // The arguments, not the service: the same call fails the same way, so never "retry".
    const problems = fieldProblems(details.errors);
    const fields = [...new Set(problems.map((p) => p.field))];
    const named = problems.map((p) => `${p.field}: ${p.problem}`).join('; ');
    return {
      ...base,
      ...(fields.length ? { fields } : {}),
      message:
        `The input was invalid (400 ${code ?? 'invalid_request'})${fields.length ? ` in ${fields.map((f) => `"${f}"`).join(', ')}` : ''}: ` +
        `${named || apiMessage || 'invalid request'}. Retrying the same call will fail the same way: ` +
        'correct the named argument (or drop it) and call again.',
    };
  }
  return {
    ...base,
    message: `The API answered ${status} ${code ?? ''}${apiMessage ? `: ${apiMessage}` : ''}${ref}.`.replace(/\s+\./, '.'),
  };
}

/** `details.errors` of an invalid_request: `{field, problem}` pairs, whatever else is there left out. */
function fieldProblems(errors: unknown): { field: string; problem: string }[] {
  if (!Array.isArray(errors)) return [];
  return errors
    .filter((e): e is { field: unknown; problem: unknown } => typeof e === 'object' && e !== null)
    .filter((e) => typeof e.field === 'string' && e.field !== '')
    .map((e) => ({ field: e.field as string, problem: typeof e.problem === 'string' ? e.problem : 'is invalid' }));
}
