import { ApiError } from '../errors';
import { isWellFormedApiKey } from '../keys';

/**
 * The API key of an `Authorization: Bearer dp_live_…` header, or the 401 to answer: missing_key
 * without a Bearer credential, invalid_key for one that cannot be a key of ours. Whether the key
 * exists and is active is for the caller (the api looks it up; mcp-http lets /v1 decide).
 */
export function bearerApiKey(header: string | undefined): string | ApiError {
  if (!header) return new ApiError('missing_key', 'Send your API key as `Authorization: Bearer <API_KEY>`.');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) return new ApiError('missing_key', 'The Authorization header must be `Bearer <API_KEY>`.');
  if (!isWellFormedApiKey(match[1])) return new ApiError('invalid_key', 'The API key is malformed, unknown or revoked.');
  return match[1];
}
