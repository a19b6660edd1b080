import type { V1Schemas } from '@dp/core';
import { capped, czechDate, docLabel, effectLine, effectSource, lines, requestLine } from './common';
import { renderVersion } from './document';

export type ProvisionDayView = V1Schemas['ProvisionDay'];
export type ProvisionView = V1Schemas['Provision'];
export type ProvisionEntryView = V1Schemas['ProvisionEntry'];
export type ProvisionLinksView = V1Schemas['ProvisionLinks'];
export type ProvisionHistoryEntryView = V1Schemas['ProvisionHistoryEntry'];
export type ProvisionDiffView = V1Schemas['ProvisionDiff'];

export interface TocView extends ProvisionDayView {
  provisions: ProvisionEntryView[];
  total: number;
  has_more: boolean;
  next_cursor: string | null;
  links: ProvisionLinksView;
}

export interface ProvisionReadView extends ProvisionDayView {
  provision: ProvisionView | null;
  text_status: V1Schemas['TextStatus'];
  outstanding_effects: V1Schemas['AmendmentEffect'][];
  unlocated_effects: number;
  links: ProvisionLinksView;
}

export interface ProvisionHistoryView {
  document: V1Schemas['DocumentRef'];
  provision: { id: string; kind: string | null; label: string | null; heading: string | null };
  history: ProvisionHistoryEntryView[];
  versions_without_text: number[];
  links: ProvisionLinksView;
}

/** The act's kind in the genitive, as a citation names it ("§ 52 zákona č. …"), from its title. */
const GENITIVE: Array<[RegExp, string]> = [
  [/^ústavní zákon/i, 'ústavního zákona'],
  [/^zákon/i, 'zákona'],
  [/^vyhláška/i, 'vyhlášky'],
  [/^nařízení vlády/i, 'nařízení vlády'],
  [/^nařízení/i, 'nařízení'],
  [/^sdělení/i, 'sdělení'],
];

/** How to cite a provision on a day, the way Czech lawyers write it. */
export function provisionCitation(label: string, doc: V1Schemas['DocumentRef'], day: string): string {
  const [y, m, d] = day.split('-');
  const kind = GENITIVE.find(([re]) => re.test(doc.title ?? ''))?.[1] ?? 'předpisu';
  return `${label} ${kind} č. ${doc.doc_number}, ve znění účinném ke dni ${Number(d)}. ${Number(m)}. ${y}`;
}

/** When the source holds no text for the day: what to say instead of another day's wording. */
function unavailable(day: ProvisionDayView): string | null {
  if (day.text_available) return null;
  const u = day.text_unavailable;
  return lines(
    `No text from the source for ${day.as_of}${u ? `: ${u.message}` : '.'}`,
    u?.source_url ? `Official text of that day (no key needed): ${u.source_url}` : null,
  );
}

export function renderToc(toc: TocView, requestId: string | null): string {
  const indent = (e: ProvisionEntryView) => '  '.repeat(Math.max(0, e.depth - 1));
  return lines(
    `# Table of contents of ${docLabel(toc.document)} on ${toc.as_of}`,
    toc.version ? `Version: ${renderVersion(toc.version)}` : null,
    unavailable(toc),
    capped(
      toc.provisions,
      (e) => `${indent(e)}${e.id} — ${e.label}${e.heading ? ` ${e.heading}` : ''}${e.repealed ? ' (zrušeno)' : ''}`,
      'provisions',
    ),
    `${toc.provisions.length} of ${toc.total} provisions at this depth.`,
    toc.has_more && toc.next_cursor ? `More: call again with cursor "${toc.next_cursor}".` : null,
    toc.links.e_sbirka ? `e-Sbírka: ${toc.links.e_sbirka}` : null,
    requestLine(requestId),
  );
}

/**
 * #35: what a model must say about a provision whose text is not the day's law: which amendments
 * in force changed it since the collection's text, and where the official text of the day is.
 */
function statusLines(view: ProvisionReadView, label: string): (string | null)[] {
  const official = view.links.e_sbirka ? `Official text of ${view.as_of} (e-Sbírka, no key needed): ${view.links.e_sbirka}` : null;
  if (view.text_status === 'amended_not_in_source') {
    const held = view.provision?.source_text?.as_of ?? view.version?.text_as_of ?? null;
    const first = view.outstanding_effects[0];
    return [
      `NOT THE LAW OF ${view.as_of}: the collection holds ${label}${held ? ` as of ${czechDate(held)}` : ''}; ` +
        `it was changed since${first ? ` by ${effectSource(first)}` : ''}, and the collection has no text with the change.`,
      'Changes in force that the text below lacks:',
      ...view.outstanding_effects.slice(0, 10).map((e) => effectLine(e)),
      view.outstanding_effects.length > 10 ? `… ${view.outstanding_effects.length - 10} more in the structured result.` : null,
      official,
    ];
  }
  if (view.text_status === 'not_in_source') {
    return [
      `The collection's text lacks ${label} on ${view.as_of}: it is made by an amendment in force that day that the source has not applied.`,
      ...view.outstanding_effects.slice(0, 10).map((e) => effectLine(e)),
      official,
    ];
  }
  return [
    view.unlocated_effects
      ? `Caution: ${view.unlocated_effects} amendment point(s) in force on ${view.as_of} could not be located in this act; they may change ${label} too.`
      : null,
  ];
}

