/** Result of one rate-limited request; `resetAt` is unix seconds. */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  /** The window the limit applies to, in seconds. */
  windowSeconds: number;
  remaining: number;
  resetAt: number;
  retryAfterSeconds: number;
}

export interface RateLimiter {
  consume(key: string, limit: number, windowSeconds: number): Promise<RateLimitDecision>;
  /**
   * Gives back one point consumed in the current window (the portal's sign-in: an attempt is
   * charged before the password is checked and refunded when it succeeds, so only failures count
   * and concurrent attempts cannot overrun the limit). Best effort: never throws.
   */
  refund(key: string, limit: number, windowSeconds: number): Promise<void>;
}

export type Unsubscribe = () => Promise<void>;

export interface PubSub {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: (message: string) => void): Promise<Unsubscribe>;
  /**
   * Called when the bus reconnects after an outage: messages sent meanwhile were lost, so
   * whatever they would have invalidated must go. Absent where nothing can be lost.
   */
  onGap?(handler: () => void): () => void;
}

/**
 * What the apps share between instances: Redis when REDIS_URL is set, in-process otherwise
 * (then "shared" means shared inside one process only, which is what a single instance needs).
 */
export interface SharedState {
  readonly kind: 'redis' | 'memory';
  readonly rateLimiter: RateLimiter;
  readonly pubsub: PubSub;
  /** Redis's health (Redis state only): read by `/readyz` and `/metrics`. */
  readonly health?: { readonly up: boolean; readonly status: 'unknown' | 'up' | 'suspect' | 'down' };
  close(): Promise<void>;
}
