import { Client } from 'pg';

export interface NotificationHandlers {
  /** One NOTIFY payload on the channel. */
  onMessage(payload: string): void;
  /**
   * The listening connection was lost and is back: notifications sent meanwhile are gone, so
   * whatever they would have invalidated must be dropped now.
   */
  onGap(): void;
  /** Connection state changes, for one log line each (never called per retry). */
  onState?(state: 'down' | 'up', reason?: string): void;
}

export interface NotificationListener {
  close(): Promise<void>;
}

const MAX_BACKOFF_MS = 2_000;

/**
 * LISTEN on a dedicated connection that reconnects with backoff. Channels are database-wide
 * (not per schema), so payloads of other schemas may arrive; handlers must tolerate them.
 * Resolves once the first LISTEN is in place, or after a failed first attempt (it keeps trying
 * in the background; `onGap` tells when it catches up).
 */
export async function listenForNotifications(url: string, channel: string, handlers: NotificationHandlers): Promise<NotificationListener> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  let client: Client | undefined;
  let closed = false;
  let down = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  const lost = (reason: string) => {
    if (closed) return;
    const old = client;
    client = undefined;
    old?.removeAllListeners('notification');
    old?.end().catch(() => {});
    if (!down) {
      down = true;
      handlers.onState?.('down', reason);
    }
    attempt += 1;
    timer = setTimeout(() => void connect(), Math.min(MAX_BACKOFF_MS, 100 * 2 ** Math.min(attempt, 5)));
    timer.unref();
  };

  const connect = async (): Promise<void> => {
    if (closed) return;
    const next = new Client({ connectionString: url, connectionTimeoutMillis: 5_000, keepAlive: true });
    next.on('error', (err) => (client === next ? lost(err.message) : undefined));
    next.on('end', () => (client === next ? lost('connection closed') : undefined));
    next.on('notification', (n) => {
      if (n.channel === channel) handlers.onMessage(n.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (err) {
      next.removeAllListeners('notification');
      await next.end().catch(() => {});
      client = undefined;
      lost((err as Error).message);
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    attempt = 0;
    if (down) {
      down = false;
      handlers.onState?.('up');
      handlers.onGap();
    }
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