export function renderProvision(view: ProvisionReadView, requestId: string | null): string {
  const p = view.provision;
  if (!p) {
    const label = view.outstanding_effects[0]?.targets[0] ?? 'the provision';
    return lines(
      `# ${docLabel(view.document)} on ${view.as_of}`,
      unavailable(view) ?? (view.text_status === 'not_in_source' ? null : 'No provision text.'),
      ...statusLines(view, label),
      requestLine(requestId),
    );
  }
  const current = view.text_status === 'current';
  const wording = p.text ?? p.source_text?.text ?? '';
  return lines(
    `# ${p.label}${p.heading ? ` — ${p.heading}` : ''} (${view.document.doc_number ?? view.document.natural_key})`,
    view.version ? `Version: ${renderVersion(view.version)}` : null,
    p.containers.length ? `In: ${p.containers.map((c) => `${c.label}${c.heading ? ` ${c.heading}` : ''}`).join(' › ')}` : null,
    p.repealed ? 'This provision is repealed (zrušeno) in this version.' : null,
    ...statusLines(view, p.label),
    p.text_source === 'rebuilt'
      ? `Rebuilt from ${p.rebuilt_by.map(effectSource).join('; ')} by the consolidation engine (not an official consolidation; the official text is at e-Sbírka).`
      : null,
    '',
    current
      ? null
      : `Wording the collection holds (of ${p.source_text ? czechDate(p.source_text.as_of) : 'an earlier day'}; not the law of ${view.as_of}):`,
    wording,
    p.text_page && p.text_page.next_offset !== null ? `\n[Text cut: call again with text_offset ${p.text_page.next_offset}.]` : null,
    p.footnotes.length ? `Footnotes cited: ${p.footnotes.map((f) => `${f.id} (${f.label})`).join(', ')} (read each as a provision).` : null,
    '',
    p.prev ? `Previous: ${p.prev.id} (${p.prev.label})` : null,
    p.next ? `Next: ${p.next.id} (${p.next.label})` : null,
    current ? `Cite as: ${provisionCitation(p.label, view.document, view.as_of)}` : null,
    current && view.links.e_sbirka ? `Official text (e-Sbírka, no key needed): ${view.links.e_sbirka}` : null,
    requestLine(requestId),
  );
}

export function renderProvisionHistory(view: ProvisionHistoryView, requestId: string | null): string {
  const label = view.provision.label ?? view.provision.id;
  return lines(
    `# History of ${label} of ${docLabel(view.document)}`,
    view.history.length ? null : 'No version with a text has this provision.',
    capped(
      view.history,
      (h) =>
        `v${h.version} from ${h.valid_from}${h.valid_to ? ` to ${h.valid_to}` : ''}: ${h.change}` +
        `${h.amended_by ? ` by ${h.amended_by.doc_number ?? h.amended_by.natural_key}` : ''}` +
        `${h.text_as_of !== h.valid_from ? ` (text as of ${h.text_as_of})` : ''}`,
      'versions',
    ),
    view.versions_without_text.length
      ? `Versions without a text in the source (not compared): ${view.versions_without_text.join(', ')}`
      : null,
    requestLine(requestId),
  );
}

export function renderDiff(diff: ProvisionDiffView, requestId: string | null): string {
  const side = (s: ProvisionDiffView['from']) =>
    s.version ? `v${s.version.version} (in force ${s.day})` : `${s.day}${s.text_unavailable ? ` — ${s.text_unavailable.message}` : ''}`;
  const words = (c: ProvisionDiffView['changed'][number]) =>
    c.words
      .slice(0, 20)
      .map((w) => `${w.op === 'insert' ? '+' : '-'}«${w.text.length > 200 ? `${w.text.slice(0, 200)}…` : w.text}»`)
      .join(' ');
  return lines(
    `# Changes in ${docLabel(diff.document)}${diff.provision ? ` (${diff.provision})` : ''}`,
    `From ${side(diff.from)} to ${side(diff.to)}`,
    diff.summary
      ? `Added ${diff.summary.added}, removed ${diff.summary.removed}, changed ${diff.summary.changed} (of which repealed ${diff.summary.repealed}).`
      : 'No comparison: the source holds no text for one of the days.',
    diff.added.length ? `Added: ${diff.added.map((a) => a.label).join(', ')}` : null,
    diff.removed.length ? `Removed: ${diff.removed.map((a) => a.label).join(', ')}` : null,
    capped(diff.changed, (c) => `Changed ${c.label}${c.repealed ? ' (now zrušeno)' : ''}: ${words(c)}`, 'changed provisions'),
    diff.has_more && diff.next_cursor ? `More: call again with cursor "${diff.next_cursor}".` : null,
    requestLine(requestId),
  );
}
