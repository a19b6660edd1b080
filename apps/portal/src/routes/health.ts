import { Router } from 'express';
import { pingDatabase, type Database } from '@dp/db';

/** Process and storage health for the orchestrator (not routed publicly: only /portal/* is). */
export function healthRouter(db: Database): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
  router.get('/readyz', async (_req, res) => {
    if (await pingDatabase(db)) res.json({ status: 'ready' });
    else res.status(503).json({ status: 'unavailable' });
  });
  return router;
}
