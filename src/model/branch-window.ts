// The branch rule (branch-rule.ts) carried on from a file's stored end without the file's earlier chain: a
// resume state keeps the last records of the chain with what the rule decided for them (their tree, whether
// they are on its continued branch, whether they are off-branch, how many children they have) and the end of
// each tree's continued branch. Records appended later are decided from that alone, and a rewind or fork
// among the kept records moves the records below it as a rule over the whole chain would. What the kept
// records cannot decide (a parent older than them, a fork below which older records hang) is refused, and
// the caller builds the file again: the result is always the rule's over the whole chain.

import { type BranchNode, type BranchState, startsAlternative } from './branch-rule.js';

/** How many of the last chain records a resume state keeps. */
export const branchWindowSize = 1024;

const off = 1;
const onPath = 2;

/**
 * A kept chain record: its key, its parent (a key of the chain, else null), what the rule reads of it, the
 * root of its tree ('' for a record caught in a parent cycle), its flags (1: off-branch, 2: on its tree's
 * continued branch) and how many children it has in the whole chain.
 */
export type WindowNode = [
  key: string,
  parent: string | null,
  type: string,
  apiId: string | null,
  alternative: 0 | 1 | null,
  root: string,
  flags: number,
  children: number,
];

/** What the branch rule needs to go on after a file's stored end. JSON-safe. */
export interface BranchWindow {
  /** The last records of the chain, in file order (at most {@link branchWindowSize}). */
  nodes: WindowNode[];
  /** The end of each tree's continued branch: the tree's root, the key of its last user or assistant record. */
  ends: [root: string, end: string][];
}

/** The window of a chain whose rule was just applied to all of it (`nodes` in file order). */
export function branchWindowOf(
  nodes: ReadonlyMap<string, BranchNode>,
  state: BranchState,
  size = branchWindowSize,
): BranchWindow {
  const keys = [...nodes.keys()];
  const kept = keys.slice(Math.max(0, keys.length - size)).map((key) =>
    windowNode(key, nodes.get(key) as BranchNode, {
      parent: state.parent.get(key),
      root: state.rootOf.get(key) ?? '',
      off: state.off.has(key),
      onPath: state.onPath.has(key),
      children: state.children.get(key)?.length ?? 0,
    }),
  );
  return { nodes: kept, ends: [...state.ends].sort(byRoot) };
}

/** A kept chain record with what the rule decided for it. */
function windowNode(
  key: string,
  node: BranchNode,
  decided: { parent: string | undefined; root: string; off: boolean; onPath: boolean; children: number },
): WindowNode {
  return [
    key,
    decided.parent ?? null,
    node.type,
    node.apiId ?? null,
    node.alternative === undefined ? null : node.alternative ? 1 : 0,
    decided.root,
    (decided.off ? off : 0) | (decided.onPath ? onPath : 0),
    decided.children,
  ];
}

/** The rule's outcome for records appended after a window. */
export interface BranchStep {
  /** The new records that are off-branch. */
  off: Set<string>;
  /** Kept records whose off-branch flag changed, with the new flag. */
  changed: Map<string, boolean>;
  /** The window after the new records. */
  window: BranchWindow;
}

/** A record of the window or a new one, while the rule goes on. */
interface Place {
  node: BranchNode;
  parent: string | undefined;
  root: string;
  onPath: boolean;
  off: boolean;
  children: string[];
  /** For a kept record: its children in the whole chain before the new records, and its flag then. */
  kept?: { children: number; off: boolean };
}

/**
 * The branch rule after `added` (the new records by key, in file order, all after the window's) joined the
 * chain; `order` lists them parents first (`orderConversation`), `parentOf` gives their parent links and
 * `stored` says whether a key that is not in the window is a record of the chain before them. Undefined when
 * the window cannot decide: a new record's parent, or the fork a new record makes, lies before the window, or
 * records below a fork are not all in it.
 */
