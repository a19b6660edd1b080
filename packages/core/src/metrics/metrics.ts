import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { cacheTotals } from '../cache/cache';
import type { SharedState } from '../state/shared-state';

/** What `createMetrics` reads from the database handle (packages/db's `Database` has both). */
export interface DatabaseProbe {
  /** Connections of the main pool right now. */
  poolStats(): { total: number; idle: number; waiting: number };
  /** Called after every query with its time; one observer per handle. */
  observeQueries(observer: (seconds: number, ok: boolean) => void): void;
}

export interface MetricsOptions {
  /** The app's shared state: Redis's health is read from it at each scrape. */
  state?: SharedState;
  database?: DatabaseProbe;
  /** Node's own metrics (CPU, memory, event loop delay, GC); on unless a test turns them off. */
  processMetrics?: boolean;
}

/**
 * One app's Prometheus registry (prom-client) and the metrics every app has: requests, caches,
 * database pool and query time, Redis state, process. App-specific metrics are declared through
 * `counter`/`gauge`/`histogram` (get or create by name, so two call sites never register twice).
 * A registry per app rather than prom-client's global one: tests run several apps in one process.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requestChildren = new Map<string, { observe(value: number): void }>();
  private readonly requests: Histogram<'method' | 'route' | 'status' | 'operation'>;

  constructor(
    readonly app: string,
    options: MetricsOptions = {},
  ) {
    this.registry.setDefaultLabels({ app });
    if (options.processMetrics !== false) collectDefaultMetrics({ register: this.registry, prefix: 'dp_' });
    this.requests = this.histogram(
      'dp_http_request_duration_seconds',
      'HTTP requests by route template, status and metered operation (its _count is the request count).',
      ['method', 'route', 'status', 'operation'],
      [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    );
    this.collectCaches();
    if (options.state) this.collectRedis(options.state);
    if (options.database) this.collectDatabase(options.database);
  }

  counter<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
    return (
      (this.registry.getSingleMetric(name) as Counter<L> | undefined) ?? new Counter({ name, help, labelNames, registers: [this.registry] })
    );
  }

  gauge<L extends string = never>(
    name: string,
    help: string,
    labelNames: readonly L[] = [],
    collect?: (gauge: Gauge<L>) => void | Promise<void>,
  ): Gauge<L> {
    const known = this.registry.getSingleMetric(name) as Gauge<L> | undefined;
    if (known) return known;
    return new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      ...(collect
        ? {
            collect: function (this: Gauge<L>) {
              return collect(this);
            },
          }
        : {}),
    });
  }

  histogram<L extends string = never>(name: string, help: string, labelNames: readonly L[] = [], buckets?: number[]): Histogram<L> {
    return (
      (this.registry.getSingleMetric(name) as Histogram<L> | undefined) ??
      new Histogram({ name, help, labelNames, registers: [this.registry], ...(buckets ? { buckets } : {}) })
    );
  }

  /** One finished request (called by core's request observer, once per request). */
  observeRequest(method: string, route: string, status: number, operation: string, seconds: number): void {
    const key = `${method} ${route} ${status} ${operation}`;
    let child = this.requestChildren.get(key);
    if (!child) {
      child = this.requests.labels(method, route, String(status), operation);
      this.requestChildren.set(key, child);
    }
    child.observe(seconds);
  }

  /** The text exposition and its content type, for `/metrics`. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  private collectCaches(): void {
    const read = () => cacheTotals();
    for (const [name, help, field] of [
      ['dp_cache_hits_total', 'Lookups served from an in-process cache.', 'hits'],
      ['dp_cache_misses_total', 'Lookups an in-process cache could not serve (a load followed).', 'misses'],
    ] as const) {
      new Counter({
        name,
        help,
        labelNames: ['cache'],
        registers: [this.registry],
        collect() {
          this.reset();
          for (const [cache, t] of read()) this.inc({ cache }, t[field]);
        },
      });
    }
    this.gauge('dp_cache_entries', 'Entries held by an in-process cache.', ['cache'], (g) => {
      g.reset();
      for (const [cache, t] of read()) g.set({ cache }, t.entries);
    });
    this.gauge('dp_cache_weight', 'Size held by an in-process cache, in its own unit (characters for texts).', ['cache'], (g) => {
      g.reset();
      for (const [cache, t] of read()) g.set({ cache }, t.weight);
    });
  }

  private collectRedis(state: SharedState): void {
    const health = state.health;
    this.gauge(
      'dp_redis_up',
      'Whether Redis is usable (1), or the app runs on in-process state (0); absent without REDIS_URL.',
      [],
      (g) => {
        if (health) g.set(health.up ? 1 : 0);
      },
    );
    this.gauge('dp_redis_state', 'Redis state as the app sees it (1 for the current one).', ['state'], (g) => {
      if (!health) return;
      for (const s of ['unknown', 'up', 'suspect', 'down'] as const) g.set({ state: s }, health.status === s ? 1 : 0);
    });
  }

  private collectDatabase(db: DatabaseProbe): void {
    this.gauge('dp_db_pool_connections', 'Connections of the database pool by state.', ['state'], (g) => {
      const s = db.poolStats();
      g.set({ state: 'total' }, s.total);
      g.set({ state: 'idle' }, s.idle);
      g.set({ state: 'in_use' }, s.total - s.idle);
      g.set({ state: 'waiting' }, s.waiting);
    });
    const queries = this.histogram(
      'dp_db_query_duration_seconds',
      'SQL statements sent through node-postgres by outcome.',
      ['outcome'],
      [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
    );
    const ok = queries.labels('ok');
    const failed = queries.labels('error');
    db.observeQueries((seconds, success) => (success ? ok : failed).observe(seconds));
  }
}

export function createMetrics(app: string, options?: MetricsOptions): Metrics {
  return new Metrics(app, options);
}

/**
 * An app's registry as its configuration asks: none when METRICS_DISABLED is set, an explicit
 * one when the caller passes it (tests), `false` for none at all (benchmarks).
 */
export function appMetrics(
  app: string,
  config: { METRICS_DISABLED: boolean },
  given: Metrics | false | undefined,
  options?: MetricsOptions,
): Metrics | undefined {
  if (given === false) return undefined;
  return given ?? (config.METRICS_DISABLED ? undefined : createMetrics(app, options));
}
