import type { V1Schemas } from '@dp/core';
import { recogniseCitations } from '@dp/czech-law';
import { CONTAINER_KINDS, type ProvisionNode } from '@dp/db';
import type { Effect } from '../documents/amendments';
import type { ProvisionIndex } from '../documents/provision-index';
import { statusOf } from '../documents/provisions';

/**
 * Where a search hit points inside its document (#24 item 4): the provision a query names with its
 * act ("§ 52 zákoníku práce"), else the § whose heading the query is ("krádež" → § 205 Krádež),
 * else the provision the snippet's match lies in. Read from the stored trees of the documents'
 * current versions (the text the snippets are cut from), through the provisions endpoints' cache.
 */

export type ProvisionPointer = NonNullable<V1Schemas['SearchResult']['provision']>;

/** Stored provision trees by document version (DocumentCache.treesOf). */
export interface ProvisionTrees {
  treesOf(refs: readonly { documentId: string; version: number }[]): Promise<(ProvisionIndex | null)[]>;
}

/** A provision the query cites with its act: the act's possible keys and the provision's id. */
export interface CitedInQuery {
  keys: readonly string[];
  id: string;
}

/** The provisions the query cites with an act (core's citation recogniser, as the citation check reads texts). */
export function provisionsCitedIn(q: string): CitedInQuery[] {
  return recogniseCitations(q).flatMap((c) => (c.provision ? [{ keys: c.act.keys, id: c.provision.id }] : []));
}

/** How the pointer was chosen: `match` keeps the snippet cut at the match; the others cut it at the provision. */
export type PointedBy = 'cited' | 'heading' | 'ranked' | 'match';

/**
 * The provision a hit points at. `name` is the query as a name (PreparedQuery.name); `offset` is
 * where the snippet's match lies in the current text (null: no term was found there).
 */
export function pointAt(
  tree: ProvisionIndex,
  naturalKey: string,
  cited: readonly CitedInQuery[],
  name: string,
  offset: number | null,
): { node: ProvisionNode; by: PointedBy } | null {
  for (const c of cited) {
    if (!c.keys.includes(naturalKey)) continue;
    // A provision deeper than the tree knows (`par_52/odst_9`) points at its deepest existing ancestor.
    const segments = c.id.split('/');
    for (let k = segments.length; k >= 1; k--) {
      const node = tree.get(segments.slice(0, k).join('/'));
      if (node) return { node, by: 'cited' };
    }
  }
  const headed = name ? tree.withHeading(name) : undefined;
  if (headed) return { node: headed, by: 'heading' };
  const within = offset === null ? undefined : tree.containing(offset);
  return within ? { node: within, by: 'match' } : null;
}

/**
 * The pointer as a hit carries it: the provision's id and label, the heading of it or of the § it
 * lies in, and its text status among the day's outstanding effects (#35: as the provision read says).
 */
export function pointerOf(
  tree: ProvisionIndex,
  node: ProvisionNode,
  outstanding: readonly Effect[] = [],
  /** The provision's own words, where an effect reaches provisions by the footnotes they cite (needsCites). */
  own?: string | null,
): ProvisionPointer {
  let heading = node.heading;
  // An odstavec or písmeno has no heading of its own: its § has (containers' headings are not theirs).
  for (let up = node.parent === null ? undefined : tree.get(node.parent); heading === null && up && !CONTAINER_KINDS.has(up.kind);) {
    heading = up.heading;
    up = up.parent === null ? undefined : tree.get(up.parent);
  }
  return { id: node.id, label: node.label, heading, text_status: statusOf(tree, node, outstanding, own) };
}
