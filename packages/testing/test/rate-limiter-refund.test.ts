import type { SharedState } from '@dp/core';
import { createTestState } from '../src/state';

// Redis with REDIS_URL, else in-process: the refund must work on both.
let state: SharedState;
beforeEach(() => {
  state = createTestState();
});
afterEach(() => state.close());

describe('RateLimiter.refund', () => {
  it('gives back a consumed point, so refunded attempts never use up the limit', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await state.rateLimiter.consume('refund:a', 2, 60)).allowed).toBe(true);
      await state.rateLimiter.refund('refund:a', 2, 60);
    }
    expect((await state.rateLimiter.consume('refund:a', 2, 60)).remaining).toBe(1);
  });

  it('leaves unrefunded points counted', async () => {
    expect((await state.rateLimiter.consume('refund:b', 2, 60)).allowed).toBe(true);
    expect((await state.rateLimiter.consume('refund:b', 2, 60)).allowed).toBe(true);
    expect((await state.rateLimiter.consume('refund:b', 2, 60)).allowed).toBe(false);
    await state.rateLimiter.refund('refund:c', 2, 60); // another key: no effect on this one
    expect((await state.rateLimiter.consume('refund:b', 2, 60)).allowed).toBe(false);
  });
});
