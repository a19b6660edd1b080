import type { Response } from 'express';
import { successEnvelope } from '../envelope';

export function sendSuccess<T>(res: Response, data: T, status = 200, extraMeta: Record<string, unknown> = {}): void {
  res.status(status).json(successEnvelope(data, res.req.requestId, extraMeta));
}
