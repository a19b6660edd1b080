/**
 * A tiny escaping template tag: every interpolated value is HTML-escaped unless it is already
 * SafeHtml (the result of another `html` call). Arrays are joined. This is the whole "engine":
 * forgetting to escape would need an explicit `raw()`, which only trusted constants use.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (c) => ESCAPES[c]);
}

export type Interpolation = SafeHtml | string | number | boolean | null | undefined | Interpolation[];

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0];
  values.forEach((v, i) => {
    out += render(v) + strings[i + 1];
  });
  return new SafeHtml(out);
}

/** Trusted markup only (constants written in this codebase). */
export function raw(value: string): SafeHtml {
  return new SafeHtml(value);
}

/**
 * JSON for a `<script type="application/json">` data block: `<` is escaped so the content can
 * never close the element, whatever strings the data holds.
 */
export function jsonDataBlock(id: string, data: unknown): SafeHtml {
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
  return new SafeHtml(`<script type="application/json" id="${escapeHtml(id)}">${json}</script>`);
}
