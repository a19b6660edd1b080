/**
 * The small logger the tools use. Each transport supplies its own: the stdio server writes JSON
 * lines to stderr (stdout is the protocol), the HTTP server adapts its pino logger.
 */
export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/** For library use and tests that build a server in process. */
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
