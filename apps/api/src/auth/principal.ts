import type { ApiKeyPrincipal } from '@dp/db';

declare global {
  namespace Express {
    interface Request {
      /** The authenticated API key and its organization, set by the authenticate middleware. */
      principal?: ApiKeyPrincipal;
      /** Why authentication failed; raised after the rate limiter has set its headers. */
      authError?: import('@dp/core').ApiError;
      /** A 429 of a request with a key: raised by the route, so the request is counted first. */
      rateLimitError?: import('@dp/core').ApiError;
    }
  }
}

export type { ApiKeyPrincipal };