export function extendBranch(
  window: BranchWindow,
  added: ReadonlyMap<string, BranchNode>,
  order: readonly string[],
  parentOf: (id: string) => string | undefined,
  stored: (key: string) => boolean,
  size = branchWindowSize,
): BranchStep | undefined {
  const places = new Map<string, Place>();
  for (const [key, parent, type, apiId, alternative, root, flags, children] of window.nodes) {
    const node: BranchNode = { type, index: -1, apiId: apiId ?? undefined };
    if (alternative !== null) node.alternative = alternative === 1;
    places.set(key, {
      node,
      parent: parent ?? undefined,
      root,
      onPath: (flags & onPath) !== 0,
      off: (flags & off) !== 0,
      children: [],
      kept: { children, off: (flags & off) !== 0 },
    });
  }
  for (const [key, { parent }] of places) if (parent !== undefined) places.get(parent)?.children.push(key);

  // The new records join their parent's tree (a parent before the window: undecidable) or root a new one.
  for (const key of order) {
    const node = added.get(key);
    if (!node) continue;
    const link = parentOf(key);
    const parentKey = link === undefined || link === key ? undefined : link;
    const parent = parentKey === undefined ? undefined : places.get(parentKey);
    if (parentKey !== undefined && !parent && (added.has(parentKey) || stored(parentKey))) return undefined;
    places.set(key, {
      node,
      parent: parent ? parentKey : undefined,
      root: parent ? parent.root : key,
      onPath: false,
      off: false,
      children: [],
    });
    if (parent) parent.children.push(key);
  }

  // Trees that get a new continued branch: the path from their last new user or assistant record up to
  // the old branch (or the root) joins it, the old branch below that point leaves it, and the rule is
  // applied again below that point.
  const ends = new Map(window.ends);
  const newEnds = new Map<string, string>();
  for (const [key, node] of added)
    if (node.type === 'user' || node.type === 'assistant') {
      const root = places.get(key)?.root;
      if (root !== undefined && root !== '') newEnds.set(root, key);
    }
  const tops: string[] = [];
  for (const [root, end] of newEnds) {
    const path: string[] = [];
    let meet: string | undefined;
    for (let key: string | undefined = end; key !== undefined; ) {
      const place = places.get(key);
      if (!place) return undefined;
      if (place.kept && place.onPath) {
        meet = key;
        break;
      }
      path.push(key);
      key = place.parent;
    }
    const oldEnd = ends.get(root);
    if (meet === undefined && oldEnd !== undefined) return undefined;
    for (let key = oldEnd; key !== undefined && key !== meet; ) {
      const place = places.get(key);
      if (!place) return undefined;
      place.onPath = false;
      key = place.parent;
    }
    for (const key of path) (places.get(key) as Place).onPath = true;
    ends.set(root, end);
    tops.push(meet ?? (path[path.length - 1] as string));
  }
  const endSet = new Set(ends.values());
  // As the rule decides a child: below an off-branch record, or an alternative below a fork of the branch.
  const childOff = (parentKey: string, parent: Place, child: Place): boolean =>
    parent.off ||
    (parent.onPath && !endSet.has(parentKey) && !child.onPath && startsAlternative(child.node, parent.node));

  const decided = new Set<string>();
  for (const top of tops) {
    const stack = [top];
    const topPlace = places.get(top) as Place;
    topPlace.off = false;
    decided.add(top);
    for (let key = stack.pop(); key !== undefined; key = stack.pop()) {
      const place = places.get(key) as Place;
      if (place.kept && place.children.filter((c) => places.get(c)?.kept).length !== place.kept.children)
        return undefined;
      for (const child of place.children) {
        const childPlace = places.get(child) as Place;
        childPlace.off = childOff(key, place, childPlace);
        decided.add(child);
        stack.push(child);
      }
    }
  }
  for (const key of order) {
    const place = places.get(key);
    if (!place || decided.has(key) || place.parent === undefined) continue;
    place.off = childOff(place.parent, places.get(place.parent) as Place, place);
  }

  const offAdded = new Set<string>();
  const changed = new Map<string, boolean>();
  const nodes: WindowNode[] = [];
  for (const [key, place] of places) {
    if (place.kept && place.kept.off !== place.off) changed.set(key, place.off);
    if (!place.kept && place.off) offAdded.add(key);
  }
  const keys = [...window.nodes.map((n) => n[0]), ...added.keys()];
  for (const key of keys.slice(Math.max(0, keys.length - size))) {
    const place = places.get(key);
    if (!place) continue;
    const children = place.kept
      ? place.kept.children + place.children.filter((c) => !places.get(c)?.kept).length
      : place.children.length;
    nodes.push(windowNode(key, place.node, { ...place, children }));
  }
  return { off: offAdded, changed, window: { nodes, ends: [...ends].sort(byRoot) } };
}

/** Ends in one order, whatever order the trees were met in: the same chain gives the same window. */
function byRoot(a: readonly [string, string], b: readonly [string, string]): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}
