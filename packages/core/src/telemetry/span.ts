import { SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';
export { untraced } from './start';
export type { Span as TraceSpan } from '@opentelemetry/api';

const tracer = trace.getTracer('dp');

/**
 * Runs `fn` as a span of its own, for work that no request starts (a follower round, a webhook
 * attempt, a sync): the statements and calls it makes become its children, and its log lines carry
 * its trace id. With tracing off the API's tracer is a no-op and `fn` simply runs.
 */
export function traced<T>(name: string, attributes: Attributes, fn: (span: Span) => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      span.recordException(err instanceof Error ? err : String(err));
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
      throw err;
    } finally {
      span.end();
    }
  });
}
