import { Router } from 'express';
import type { Database } from '@dp/db';

/** Process and storage health for the orchestrator (not routed publicly: only /portal/* is). */
export function healthRouter(db: Database): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
  router.get('/readyz', async (_req, res) => {
    try {
      await db.query('SELECT 1');
      res.json({ status: 'ready' });
    } catch {
      res.status(503).json({ status: 'unavailable' });
    }
  });
  return router;
}
