import type { RequestHandler } from 'express';

/**
 * Several middlewares as one: each runs when the previous calls `next()`, the first error goes
 * to the app's error handler. Express's router does the same per layer but matches a path for
 * each; on the hot path (every request passes these) one layer does the work of several.
 */
export function chain(...handlers: RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    let index = 0;
    const step = (err?: unknown): void => {
      if (err !== undefined && err !== null) return next(err);
      const handler = handlers[index++];
      if (!handler) return next();
      try {
        const result: unknown = handler(req, res, step);
        if (result instanceof Promise) result.catch(step);
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}
