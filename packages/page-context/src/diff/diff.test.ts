import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definePageAction } from '../actions/page-action.js';
import { createPageContextRegistry } from '../registry/create-page-context-registry.js';
import { toJSON } from '../registry/to-json.js';
import { diff, isEmptyDiff } from './diff.js';

const refresh = definePageAction({
  description: 'Refresh',
  input: z.object({}),
  handler: () => undefined,
});

describe('diff', () => {
  it('reports added, removed and changed nodes and a location change', () => {
    const registry = createPageContextRegistry();
    registry.setLocation({ route: 'dashboard' });
    registry.register({ id: 'page', type: 'dashboard', data: { title: 'API' } });
    registry.register({
      id: 'filters',
      type: 'filters',
      parentId: 'page',
      data: { environment: 'staging', range: { from: '-24h' }, tags: ['a'] },
    });
    registry.register({ id: 'old', type: 'widget', parentId: 'page', data: { title: 'Old' } });
    const before = registry.snapshot();
    registry.setLocation({ route: 'dashboard', query: { env: 'production' } });
    registry.update('filters', {
      data: { environment: 'production', range: {}, tags: ['a', 'b'], live: true },
      priority: 2,
      actions: { refresh },
    });
    registry.unregister('old');
    registry.register({ id: 'new', type: 'widget', parentId: 'page', data: { title: 'New' } });
    const result = diff(before, registry.snapshot());
    expect(result).toEqual({
      fromVersion: before.version,
      toVersion: registry.version,
      location: {
        from: { route: 'dashboard' },
        to: { route: 'dashboard', query: { env: 'production' } },
      },
      added: [
        {
          id: 'new',
          type: 'widget',
          priority: 0,
          data: { title: 'New' },
          actions: [],
          hasDetails: false,
          parentId: 'page',
        },
      ],
      removed: [
        {
          id: 'old',
          type: 'widget',
          priority: 0,
          data: { title: 'Old' },
          actions: [],
          hasDetails: false,
          parentId: 'page',
        },
      ],
      changed: [
        {
          id: 'filters',
          type: 'filters',
          changes: [
            { path: 'environment', from: 'staging', to: 'production' },
            { path: 'range', from: undefined, to: {} },
            { path: 'tags', from: ['a'], to: ['a', 'b'] },
            { path: 'live', from: undefined, to: true },
            { path: 'range.from', from: '-24h', to: undefined },
            { path: 'priority', from: 0, to: 2 },
            { path: 'tools', from: [], to: ['refresh'] },
          ],
        },
      ],
    });
  });

  it('is empty between equal snapshots, including their JSON forms', () => {
    const registry = createPageContextRegistry();
    registry.register({ id: 'a', type: 'x', data: { n: 1 } });
    const snapshot = registry.snapshot();
    const result = diff(toJSON(snapshot), JSON.parse(JSON.stringify(toJSON(registry.snapshot()))));
    expect(isEmptyDiff(result)).toBe(true);
    registry.update('a', { data: { n: 2 } });
    expect(isEmptyDiff(diff(snapshot, registry.snapshot()))).toBe(false);
  });

  it('holds plain data when given live snapshots (no run or details functions)', () => {
    const registry = createPageContextRegistry();
    const before = registry.snapshot();
    registry.register({
      id: 'a',
      type: 'x',
      data: { n: 1 },
      actions: { refresh },
      details: () => 'rows',
    });
    const result = diff(before, registry.snapshot());
    const [root] = toJSON(registry.snapshot()).roots;
    if (!root) throw new Error('the node should be in the snapshot');
    const { children: _children, ...added } = root;
    expect(result.added).toEqual([added]);
    expect(JSON.stringify(result)).toBe(JSON.stringify(JSON.parse(JSON.stringify(result))));
    expect(Object.values(result.added[0] ?? {}).some((value) => typeof value === 'function')).toBe(
      false,
    );
    expect(result.added[0]?.actions.some((action) => 'run' in action)).toBe(false);
  });

  it('treats a node that changed type or parent as such', () => {
    const registry = createPageContextRegistry();
    registry.register({ id: 'p1', type: 'panel' });
    registry.register({ id: 'p2', type: 'panel' });
    registry.register({ id: 'a', type: 'chart', parentId: 'p1' });
    const before = registry.snapshot();
    registry.register({ id: 'a', type: 'table', parentId: 'p1' });
    registry.register({ id: 'p1', type: 'panel', parentId: 'p2' });
    const result = diff(before, registry.snapshot());
    expect(result.removed.map((node) => [node.id, node.type])).toEqual([['a', 'chart']]);
    expect(result.added.map((node) => [node.id, node.type])).toEqual([['a', 'table']]);
    expect(result.changed).toEqual([
      { id: 'p1', type: 'panel', changes: [{ path: 'parent', from: null, to: 'p2' }] },
    ]);
  });
});
