/** The branch rule of a conversation tree (rewinds, retries, `/tree` branches): agent-neutral, used by every builder with parent links. */

/** A chain record as the branch rule needs it (each builder makes its own: Claude Code `branchNodeOf`); its parent link is apart. */
export interface BranchNode {
  type: string;
  /** Place in the file. */
  index: number;
  /** `message.id` (an API message id), when the record has one. */
  apiId?: string | undefined;
  /** For user records: whether it starts an alternative (a prompt, not only tool results). */
  alternative?: boolean | undefined;
}

/**
 * The records that lie on a rewound branch. The rule (issue 16):
 * - every chain that starts without a parent in the file (the first record, a 1.0.x compaction summary
 *   with `parentUuid: null` and no `logicalParentUuid`, a chain whose parent was trimmed or elided)
 *   continues the conversation in file order: it is never a rewind by itself;
 * - inside one chain (a tree), the continued branch is the path from the root to the last user or
 *   assistant record of that tree in file order;
 * - a record is off-branch only below a real fork: a record on that path with another child, where the
 *   other child starts an alternative (a user prompt or an assistant response). Parallel tool results
 *   fanned out from their assistant record, and progress, attachment or system records hanging off the
 *   path, are not alternatives.
 * Iterative throughout (no recursion on the chain's length: logs can be arbitrarily deep).
 */
export function offBranchRecords(
  nodes: ReadonlyMap<string, BranchNode>,
  parentOf: (id: string) => string | undefined,
): Set<string> {
  return branchState(nodes, parentOf).off;
}

/** The branch rule's whole outcome: what {@link offBranchRecords} gives, and what decided it. */
export interface BranchState {
  /** The records on a rewound branch. */
  off: Set<string>;
  /** Each record's parent, where it is a record of the chain (not itself). */
  parent: Map<string, string>;
  /** Each record's children, in file order. */
  children: Map<string, string[]>;
  /** The root of each record's tree (null: caught in a parent cycle). */
  rootOf: Map<string, string | null>;
  /** The records on the continued branch of their tree. */
  onPath: Set<string>;
  /** The end of each tree's continued branch (its last user or assistant record), by the tree's root. */
  ends: Map<string, string>;
}

/** The branch rule (see {@link offBranchRecords}) with what decided it (see `branch-window.ts`). */
export function branchState(
  nodes: ReadonlyMap<string, BranchNode>,
  parentOf: (id: string) => string | undefined,
): BranchState {
  const parent = new Map<string, string>();
  const children = new Map<string, string[]>();
  for (const id of nodes.keys()) {
    const p = parentOf(id);
    if (p === undefined || p === id || !nodes.has(p)) continue;
    parent.set(id, p);
    const list = children.get(p);
    if (list) list.push(id);
    else children.set(p, [id]);
  }

  // The root of each record's tree (records caught in a parent cycle have none and stay on-branch).
  const rootOf = new Map<string, string | null>();
  for (const id of nodes.keys()) {
    if (rootOf.has(id)) continue;
    const walk: string[] = [];
    const onWalk = new Set<string>();
    let current: string | undefined = id;
    let root: string | null = null;
    while (current !== undefined) {
      const known = rootOf.get(current);
      if (known !== undefined) {
        root = known;
        break;
      }
      if (onWalk.has(current)) break; // a cycle
      walk.push(current);
      onWalk.add(current);
      const up = parent.get(current);
      if (up === undefined) {
        root = current;
        break;
      }
      current = up;
    }
    for (const w of walk) rootOf.set(w, root);
  }

  // The continued branch of each tree: the path up from its last user or assistant record.
  const lastOfTree = new Map<string, { id: string; index: number }>();
  for (const [id, node] of nodes) {
    const root = rootOf.get(id);
    if (root == null || (node.type !== 'user' && node.type !== 'assistant')) continue;
    const last = lastOfTree.get(root);
    if (!last || node.index >= last.index) lastOfTree.set(root, { id, index: node.index });
  }
  const onPath = new Set<string>();
  const pathEnd = new Set<string>();
  const ends = new Map<string, string>();
  for (const [root, { id }] of lastOfTree) {
    ends.set(root, id);
    pathEnd.add(id);
    for (let current: string | undefined = id; current !== undefined && !onPath.has(current); ) {
      onPath.add(current);
      current = parent.get(current);
    }
  }

  const off = new Set<string>();
  const stack: { id: string; off: boolean }[] = [];
  for (const id of nodes.keys()) if (rootOf.get(id) === id) stack.push({ id, off: false });
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (item.off) off.add(item.id);
    const branchPoint = onPath.has(item.id) && !pathEnd.has(item.id);
    for (const child of children.get(item.id) ?? []) {
      const childOff =
        item.off ||
        (branchPoint && !onPath.has(child) && startsAlternative(nodes.get(child), nodes.get(item.id)));
      stack.push({ id: child, off: childOff });
    }
  }
  return { off, parent, children, rootOf, onPath, ends };
}

/**
 * A user prompt or an assistant response: not a record that only carries tool results, nor the next
 * content block of the same API response as its parent (Claude Code writes one record per block).
 */
export function startsAlternative(node: BranchNode | undefined, parent: BranchNode | undefined): boolean {
  if (node?.type === 'assistant') return node.apiId === undefined || node.apiId !== parent?.apiId;
  return node?.type === 'user' && node.alternative === true;
}
