/** Helpers for the text renderings: short, predictable lines a model can quote from. */
import type { V1Schemas } from '@dp/core';

/** What a label needs of any of the API's document references (a document, a relation's target, …). */
export type DocRef = Pick<V1Schemas['DocumentRef'], 'natural_key'> & { doc_number?: string | null; title?: string | null };

/** "89/2012 Sb. (sb/2012/89) — Title" */
export function docLabel(d: DocRef): string {
  const number = d.doc_number ? `${d.doc_number} (${d.natural_key})` : d.natural_key;
  return d.title ? `${number} — ${d.title}` : number;
}

/** Lists in the text rendering stop here; the structured content always carries everything. */
export const MAX_LIST_LINES = 50;

export function capped<T>(items: T[], line: (item: T, i: number) => string, noun: string): string[] {
  const lines = items.slice(0, MAX_LIST_LINES).map(line);
  if (items.length > MAX_LIST_LINES) lines.push(`… ${items.length - MAX_LIST_LINES} more ${noun} in the structured result.`);
  return lines;
}

export function field(label: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return `${label}: ${typeof value === 'object' ? JSON.stringify(value) : (value as string | number | boolean)}`;
}

export function lines(...parts: (string | null | undefined | false | string[])[]): string {
  return parts
    .flat()
    .filter((p): p is string => typeof p === 'string')
    .join('\n');
}

export function requestLine(requestId: string | null): string | null {
  return requestId ? `(request id ${requestId})` : null;
}

/** An ISO day as Czech lawyers write it: `2012-01-01` → `1. 1. 2012`. */
export function czechDate(day: string): string {
  const [y, m, d] = day.split('-');
  return `${Number(d)}. ${Number(m)}. ${y}`;
}

/** The kind of act a title names, in the nominative (`zákon`, `vyhláška`), for "zákon č. 365/2011 Sb.". */
export function actKind(title: string | null | undefined): string | null {
  const t = (title ?? '').toLowerCase();
  for (const kind of [
    'ústavní zákon',
    'zákonné opatření',
    'zákon',
    'vyhláška',
    'nařízení vlády',
    'nařízení',
    'sdělení',
    'opatření',
    'usnesení',
  ])
    if (t.startsWith(kind)) return kind;
  return null;
}

type Effect = V1Schemas['AmendmentEffect'];

/** "zákon č. 365/2011 Sb., čl. I bod 75, účinnost 1. 1. 2012" */
export function effectSource(e: Effect): string {
  const act = e.amending_act.doc_number ?? e.amending_act.natural_key;
  const kind = actKind(e.amending_act.title);
  const where = [e.article, e.point ? `bod ${e.point}` : null].filter(Boolean).join(' ');
  return `${kind ? `${kind} ` : ''}č. ${act}${where ? `, ${where}` : ''}${e.effective_from ? `, účinnost ${czechDate(e.effective_from)}` : ''}`;
}

/** One outstanding effect as a line a model can quote: its source, then its instruction. */
export function effectLine(e: Effect, max = 600): string {
  const text = e.instruction.length > max ? `${e.instruction.slice(0, max)}…` : e.instruction;
  return `- ${effectSource(e)}: ${text.replace(/\s+/g, ' ').trim()}`;
}
