import { Router } from 'express';
import { ApiError, sendSuccess } from '@dp/core';
import { pingDatabase, type Database } from '@dp/db';

/** /healthz: the process is up. /readyz: it can reach storage (load balancers route on this). */
export function healthRouter(db: Database): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => sendSuccess(res, { status: 'ok' }));
  router.get('/readyz', async (_req, res) => {
    if (!(await pingDatabase(db)))
      throw new ApiError('unavailable', 'Storage is not reachable.', { storage: 'down' }, { 'Retry-After': '5' });
    sendSuccess(res, { status: 'ready' });
  });
  return router;
}
