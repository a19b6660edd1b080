import { Client, type ClientConfig } from 'pg';

/** A statement unanswered this long makes the guard ask the server whether it is alive. */
export const STALL_PROBE_AFTER_MS = 1_000;
/** The probe's own bound: a fresh connection and `SELECT 1`. */
export const PROBE_TIMEOUT_MS = 1_000;
const TICK_MS = 250;

/** What a call gets while the database does not answer: `08006` (connection failure), a 503 for every app. */
export class DatabaseNotAnsweringError extends Error {
  readonly code = '08006';
  constructor() {
    super('database not answering: a probe on a fresh connection got no answer; calls fail at once until one does');
    this.name = 'DatabaseNotAnsweringError';
  }
}

type AnyFn = (...args: unknown[]) => unknown;

/**
 * Tells a slow database from one that does not answer at all (a frozen server, a network black
 * hole), and fails calls within about two seconds in the second case instead of waiting out the
 * statement time limit. A statement may legitimately run for seconds, so its time alone proves
 * nothing: when one has waited STALL_PROBE_AFTER_MS, the guard opens a fresh connection and runs
 * `SELECT 1` within PROBE_TIMEOUT_MS. If that fails the database is marked down: every connection
 * of the pools is cut (their waiting statements fail now, with a connection error) and every call
 * fails at once, without waiting, until a probe (one every TICK_MS) is answered.
 */
export class DatabaseLiveness {
  private readonly inflight = new Map<object, number>();
  private readonly clients = new Set<Client>();
  private down = false;
  private probing = false;
  private lastAnsweredAt = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly options: { stallMs?: number; probeTimeoutMs?: number; onChange?: (down: boolean) => void } = {},
  ) {}

  get isDown(): boolean {
    return this.down;
  }

  /** The pg Client class a Pool is given (`Client` option): each connection it opens is watched. */
  clientClass(): typeof Client {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the class below is built per guard
    const liveness = this;
    return class WatchedClient extends Client {
      constructor(config?: string | ClientConfig) {
        super(config);
        liveness.adopt(this);
      }
    };
  }

  private adopt(client: Client): void {
    this.clients.add(client);
    // A cut connection reports its error to whoever holds it; an idle or held one must not crash the process.
    client.on('error', () => {});
    client.on('end', () => this.clients.delete(client));
    const target = client as unknown as { query: AnyFn; connect: AnyFn };
    const query = target.query.bind(client);
    const connect = target.connect.bind(client);
    target.query = (...args: unknown[]) => this.watch(query, args);
    // A connection's start-up is watched like a statement: a frozen server accepts and never answers it.
    target.connect = (...args: unknown[]) => this.watch(connect, args);
  }

  /** Fails a call at once: through its callback when it has one, else as a rejected promise. */
  private refuse(args: unknown[]): unknown {
    const err = new DatabaseNotAnsweringError();
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      process.nextTick(() => (callback as AnyFn)(err));
      return undefined;
    }
    return Promise.reject(err);
  }

  private watch(query: AnyFn, args: unknown[]): unknown {
    if (this.down) {
      this.arm();
      return this.refuse(args);
    }
    const token = {};
    this.inflight.set(token, Date.now());
    this.arm();
    const done = () => this.inflight.delete(token);
    // Any answer says the server is alive: a slow server (a loaded machine) that answers some
    // statements while a probe's fresh connection waits is slow, not silent, and is not cut.
    const answered = () => {
      this.lastAnsweredAt = Date.now();
      done();
    };
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      const wrapped = [...args.slice(0, -1), (...r: unknown[]) => (r[0] ? done() : answered(), (callback as AnyFn)(...r))];
      return query(...wrapped);
    }
    const result = query(...args);
    if (result instanceof Promise) result.then(answered, done);
    else done(); // a submittable (cursor) reports through its own events: not watched
    return result;
  }

  private arm(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.timer.unref();
  }

  private tick(): void {
    if (!this.down && this.inflight.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
      return;
    }
    if (this.probing) return;
    const now = Date.now();
    const stallMs = this.options.stallMs ?? STALL_PROBE_AFTER_MS;
    // An answer within the last stall period already says the server is alive.
    if (!this.down && now - this.lastAnsweredAt < stallMs) return;
    let oldest = now;
    for (const since of this.inflight.values()) oldest = Math.min(oldest, since);
    if (this.down || now - oldest >= stallMs) void this.probe();
  }

  private async probe(): Promise<void> {
    this.probing = true;
    const startedAt = Date.now();
    const timeout = this.options.probeTimeoutMs ?? PROBE_TIMEOUT_MS;
    const client = new Client({ connectionString: this.url, connectionTimeoutMillis: timeout, query_timeout: timeout });
    client.on('error', () => {});
    let answered = false;
    try {
      await client.connect();
      await client.query('SELECT 1');
      answered = true;
    } catch {
      // no answer: below
    } finally {
      cut(client);
      this.probing = false;
    }
    if (answered) {
      this.lastAnsweredAt = Date.now();
      if (this.down) {
        this.down = false;
        this.options.onChange?.(false);
      }
      return;
    }
    if (this.down) return;
    // A statement answered while the probe waited: the server is slow to accept, not frozen.
    if (this.lastAnsweredAt >= startedAt) return;
    this.down = true;
    this.arm(); // probes go on until one is answered
    this.options.onChange?.(true);
    // Statements waiting on the silent server fail now; the pools drop the cut connections.
    for (const c of this.clients) cut(c);
  }

  /** Stops probing (the database handle is closing). */
  close(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

/** Closes a connection's socket at once: `end()` would wait for a server that does not answer. */
function cut(client: Client): void {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}
