import { nameKey } from '@dp/core';
import { keyOrder, odstavecPlacer, parseProvisionId, type ProvisionKind } from '@dp/czech-law';
import { CONTAINER_KINDS, type ProvisionNode, type ProvisionTree } from '@dp/db';

/** Kinds whose neighbours are each other (a § is followed by the next § or čl., across containers). */
const RANK: Record<ProvisionKind, string> = {
  part: 'part',
  title: 'title',
  chapter: 'chapter',
  division: 'division',
  subdivision: 'subdivision',
  annex: 'annex',
  section: 'provision',
  article: 'provision',
  paragraph: 'paragraph',
  letter: 'letter',
  point: 'point',
  footnote: 'footnote',
};

/** The kind word and a number for an id's last segment, to rank neighbours: `par_52a` → par, 52.01. */
function segmentKey(id: string): { word: string; value: number } | null {
  const last = parseProvisionId(id.slice(id.lastIndexOf('/') + 1))?.segments[0];
  return last ? { word: last.word, value: keyOrder(last.key) } : null;
}

/**
 * A stored provision tree with what reads need: lookup by id, depth, containers, neighbours,
 * the nearest ids to an unknown one. Built once per cached tree.
 */
export class ProvisionIndex {
  private readonly byId = new Map<string, number>();
  /** § / čl. headings as search names them (core nameKey) → the first such provision; built when first asked. */
  private headings: Map<string, number> | undefined;
  /** targets.ts's place of a písmeno named without its odstavec, over this tree's ids; built when first asked. */
  private placer: ((target: string) => string | null) | undefined;
  /** 1 for a node at the top, 2 for its children, … */
  readonly depth: number[];

  constructor(readonly tree: ProvisionTree) {
    this.depth = new Array<number>(tree.nodes.length);
    tree.nodes.forEach((n, i) => {
      this.byId.set(n.id, i);
      const p = n.parent === null ? undefined : this.byId.get(n.parent);
      this.depth[i] = p === undefined ? 1 : this.depth[p] + 1;
    });
  }

  indexOf(id: string): number | undefined {
    return this.byId.get(id);
  }

  get(id: string): ProvisionNode | undefined {
    const i = this.byId.get(id);
    return i === undefined ? undefined : this.tree.nodes[i];
  }

