import { Cache, pubsubFeed } from '../src/cache/cache';
import { createMemoryState } from '../src/state/memory-state';
import type { PubSub } from '../src/state/shared-state';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('Cache', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_000;
  });

  it('serves a fresh value without loading, a stale one while reloading once in the background, nothing after', async () => {
    const cache = new Cache<string>({ freshMs: 100, staleMs: 50, now });
    let loads = 0;
    const load = () => Promise.resolve(`v${++loads}`);
    expect(await cache.fetch('a', load)).toBe('v1');
    clock += 99;
    expect(await cache.fetch('a', load)).toBe('v1');
    expect(loads).toBe(1);
    clock += 10; // stale
    expect(cache.get('a', load)).toBe('v1');
    expect(cache.get('a', load)).toBe('v1');
    await new Promise((r) => setImmediate(r));
    expect(loads).toBe(2);
    expect(cache.get('a')).toBe('v2');
    clock += 200; // past fresh and stale
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('runs one load per key for concurrent callers and never stores a failed load', async () => {
    const cache = new Cache<number>({ freshMs: 1_000, now });
    const gate = deferred<number>();
    let loads = 0;
    const load = () => {
      loads++;
      return gate.promise;
    };
    const both = Promise.all([cache.fetch('k', load), cache.fetch('k', load)]);
    gate.resolve(7);
    expect(await both).toEqual([7, 7]);
    expect(loads).toBe(1);
    await expect(cache.fetch('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.get('x')).toBeUndefined();
  });

  it('does not store what a load read before an eviction or a clear', async () => {
    const cache = new Cache<string>({ freshMs: 60_000, now });
    for (const invalidate of [() => cache.evict('key'), () => cache.clear()]) {
      const before = deferred<string>();
      const pending = cache.fetch('key', () => before.promise);
      invalidate();
      before.resolve('read before the invalidation');
      expect(await pending).toBe('read before the invalidation');
      expect(cache.get('key')).toBeUndefined();
      expect(await cache.fetch('key', () => Promise.resolve('read after'))).toBe('read after');
      expect(cache.get('key')).toBe('read after');
      cache.clear();
    }
  });

  it('keeps at most maxEntries and maxWeight, dropping the least recently used', async () => {
    const cache = new Cache<string>({ freshMs: 60_000, maxEntries: 3, maxWeight: 10, weigh: (v) => v.length, now });
    for (const k of ['a', 'b', 'c']) await cache.fetch(k, () => Promise.resolve(k));
    cache.get('a'); // a is now the most recently used
    await cache.fetch('d', () => Promise.resolve('d'));
    expect(['a', 'b', 'c', 'd'].map((k) => cache.get(k))).toEqual(['a', undefined, 'c', 'd']);
    await cache.fetch('big', () => Promise.resolve('x'.repeat(9)));
    expect(cache.get('big')).toBe('x'.repeat(9));
    expect(cache.size).toBe(2); // 9 + the last used 1 character fit the budget of 10
    await cache.fetch('huge', () => Promise.resolve('y'.repeat(11)));
    expect(cache.get('huge')).toBeUndefined();
  });

  it('stores nothing with freshMs 0 or when keep() refuses the value', async () => {
    const off = new Cache<string>({ freshMs: 0, now });
    await off.fetch('a', () => Promise.resolve('a'));
    expect(off.get('a')).toBeUndefined();
    const picky = new Cache<string | null>({ freshMs: 1_000, keep: (v) => v !== null, now });
    await picky.fetch('n', () => Promise.resolve(null));
    expect(picky.get('n')).toBeUndefined();
    await picky.fetch('s', () => Promise.resolve('s'));
    expect(picky.get('s')).toBe('s');
  });

  it('reports a failed background reload and keeps serving the stale value', async () => {
    const errors: unknown[] = [];
    const cache = new Cache<string>({ freshMs: 10, staleMs: 100, onError: (e) => errors.push(e), now });
    await cache.fetch('a', () => Promise.resolve('old'));
    clock += 20;
    expect(cache.get('a', () => Promise.reject(new Error('reload failed')))).toBe('old');
    await new Promise((r) => setImmediate(r));
    expect(errors).toHaveLength(1);
    expect(cache.get('a')).toBe('old');
  });

  it('is invalidated through pub/sub: one key by message, everything without a key or after a gap', async () => {
    const state = createMemoryState();
    let gap: (() => void) | undefined;
    const pubsub: PubSub = {
      ...state.pubsub,
      subscribe: state.pubsub.subscribe.bind(state.pubsub),
      publish: state.pubsub.publish.bind(state.pubsub),
      onGap: (h) => ((gap = h), () => (gap = undefined)),
    };
    const cache = new Cache<string>({ freshMs: 60_000, now });
    const stop = await cache.invalidateOn(pubsubFeed(pubsub, 'changed'), (m) => (m === '*' ? undefined : m));
    const fill = () => Promise.all(['a', 'b'].map((k) => cache.fetch(k, () => Promise.resolve(k))));
    await fill();
    await pubsub.publish('changed', 'a');
    expect([cache.get('a'), cache.get('b')]).toEqual([undefined, 'b']);
    await pubsub.publish('changed', '*');
    expect(cache.size).toBe(0);
    await fill();
    gap?.();
    expect(cache.size).toBe(0);
    await stop();
    await fill();
    await pubsub.publish('changed', '*');
    expect(cache.size).toBe(2);
    expect(gap).toBeUndefined();
  });
});
