import { SightlineError } from '@sightline/core';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { PageAction, PageSnapshot } from '../types.js';
import { createPageContextRegistry } from './create-page-context-registry.js';
import { toJSON } from './to-json.js';

/** The tree as `[id, children]` pairs, for compact whole-shape assertions. */
function shape(snapshot: PageSnapshot): unknown[] {
  const walk = (nodes: PageSnapshot['roots']): unknown[] =>
    nodes.map((node) => (node.children.length > 0 ? [node.id, walk(node.children)] : node.id));
  return walk(snapshot.roots);
}

const noop: PageAction = {
  description: 'Does nothing',
  input: z.object({}),
  handler: () => undefined,
};

describe('createPageContextRegistry', () => {
  it('assembles the tree at read time, whatever the mount order', () => {
    const registry = createPageContextRegistry();
    registry.register({ id: 'grandchild', type: 'cell', parentId: 'child' });
    registry.register({ id: 'child', type: 'row', parentId: 'root' });
    registry.register({ id: 'root', type: 'page' });
    registry.register({ id: 'second', type: 'row', parentId: 'root' });
    expect(shape(registry.snapshot())).toEqual([['root', [['child', ['grandchild']], 'second']]]);
    expect(registry.snapshot().nodeCount).toBe(4);
  });

  it('shows nodes whose parent never registered at the root, flagged', () => {
    const registry = createPageContextRegistry();
    registry.register({ id: 'page', type: 'page' });
    registry.register({ id: 'orphan', type: 'widget', parentId: 'missing' });
    const { roots } = registry.snapshot();
    expect(roots.map((node) => [node.id, node.missingParentId])).toEqual([
      ['page', undefined],
      ['orphan', 'missing'],
    ]);
  });

  it('does not lose nodes whose parents form a cycle', () => {
    const registry = createPageContextRegistry();
    registry.register({ id: 'a', type: 'x', parentId: 'b' });
    registry.register({ id: 'b', type: 'x', parentId: 'a' });
    const snapshot = registry.snapshot();
    expect(shape(snapshot)).toEqual([['a', ['b']]]);
    expect(snapshot.roots[0]?.missingParentId).toBe('b');
    expect(snapshot.nodeCount).toBe(2);
  });

  it('removes a whole subtree on unregister, and nothing else', () => {
    const registry = createPageContextRegistry();
    registry.register({ id: 'page', type: 'page' });
    registry.register({ id: 'panel', type: 'panel', parentId: 'page' });
    registry.register({ id: 'chart', type: 'chart', parentId: 'panel' });
    registry.register({ id: 'point', type: 'point', parentId: 'chart' });
    registry.register({ id: 'other', type: 'panel', parentId: 'page' });
    expect(registry.unregister('panel')).toBe(true);
    expect(['panel', 'chart', 'point'].map((id) => registry.has(id))).toEqual([
      false,
      false,
      false,
    ]);
    expect(shape(registry.snapshot())).toEqual([['page', ['other']]]);
    expect(registry.size).toBe(2);
    expect(registry.unregister('panel')).toBe(false);
    // A child mounted again later re-attaches normally.
    registry.register({ id: 'panel', type: 'panel', parentId: 'page' });
    expect(shape(registry.snapshot())).toEqual([['page', ['other', 'panel']]]);
  });

  it('removes a node alone with keepChildren, and its children re-attach when it comes back', () => {
    const registry = createPageContextRegistry();
    registry.register({ id: 'page', type: 'page' });
    registry.register({ id: 'chart', type: 'chart', parentId: 'page' });
    expect(registry.unregister('page', { keepChildren: true })).toBe(true);
    const orphaned = registry.snapshot();
    expect(shape(orphaned)).toEqual(['chart']);
    expect(orphaned.roots[0]?.missingParentId).toBe('page');
    registry.register({ id: 'page', type: 'page' });
    expect(shape(registry.snapshot())).toEqual([['page', ['chart']]]);
  });

  it('bumps the version on every real change and skips structurally equal updates', () => {
    const registry = createPageContextRegistry();
    const listener = vi.fn();
    const unsubscribe = registry.subscribe(listener);
    expect(registry.version).toBe(0);
    const id = registry.register({ type: 'filters', data: { env: 'prod', tags: ['a'] } });
    expect(registry.version).toBe(1);
    expect(registry.update(id, { data: { env: 'prod', tags: ['a'] } })).toBe(false);
    expect(registry.update(id, { priority: 0 })).toBe(false);
    expect(registry.version).toBe(1);
    expect(registry.update(id, { data: { env: 'staging', tags: ['a'] } })).toBe(true);
    expect(registry.update(id, { priority: 5 })).toBe(true);
    expect(registry.version).toBe(3);
    registry.setLocation({ route: 'dashboard', query: { env: 'prod' } });
    registry.setLocation({ route: 'dashboard', query: { env: 'prod' } });
    expect(registry.version).toBe(4);
    expect(registry.update('unknown', { data: 1 })).toBe(false);
    registry.unregister(id);
    expect(listener.mock.calls).toEqual([[1], [2], [3], [4], [5]]);
    unsubscribe();
    registry.register({ type: 'x' });
    expect(listener).toHaveBeenCalledTimes(5);
  });

  it('detects in-place mutation of pushed data (data is compared by value, not reference)', () => {
    const registry = createPageContextRegistry();
    const data = { count: 1 };
    const id = registry.register({ type: 'counter', data });
    data.count = 2;
    expect(registry.update(id, { data })).toBe(true);
    expect(registry.snapshot().roots[0]?.data).toEqual({ count: 2 });
  });

  it('stores a new handler without a version bump, but bumps when the action shape changes', async () => {
    const registry = createPageContextRegistry();
    const first = { ...noop, handler: () => 'first' };
    const id = registry.register({ type: 'form', actions: { submit: first } });
    const version = registry.version;
    expect(registry.update(id, { actions: { submit: { ...noop, handler: () => 'second' } } })).toBe(
      false,
    );
    expect(registry.version).toBe(version);
    const action = registry.snapshot().roots[0]?.actions[0];
    expect(await action?.run({})).toBe('second');
    expect(
      registry.update(id, { actions: { submit: { ...noop, description: 'Submits the form' } } }),
    ).toBe(true);
    expect(registry.update(id, { details: () => 1 })).toBe(true);
    expect(registry.update(id, { details: () => 2 })).toBe(false);
  });

  it('serializes cyclic data safely at write time', () => {
    const registry = createPageContextRegistry();
    const data: Record<string, unknown> = { name: 'loop' };
    data.self = data;
    const id = registry.register({ type: 'x', data });
    expect(registry.snapshot().roots[0]?.data).toEqual({ name: 'loop', self: '[Circular]' });
    expect(registry.update(id, { data })).toBe(false);
  });

  it('applies per-node size caps from the options', () => {
    const registry = createPageContextRegistry({ serialize: { maxStringLength: 5 } });
    registry.register({ type: 'note', data: { text: 'abcdefgh' } });
    expect(registry.snapshot().roots[0]?.data).toEqual({ text: 'abcde… [cut 3 chars]' });
  });

  it('generates ids, replaces a node registered again under the same id, keeps its children', () => {
    const registry = createPageContextRegistry({ idPrefix: 'w', now: () => 42 });
    expect(registry.register({ type: 'a' })).toBe('w1');
    registry.register({ id: 'w2', type: 'b' });
    expect(registry.register({ type: 'c' })).toBe('w3');
    registry.register({ id: 'kid', type: 'k', parentId: 'w1' });
    registry.register({ id: 'w1', type: 'a2', data: { v: 2 } });
    const snapshot = registry.snapshot();
    expect(toJSON(snapshot)).toEqual({
      version: 5,
      takenAt: 42,
      nodeCount: 4,
      roots: [
        {
          id: 'w1',
          type: 'a2',
          priority: 0,
          data: { v: 2 },
          actions: [],
          hasDetails: false,
          children: [
            {
              id: 'kid',
              type: 'k',
              priority: 0,
              data: null,
              actions: [],
              hasDetails: false,
              children: [],
            },
          ],
        },
        {
          id: 'w2',
          type: 'b',
          priority: 0,
          data: null,
          actions: [],
          hasDetails: false,
          children: [],
        },
        {
          id: 'w3',
          type: 'c',
          priority: 0,
          data: null,
          actions: [],
          hasDetails: false,
          children: [],
        },
      ],
    });
  });

  it('throws SightlineError INVALID_ARGUMENT on configuration mistakes', () => {
    const registry = createPageContextRegistry();
    const attempts = [
      () => registry.register({ type: '' }),
      () => registry.register({ id: '', type: 't' }),
      () => registry.register({ id: 42 as unknown as string, type: 't' }),
      () => registry.register({ id: 'x', type: 't', parentId: 'x' }),
      () => registry.register({ type: 't', priority: Number.NaN }),
      () => registry.register({ type: 't', actions: { go: { ...noop, input: z.string() } } }),
      () =>
        registry.register({
          type: 't',
          actions: { go: { ...noop, handler: undefined } as unknown as PageAction },
        }),
    ];
    for (const attempt of attempts) {
      expect(attempt).toThrowError(SightlineError);
      try {
        attempt();
      } catch (error) {
        expect((error as SightlineError).code).toBe('INVALID_ARGUMENT');
      }
    }
    expect(registry.size).toBe(0);
    // A rejected update changes nothing, not even the valid parts of the patch.
    registry.register({ id: 'kept', type: 't', data: { a: 1 } });
    const version = registry.version;
    expect(() => registry.update('kept', { data: { a: 2 }, priority: Number.NaN })).toThrowError(
      SightlineError,
    );
    expect(registry.snapshot().roots[0]?.data).toEqual({ a: 1 });
    expect(registry.version).toBe(version);
  });

  it('exposes details() and reports a node gone since the snapshot', async () => {
    const registry = createPageContextRegistry();
    const id = registry.register({ type: 'table', details: () => ({ rows: [1, 2] }) });
    const node = registry.snapshot().roots[0];
    expect(node?.hasDetails).toBe(true);
    expect(await node?.details?.()).toEqual({ rows: [1, 2] });
    registry.unregister(id);
    await expect(node?.details?.()).rejects.toMatchObject({ code: 'NODE_NOT_FOUND' });
  });

  it('keeps notifying the other listeners when one throws', () => {
    const registry = createPageContextRegistry();
    const failing = vi.fn(() => {
      throw new Error('listener bug');
    });
    const healthy = vi.fn();
    const onError = vi.fn();
    const original = globalThis.queueMicrotask;
    globalThis.queueMicrotask = onError;
    try {
      registry.subscribe(failing);
      registry.subscribe(healthy);
      registry.register({ type: 'x' });
    } finally {
      globalThis.queueMicrotask = original;
    }
    expect(healthy).toHaveBeenCalledWith(1);
    expect(onError).toHaveBeenCalledTimes(1);
  });
});
