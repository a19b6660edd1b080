import { EventEmitter } from 'node:events';
import { FlexibleRateLimiter } from './rate-limiter';
import type { PubSub, SharedState } from './shared-state';

class MemoryPubSub implements PubSub {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  async publish(channel: string, message: string): Promise<void> {
    this.emitter.emit(channel, message);
  }
  async subscribe(channel: string, handler: (message: string) => void) {
    this.emitter.on(channel, handler);
    return async () => {
      this.emitter.off(channel, handler);
    };
  }
}

export function createMemoryState(keyPrefix = 'dp:'): SharedState {
  return {
    kind: 'memory',
    rateLimiter: new FlexibleRateLimiter(keyPrefix),
    pubsub: new MemoryPubSub(),
    close: async () => {},
  };
}
