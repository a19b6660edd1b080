import type { Config, Logger, SharedState } from '@dp/core';
import type { Database } from '@dp/db';
import type { KeyCache } from './auth/key-cache';
import type { DocumentCache } from './legal/documents/document-cache';
import type { Meter } from './metering/meter';
import type { QuotaGuard } from './metering/quota';
import type { Pipeline } from './pipeline';

/** What route modules get: the app's dependencies and its per-instance services. */
export interface ApiContext {
  db: Database;
  state: SharedState;
  config: Config;
  logger: Logger;
  meter: Meter;
  quota: QuotaGuard;
  keyCache: KeyCache;
  documents: DocumentCache;
  /** Every /v1 request's path (key verdict → … → envelope); routes hand it their declaration. */
  pipeline: Pipeline;
}
