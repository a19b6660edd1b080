import type { Logger } from '@dp/mcp';

/**
 * Logging for a stdio server: stdout carries the JSON-RPC stream and nothing else, so every log
 * line goes to stderr (hosts show it in their server log). One JSON object per line.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export function createStderrLogger(level: string | undefined = process.env.LOG_LEVEL): Logger {
  const min = level === 'silent' ? Infinity : (ORDER[(level as LogLevel) ?? 'info'] ?? ORDER.info);
  const write =
    (lvl: LogLevel) =>
    (msg: string, fields: Record<string, unknown> = {}) => {
      if (ORDER[lvl] < min) return;
      process.stderr.write(`${JSON.stringify({ level: lvl, time: new Date().toISOString(), name: 'mcp-stdio', msg, ...fields })}\n`);
    };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
