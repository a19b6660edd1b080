export type FrontMatterResult =
  { ok: true; fields: Record<string, string>; body: string; problems: string[] } | { ok: false; error: string; body: string };

const KEY_LINE = /^([A-Za-z_][A-Za-z0-9_-]*):(?:[ \t]+(.*))?$/;

/** A YAML double-quoted scalar's escapes (the subset the upstream writes, plus the common ones). */
function unescapeDoubleQuoted(s: string): string {
  return s.replace(/\\(u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)/g, (_m, e: string) => {
    if (e.length > 1) return String.fromCharCode(parseInt(e.slice(1), 16));
    return ({ n: '\n', t: '\t', r: '\r', '0': '\0', '"': '"', '\\': '\\', '/': '/' } as Record<string, string>)[e] ?? e;
  });
}

/** Folds a multi-line double-quoted scalar as YAML does: a line break becomes a space. */
function foldLines(raw: string): string {
  return raw
    .split('\n')
    .map((l, i) => (i === 0 ? l.trimEnd() : l.trim()))
    .join(' ')
    .trim();
}

function closingQuote(s: string): number {
  for (let i = 1; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === '"') return i;
  }
  return -1;
}

/**
 * Splits a legalize-cz file into its front matter (flat `key: "value"` YAML) and the Markdown
 * body after it. Tolerant where the upstream is untidy: a quoted value may run over several
 * lines; unquoted and single-quoted values are taken as written. Lines that are not `key: value`
 * are reported in `problems` and skipped. No `---` fences at all: not ok (the body is the whole file).
 */
export function parseFrontMatter(text: string): FrontMatterResult {
  const src = text.startsWith('\ufeff') ? text.slice(1) : text;
  const normalized = src.replace(/\r\n/g, '\n');
  if (!normalized.startsWith('---\n')) return { ok: false, error: 'no front matter (the file does not start with ---)', body: normalized };
  const end = normalized.indexOf('\n---\n', 3);
  const endAtEof = end < 0 && normalized.endsWith('\n---') ? normalized.length - 4 : -1;
  const close = end >= 0 ? end : endAtEof;
  if (close < 0) return { ok: false, error: 'front matter is not closed (no second ---)', body: normalized };
  const lines = normalized.slice(4, close).split('\n');
  const body = end >= 0 ? normalized.slice(end + 5) : '';
  const fields: Record<string, string> = {};
  const problems: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const m = KEY_LINE.exec(line);
    if (!m) {
      problems.push(`line ${i + 2}: not "key: value": ${line.slice(0, 80)}`);
      continue;
    }
    const key = m[1];
    let value = (m[2] ?? '').trim();
    if (value.startsWith('"')) {
      let raw = value;
      let q = closingQuote(raw);
      while (q < 0 && i + 1 < lines.length) {
        i += 1;
        raw += `\n${lines[i]}`;
        q = closingQuote(raw);
      }
      if (q < 0) {
        problems.push(`${key}: unterminated quoted value`);
        value = foldLines(raw.slice(1));
      } else {
        if (raw.slice(q + 1).trim() !== '') problems.push(`${key}: text after the closing quote`);
        value = unescapeDoubleQuoted(foldLines(raw.slice(1, q)));
      }
    } else if (value.startsWith("'") && value.endsWith("'") && value.length >= 2) {
      value = value.slice(1, -1).replace(/''/g, "'");
    }
    fields[key] = value.trim();
  }
  return { ok: true, fields, body, problems };
}
