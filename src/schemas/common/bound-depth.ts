/**
 * Bounds how deeply a parsed JSON value nests. `JSON.parse` accepts any depth, but most code over values
 * (JSON.stringify, structuredClone, zod, walkers) recurses and runs out of stack a few thousand levels
 * down: a single hostile line would kill a whole run. Values from logs pass through `boundDepth` right
 * after parsing; a subtree below the limit is replaced by a `TruncatedValue` marker holding its JSON text,
 * so nothing is lost and everything downstream sees a bounded depth. Nothing here recurses.
 */

/** Deepest nesting kept as is (the real logs nest at most about a dozen levels). */
export const MAX_JSON_DEPTH = 100;

/** The key that marks a replaced subtree. */
export const TRUNCATED_KEY = 'agentlog:truncated';

/** What stands in for a subtree nested deeper than the limit. */
export interface TruncatedValue {
  [TRUNCATED_KEY]: 'too-deep';
  /** Levels of nesting of the removed subtree itself (1 for `[]`). */
  depth: number;
  /** The removed subtree as JSON text. */
  json: string;
}

/** Where a subtree was cut, and how deep it went from the root (the root object is level 1). */
export interface DepthCut {
  path: (string | number)[];
  /** Nesting level the value reached, counted from the root. */
  depth: number;
}

/** True for the marker that replaced a subtree nested too deeply. */
export function isTruncatedValue(value: unknown): value is TruncatedValue {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<string, unknown>)[TRUNCATED_KEY] === 'too-deep'
  );
}

type Container = Record<string, unknown> | unknown[];

/**
 * Replaces, in place, every object or array that sits deeper than `limit` levels (the root is level 1) by a
 * `TruncatedValue`. Returns the cuts made (empty for almost every value). The value
 * must be plain JSON data (as from `JSON.parse`). Primitives are returned untouched.
 */
export function boundDepth(value: unknown, limit = MAX_JSON_DEPTH): DepthCut[] {
  const cuts: DepthCut[] = [];
  if (!isContainer(value) || fitsWithin(value, limit)) return cuts;
  // Depth-first with an explicit stack; paths are built only for cuts, from parent links.
  const stack: Frame[] = [{ node: value, depth: 1, parent: null, key: null }];
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    const { node, depth } = frame;
    const keys: (string | number)[] = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
    for (const key of keys) {
      const child = (node as Record<string | number, unknown>)[key];
      if (!isContainer(child)) continue;
      if (depth + 1 > limit) {
        const { json, depth: own } = serialize(child);
        (node as Record<string | number, unknown>)[key] = {
          [TRUNCATED_KEY]: 'too-deep',
          depth: own,
          json,
        } satisfies TruncatedValue;
        cuts.push({ path: [...pathOf(frame), key], depth: depth + own });
      } else {
        stack.push({ node: child, depth: depth + 1, parent: frame, key });
      }
    }
  }
  return cuts;
}

/**
 * Whether no object or array of `value` sits deeper than `limit` levels: the check every line takes, without
 * the key lists and frames the cutting walk makes (it took a cold index a second per GiB).
 */
function fitsWithin(value: Container, limit: number): boolean {
  const nodes: Container[] = [value];
  const depths: number[] = [1];
  for (let top = 1; top > 0; ) {
    top -= 1;
    const node = nodes[top] as Container;
    const depth = depths[top] as number;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const child = node[i];
        if (typeof child !== 'object' || child === null) continue;
        if (depth >= limit) return false;
        nodes[top] = child as Container;
        depths[top] = depth + 1;
        top += 1;
      }
    } else {
      for (const key in node) {
        const child = node[key];
        if (typeof child !== 'object' || child === null) continue;
        if (depth >= limit) return false;
        nodes[top] = child as Container;
        depths[top] = depth + 1;
        top += 1;
      }
    }
  }
  return true;
}

interface Frame {
  node: Container;
  depth: number;
  parent: Frame | null;
  key: string | number | null;
}

function pathOf(frame: Frame): (string | number)[] {
  const path: (string | number)[] = [];
  for (let f: Frame | null = frame; f !== null && f.key !== null; f = f.parent) path.push(f.key);
  return path.reverse();
}

/** The deepest nesting of a JSON value (0 for a primitive, 1 for `{}`), without recursion. */
export function jsonDepth(value: unknown): number {
  if (!isContainer(value)) return 0;
  let max = 0;
  const stack: [Container, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [Container, number];
    if (depth > max) max = depth;
    for (const child of Array.isArray(node) ? node : Object.values(node))
      if (isContainer(child)) stack.push([child, depth + 1]);
  }
  return max;
}

/**
 * `JSON.stringify` for plain JSON data of any depth (V8's recurses and overflows at a few thousand
 * levels). Returns the text and the value's nesting depth.
 */
export function serialize(value: unknown): { json: string; depth: number } {
  if (!isContainer(value)) return { json: JSON.stringify(value) ?? 'null', depth: 0 };
  let json = '';
  let depth = 0;
  // Each frame is a container being written and the index of its next entry.
  const frames: { node: Container; keys: string[] | null; next: number }[] = [];
  const open = (node: Container) => {
    const isArray = Array.isArray(node);
    json += isArray ? '[' : '{';
    frames.push({ node, keys: isArray ? null : Object.keys(node), next: 0 });
    if (frames.length > depth) depth = frames.length;
  };
  open(value);
  while (frames.length > 0) {
    const frame = frames[frames.length - 1] as (typeof frames)[number];
    const length = frame.keys === null ? (frame.node as unknown[]).length : frame.keys.length;
    if (frame.next >= length) {
      json += frame.keys === null ? ']' : '}';
      frames.pop();
      continue;
    }
    const index = frame.next++;
    if (index > 0) json += ',';
    let child: unknown;
    if (frame.keys === null) {
      child = (frame.node as unknown[])[index];
    } else {
      const key = frame.keys[index] as string;
      child = (frame.node as Record<string, unknown>)[key];
      json += `${JSON.stringify(key)}:`;
    }
    if (isContainer(child)) open(child);
    else json += JSON.stringify(child) ?? 'null';
  }
  return { json, depth };
}

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}
