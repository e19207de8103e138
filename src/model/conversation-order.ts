/** A node of a conversation DAG: records with a uuid and a parent link. */
export interface ChainNode {
  id: string;
  /** Parent after bridging (progress records) and compaction links; undefined for roots. */
  parentId: string | undefined;
  /** Position in the input (file order), the tie-break and the fallback order. */
  index: number;
}

export interface ConversationOrder {
  /** Node ids, parents always before their children, otherwise in input order. */
  order: string[];
  /** Ids of nodes caught in a parent cycle (placed at their input position). */
  cyclic: string[];
}

/**
 * Orders a conversation DAG: every parent before its children, siblings and unrelated records in input
 * order (Kahn's algorithm with the input index as priority). Parents that are not in the set make their
 * children roots (edge case 8). Nodes in a cycle (edge case 9) are placed by input position and reported.
 */
export function orderConversation(nodes: readonly ChainNode[]): ConversationOrder {
  const byId = new Map<string, ChainNode>();
  for (const node of nodes) if (!byId.has(node.id)) byId.set(node.id, node);
  const children = new Map<string, ChainNode[]>();
  const ready = new MinHeap();
  for (const node of byId.values()) {
    const parent =
      node.parentId !== undefined && node.parentId !== node.id ? byId.get(node.parentId) : undefined;
    if (parent) {
      const list = children.get(parent.id);
      if (list) list.push(node);
      else children.set(parent.id, [node]);
    } else {
      ready.push(node);
    }
  }
  const order: string[] = [];
  const emitted = new Set<string>();
  const drain = () => {
    for (let node = ready.pop(); node; node = ready.pop()) {
      if (emitted.has(node.id)) continue;
      order.push(node.id);
      emitted.add(node.id);
      for (const child of children.get(node.id) ?? []) {
        if (emitted.has(child.id)) continue;
        ready.push(child);
      }
    }
  };
  drain();
  // Whatever is left waits on a parent that never comes: a cycle. Release them in input order.
  const cyclic: string[] = [];
  if (emitted.size < byId.size) {
    const stuck = [...byId.values()].filter((n) => !emitted.has(n.id)).sort((a, b) => a.index - b.index);
    for (const node of stuck) {
      if (emitted.has(node.id)) continue;
      cyclic.push(node.id);
      ready.push(node);
      drain();
    }
  }
  return { order, cyclic };
}

/**
 * The ids on the path from `leafId` to its root, following `parentOf` (which may cross compaction
 * boundaries). Stops at a missing parent or a repeated id (cycle guard).
 */
export function pathToRoot(leafId: string, parentOf: (id: string) => string | undefined): Set<string> {
  const path = new Set<string>();
  let current: string | undefined = leafId;
  while (current !== undefined && !path.has(current)) {
    path.add(current);
    current = parentOf(current);
  }
  return path;
}

/** A binary heap of nodes by input index. */
class MinHeap {
  private readonly items: ChainNode[] = [];

  push(node: ChainNode): void {
    const items = this.items;
    items.push(node);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((items[parent] as ChainNode).index <= node.index) break;
      items[i] = items[parent] as ChainNode;
      i = parent;
    }
    items[i] = node;
  }

  pop(): ChainNode | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      const current = i === smallest ? last : (items[smallest] as ChainNode);
      let best = current;
      if (left < items.length && (items[left] as ChainNode).index < best.index) {
        smallest = left;
        best = items[left] as ChainNode;
      }
      if (right < items.length && (items[right] as ChainNode).index < best.index) {
        smallest = right;
        best = items[right] as ChainNode;
      }
      if (smallest === i) break;
      items[i] = best;
      i = smallest;
    }
    items[i] = last;
    return top;
  }
}
