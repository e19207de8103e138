import { describe, expect, it } from 'vitest';
import { type ChainNode, orderConversation, pathToRoot } from './conversation-order.js';

const node = (id: string, parentId: string | undefined, index: number): ChainNode => ({
  id,
  parentId,
  index,
});

describe('orderConversation', () => {
  it('keeps a linear chain in input order', () => {
    const nodes = [node('a', undefined, 0), node('b', 'a', 1), node('c', 'b', 2)];
    expect(orderConversation(nodes)).toEqual({ order: ['a', 'b', 'c'], cyclic: [] });
  });

  it('puts a parent before a child written earlier in the file', () => {
    const nodes = [node('child', 'parent', 0), node('root', undefined, 1), node('parent', 'root', 2)];
    expect(orderConversation(nodes).order).toEqual(['root', 'parent', 'child']);
  });

  it('keeps fanned-out siblings (parallel tool results) in input order', () => {
    const nodes = [node('a', undefined, 0), node('r1', 'a', 1), node('r2', 'a', 2), node('next', 'r2', 3)];
    expect(orderConversation(nodes).order).toEqual(['a', 'r1', 'r2', 'next']);
  });

  it('treats a missing parent as a root', () => {
    const nodes = [node('x', 'gone', 0), node('y', 'x', 1)];
    expect(orderConversation(nodes)).toEqual({ order: ['x', 'y'], cyclic: [] });
  });

  it('survives cycles and self-parents and reports them', () => {
    const nodes = [node('a', 'b', 0), node('b', 'a', 1), node('s', 's', 2), node('c', 'b', 3)];
    const result = orderConversation(nodes);
    expect(result.order).toEqual(['s', 'a', 'b', 'c']);
    expect(result.cyclic).toEqual(['a']);
  });

  it('keeps the first of duplicated ids', () => {
    const nodes = [node('a', undefined, 0), node('a', undefined, 1), node('b', 'a', 2)];
    expect(orderConversation(nodes).order).toEqual(['a', 'b']);
  });

  it('orders a large chain without deep recursion', () => {
    const nodes = Array.from({ length: 200_000 }, (_, i) =>
      node(`n${i}`, i === 0 ? undefined : `n${i - 1}`, i),
    );
    expect(orderConversation(nodes).order.length).toBe(200_000);
  });
});

describe('pathToRoot', () => {
  it('stops at a cycle', () => {
    const parents: Record<string, string> = { a: 'b', b: 'a' };
    expect([...pathToRoot('a', (id) => parents[id])]).toEqual(['a', 'b']);
  });
});
