import { hash } from 'node:crypto';
import { parseProvisions, withoutRepeat, type ParsedProvision, type ParseReport, type ProvisionKind } from '@dp/czech-law';

/**
 * The stored provision tree of one version's text (`document_version.provisions`), and the
 * comparison of two trees (`document_version.provision_changes`). Built once when a version is
 * written, so no request parses. See docs/provisions.md ("Stored trees").
 */

/**
 * The format (parser and encoding) of the trees stored now: a version whose `provisions_format`
 * differs is parsed again by the next sync (fillProvisions). Raise it when the parser's output changes.
 * 2: containers whose ordinal stands before the word ("PRVNÍ ČÁST", "Druhý oddíl"), #35 h-recall11.
 * 3: the footnotes at the end of a text are provisions of their own (`fn_5`); the body ends before them.
 */
export const PROVISION_TREE_FORMAT = 3;

/** A stored tree's node: the parser's provision (one shape, czech-law's) and a hash of its text. */
export interface ProvisionNode extends ParsedProvision {
  /** A short hash of the node's text (its own text and its children's hashes, whitespace collapsed). */
  hash: string;
}

/** What the parser could not structure, kept with the tree for the API to report. */
export interface ParseSummary {
  /** § / čl. headings of the act that made no provision (ParseReport.unparsed), all counted. */
  unparsedCount: number;
  /** The first of them. */
  unparsed: ParseReport['unparsed'];
  stats: ParseReport['stats'];
}

export interface ProvisionTree {
  format: number;
  nodes: ProvisionNode[];
  parse: ParseSummary;
}

/** Which provisions a version added, changed, repealed or removed against an earlier version. */
export interface ProvisionChanges {
  /** The version compared with: the previous version that has a tree (null: none, nothing compared). */
  from: number | null;
  added: string[];
  changed: string[];
  repealed: string[];
  removed: string[];
}

const STORED_UNPARSED = 50;
const SUBORDINATE: ReadonlySet<ProvisionKind> = new Set(['paragraph', 'letter', 'point']);
export const CONTAINER_KINDS: ReadonlySet<ProvisionKind> = new Set(['part', 'title', 'chapter', 'division', 'subdivision']);

const KIND_CODE: Record<ProvisionKind, string> = {
  part: 'P',
  title: 'T',
  chapter: 'C',
  division: 'D',
  subdivision: 'S',
  annex: 'A',
  section: 's',
  article: 'a',
  paragraph: 'p',
  letter: 'l',
  point: 'b',
  footnote: 'f',
};
const KIND_OF: Record<string, ProvisionKind> = Object.fromEntries(Object.entries(KIND_CODE).map(([k, c]) => [c, k as ProvisionKind]));

/**
 * A node's hash covers its own text (from its start to the next node's start) and its children's
 * hashes, so each character is hashed once however deep the tree is, and a node changes when
 * anything inside it changes. Whitespace runs count as one space: a re-wrapped line is no change.
 */
function hashNodes(text: string, nodes: ParseReport['provisions']): string[] {
  const index = new Map<string, number>();
  const children: number[][] = nodes.map(() => []);
  nodes.forEach((n, i) => {
    index.set(n.id, i);
    const p = n.parent === null ? undefined : index.get(n.parent);
    if (p !== undefined) children[p].push(i);
  });
  const hashes = new Array<string>(nodes.length);
  for (let i = nodes.length - 1; i >= 0; i--) {
    const ownEnd = i + 1 < nodes.length ? Math.min(nodes[i + 1].start, nodes[i].end) : nodes[i].end;
    let input = text.slice(nodes[i].start, Math.max(nodes[i].start, ownEnd)).replace(/\s+/g, ' ').trim();
    for (const c of children[i]) input += `\u0000${hashes[c]}`;
    hashes[i] = hash('sha1', input, 'base64url').slice(0, 10);
  }
  return hashes;
}

/** Parses a version's text and returns its tree with hashes; any text gives one (maybe empty). */
export function buildProvisionTree(text: string): ProvisionTree {
  const report = parseProvisions(text);
  const hashes = hashNodes(text, report.provisions);
  return {
    format: PROVISION_TREE_FORMAT,
    nodes: report.provisions.map((n, i) => ({ ...n, hash: hashes[i] })),
    parse: { unparsedCount: report.unparsed.length, unparsed: report.unparsed.slice(0, STORED_UNPARSED), stats: report.stats },
  };
}

