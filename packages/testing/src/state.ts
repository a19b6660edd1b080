import { randomBytes } from 'node:crypto';
import { createMemoryState, createRedisState, type SharedState } from '@dp/core';

/** Redis when REDIS_URL is set (with a key prefix unique to the caller), in-process otherwise. */
export function createTestState(): SharedState {
  const prefix = `dptest:${randomBytes(6).toString('hex')}:`;
  return process.env.REDIS_URL ? createRedisState(process.env.REDIS_URL, prefix) : createMemoryState(prefix);
}

/** Two states that share storage like two instances would: same Redis prefix, or... */
export function createTestStatePair(): [SharedState, SharedState] {
  const prefix = `dptest:${randomBytes(6).toString('hex')}:`;
  if (process.env.REDIS_URL) {
    return [createRedisState(process.env.REDIS_URL, prefix), createRedisState(process.env.REDIS_URL, prefix)];
  }
  // ...two separate processes' in-process states, which share nothing.
  return [createMemoryState(prefix), createMemoryState(prefix)];
}
