import type { NextFunction, Request, Response } from 'express';
import { newId } from '../ids';

declare global {
  namespace Express {
    interface Request {
      /** Set by requestIdMiddleware; echoed in X-Request-Id and every envelope's meta. */
      requestId: string;
    }
  }
}

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Keeps an incoming X-Request-Id when it is a sane token, otherwise mints `req_…`. */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  const incoming = req.get('x-request-id');
  req.requestId = incoming && SANE_REQUEST_ID.test(incoming) ? incoming : newId('req');
  res.setHeader('X-Request-Id', req.requestId);
  next();
}