  /**
   * The deepest provision (not a container) whose range holds `offset` of the version's text, or
   * undefined (the offset lies in the title, the promulgation lines or a container's heading).
   * Nodes are in document order and nested, so the last one starting at or before the offset
   * holds it, or one of its ancestors does.
   */
  containing(offset: number): ProvisionNode | undefined {
    const nodes = this.tree.nodes;
    let lo = 0;
    let hi = nodes.length - 1;
    let last = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (nodes[mid].start <= offset) {
        last = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    let node: ProvisionNode | undefined = last >= 0 ? nodes[last] : undefined;
    while (node && (offset >= node.end || CONTAINER_KINDS.has(node.kind))) {
      node = node.parent === null ? undefined : this.get(node.parent);
    }
    return node;
  }

  /** The first § or čl. (in force, else any) whose heading is `key` as core's nameKey writes names. */
  withHeading(key: string): ProvisionNode | undefined {
    if (!this.headings) {
      const headings = new Map<string, number>();
      this.tree.nodes.forEach((n, i) => {
        if ((n.kind !== 'section' && n.kind !== 'article') || !n.heading) return;
        const k = nameKey(n.heading);
        const seen = headings.get(k);
        if (k && (seen === undefined || (this.tree.nodes[seen].repealed && !n.repealed))) headings.set(k, i);
      });
      this.headings = headings;
    }
    const i = this.headings.get(key);
    return i === undefined ? undefined : this.tree.nodes[i];
  }

  /** The nodes enclosing node i, outermost first. */
  containers(i: number): ProvisionNode[] {
    const out: ProvisionNode[] = [];
    let parent = this.tree.nodes[i].parent;
    while (parent !== null) {
      const p = this.get(parent);
      if (!p) break;
      out.unshift(p);
      parent = p.parent;
    }
    return out;
  }

  /** Where this text numbers a písmeno an effect names without its odstavec (targets.ts `odstavecPlacer`). */
  place(target: string): string | null {
    this.placer ??= odstavecPlacer(this.tree.nodes.map((n) => n.id));
    return this.placer(target);
  }

  /** For a container, the §§ and články inside it with their containers' ids; none for another node. */
  members(i: number): { id: string; ancestors: string[] }[] {
    const nodes = this.tree.nodes;
    if (!CONTAINER_KINDS.has(nodes[i].kind)) return [];
    const out: { id: string; ancestors: string[] }[] = [];
    for (let j = i + 1; j < nodes.length && nodes[j].start < nodes[i].end; j++) {
      if ((nodes[j].kind === 'section' || nodes[j].kind === 'article') && this.isUnit(nodes[j]))
        out.push({ id: nodes[j].id, ancestors: this.containers(j).map((c) => c.id) });
    }
    return out;
  }

  children(i: number): ProvisionNode[] {
    const id = this.tree.nodes[i].id;
    const out: ProvisionNode[] = [];
    for (let j = i + 1; j < this.tree.nodes.length && this.tree.nodes[j].start < this.tree.nodes[i].end; j++) {
      if (this.tree.nodes[j].parent === id) out.push(this.tree.nodes[j]);
    }
    return out;
  }

  /** The previous and next node of the same rank in document order (§ to §, odstavec to odstavec). */
  neighbours(i: number): { prev: ProvisionNode | null; next: ProvisionNode | null } {
    const nodes = this.tree.nodes;
    const rank = RANK[nodes[i].kind];
    let prev: ProvisionNode | null = null;
    let next: ProvisionNode | null = null;
    for (let j = i - 1; j >= 0 && !prev; j--) if (RANK[nodes[j].kind] === rank) prev = nodes[j];
    for (let j = i + 1; j < nodes.length && !next; j++) if (RANK[nodes[j].kind] === rank) next = nodes[j];
    return { prev, next };
  }

  /**
   * The provisions a diff reports on: the outermost ones that are not containers (§, čl., příloha
   * — a § inside a čl. that carries a whole act is reported as that čl.).
   */
  isUnit(node: ProvisionNode): boolean {
    if (CONTAINER_KINDS.has(node.kind)) return false;
    const parent = node.parent === null ? undefined : this.get(node.parent);
    return !parent || CONTAINER_KINDS.has(parent.kind);
  }

  /** Whether `node` is `ancestor` or lies inside it. */
  within(node: ProvisionNode, ancestor: string): boolean {
    let id: string | null = node.id;
    while (id !== null) {
      if (id === ancestor) return true;
      id = this.get(id)?.parent ?? null;
    }
    return false;
  }

  /**
   * Existing ids nearest to one that is not in the tree: its deepest existing ancestor by id
   * (`par_52` for `par_52/odst_9`), then the nodes beside where it would be, by number
   * (`par_52/odst_3`, `par_52/odst_2`; `par_51`, `par_53` for a missing `par_52`).
   */
  nearest(id: string, count = 5): string[] {
    const segments = id.split('/');
    let base: string | null = null;
    for (let k = segments.length - 1; k >= 1 && base === null; k--) {
      const prefix = segments.slice(0, k).join('/');
      if (this.byId.has(prefix)) base = prefix;
    }
    const last = segmentKey(id);
    const candidates = this.tree.nodes.filter((n) =>
      base !== null ? n.parent === base : !n.id.includes('/') || n.kind === 'section' || n.kind === 'article',
    );
    const score = (n: ProvisionNode): number => {
      const k = segmentKey(n.id);
      if (!k || !last) return 1e9;
      return (k.word === last.word ? 0 : 1e6) + Math.abs(k.value - last.value);
    };
    const scored = candidates.map((n) => ({ id: n.id, s: score(n) })).filter((c) => c.s < 1e9);
    // Ids of the same kind (§ for a §) when there are any; others only otherwise.
    const sameWord = scored.filter((c) => c.s < 1e6);
    const ranked = (sameWord.length ? sameWord : scored)
      .sort((x, y) => x.s - y.s)
      .slice(0, count)
      .map((c) => c.id);
    return base !== null ? [base, ...ranked].slice(0, count) : ranked;
  }
}
