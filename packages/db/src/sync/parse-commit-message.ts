import type { CommitInfo } from './types';

const FIELD_LINE = /^([A-Za-zÀ-ž][A-Za-zÀ-ž -]*?):[ \t]*(.*)$/;

/**
 * Reads a legalize-cz commit message: the subject's `[bootstrap]`/`[reform]` tag and every
 * `Key: value` line of the body (the git trailers `Source-Id`, `Source-Date`, `Norm-Id` and the
 * fields above them, in English or, in older commits, Spanish: `Norma`, `Fecha`, `Fuente`, …).
 */
export function parseCommitMessage(message: string): CommitInfo {
  const lines = message.replace(/\r\n/g, '\n').split('\n');
  const subject = (lines[0] ?? '').trim();
  const tag = /^\[([a-z-]+)\]/i.exec(subject);
  const trailers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const m = FIELD_LINE.exec(line.trim());
    if (m) trailers[m[1]] = m[2].trim();
  }
  return { kind: tag ? tag[1].toLowerCase() : null, subject, trailers };
}