/** The label of an odstavec / písmeno / bod as the parser writes it, from its parent's and its id. */
function subordinateLabel(kind: ProvisionKind, id: string, parentLabel: string): string {
  const segment = withoutRepeat(id.slice(id.lastIndexOf('/') + 1));
  const key = segment.slice(segment.indexOf('_') + 1);
  return kind === 'paragraph'
    ? `${parentLabel} odst. ${key}`
    : kind === 'letter'
      ? `${parentLabel} písm. ${key})`
      : `${parentLabel} bod ${key}`;
}

type EncodedNode = [string, string, string | 0, string | 0, number, number, number, 0 | 1, string];
interface EncodedTree {
  f: number;
  n: EncodedNode[];
  u: [number, string, string][];
  c: number;
  s: ParseReport['stats'];
}

/**
 * Compact JSON (the whole collection's trees are a large share of the database): a node's id
 * below its parent's is stored as its tail (`/odst_1`), its parent as an index, an odstavec's,
 * písmeno's or bod's label not at all where it follows from its parent's.
 */
export function encodeProvisionTree(tree: ProvisionTree): string {
  const index = new Map<string, number>();
  const n: EncodedNode[] = tree.nodes.map((node, i) => {
    index.set(node.id, i);
    const p = node.parent === null ? -1 : (index.get(node.parent) ?? -1);
    const parent = p >= 0 ? tree.nodes[p] : null;
    const id = parent && node.id.startsWith(`${parent.id}/`) ? node.id.slice(parent.id.length) : node.id;
    const derived = parent && SUBORDINATE.has(node.kind) && subordinateLabel(node.kind, node.id, parent.label) === node.label;
    return [
      id,
      KIND_CODE[node.kind],
      derived ? 0 : node.label,
      node.heading ?? 0,
      p,
      node.start,
      node.end,
      node.repealed ? 1 : 0,
      node.hash,
    ];
  });
  const encoded: EncodedTree = {
    f: tree.format,
    n,
    u: tree.parse.unparsed.map((u) => [u.offset, u.line, u.reason]),
    c: tree.parse.unparsedCount,
    s: tree.parse.stats,
  };
  return JSON.stringify(encoded);
}

export function decodeProvisionTree(json: string): ProvisionTree {
  const e = JSON.parse(json) as EncodedTree;
  const nodes: ProvisionNode[] = [];
  for (const [rawId, code, label, heading, p, start, end, repealed, h] of e.n) {
    const parent = p >= 0 ? nodes[p] : null;
    const id = parent && rawId.startsWith('/') ? parent.id + rawId : rawId;
    const kind = KIND_OF[code];
    nodes.push({
      id,
      kind,
      label: label === 0 ? subordinateLabel(kind, id, parent?.label ?? '') : label,
      heading: heading === 0 ? null : heading,
      parent: parent ? parent.id : null,
      start,
      end,
      repealed: repealed === 1,
      hash: h,
    });
  }
  return {
    format: e.f,
    nodes,
    parse: { unparsedCount: e.c, unparsed: e.u.map(([offset, line, reason]) => ({ offset, line, reason })), stats: e.s },
  };
}

/**
 * What `next` changed against `prev`, node by node (ids match across versions): added, removed,
 * repealed (a "zrušeno" stub now, not before) and changed (another hash). Document order of `next`
 * (removed: of `prev`).
 */
export function compareProvisionTrees(prev: ProvisionTree, next: ProvisionTree): Omit<ProvisionChanges, 'from'> {
  const before = new Map(prev.nodes.map((n) => [n.id, n]));
  const after = new Set<string>();
  const added: string[] = [];
  const changed: string[] = [];
  const repealed: string[] = [];
  for (const n of next.nodes) {
    after.add(n.id);
    const old = before.get(n.id);
    if (!old) added.push(n.id);
    else if (n.repealed && !old.repealed) repealed.push(n.id);
    else if (n.hash !== old.hash || n.repealed !== old.repealed) changed.push(n.id);
  }
  const removed = prev.nodes.filter((n) => !after.has(n.id)).map((n) => n.id);
  return { added, changed, repealed, removed };
}
