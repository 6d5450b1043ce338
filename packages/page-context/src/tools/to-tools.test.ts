import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { definePageAction } from '../actions/page-action.js';
import { EXPAND_NODE_TOOL } from '../actions/tool-name.js';
import { createPageContextRegistry } from '../registry/create-page-context-registry.js';
import { type PageTools, toTools } from './to-tools.js';

const options = { toolCallId: 'call-1', messages: [] };
function call(tools: PageTools, name: string, input: unknown): Promise<unknown> {
  const execute = tools[name]?.execute;
  if (!execute) throw new Error(`no tool ${name}`);
  return Promise.resolve(execute(input, options));
}

function dashboard() {
  const registry = createPageContextRegistry();
  const state = { environment: 'production' };
  const setEnvironment = definePageAction({
    description: 'Switch the environment',
    input: z.object({ environment: z.enum(['production', 'staging']) }),
    handler: ({ environment }) => {
      state.environment = environment;
      return { environment };
    },
  });
  registry.register({ id: 'page', type: 'dashboard', data: { title: 'API health' } });
  registry.register({
    id: 'filters',
    type: 'filters',
    parentId: 'page',
    actions: { set_environment: setEnvironment },
  });
  // Same type and action on another node: names must not collide.
  registry.register({
    id: 'filters2',
    type: 'filters',
    parentId: 'page',
    actions: { set_environment: setEnvironment },
  });
  registry.register({
    id: 'table',
    type: 'issue-table',
    parentId: 'page',
    data: { title: 'Issues', shown: 2 },
    details: () => ({ rows: Array.from({ length: 3 }, (_, index) => ({ id: index })) }),
    actions: {
      fail: definePageAction({
        description: 'Always fails',
        input: z.object({}),
        handler: () => {
          throw new Error('boom');
        },
      }),
    },
  });
  return { registry, state };
}

describe('toTools', () => {
  it('names a tool after its action, the later of two nodes sharing it by node, plus expand_node', () => {
    const { registry } = dashboard();
    const tools = toTools(registry.snapshot());
    expect(Object.keys(tools)).toEqual([
      'set_environment',
      'filters2__set_environment',
      'fail',
      EXPAND_NODE_TOOL,
    ]);
    for (const name of Object.keys(tools)) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(tools.set_environment?.description).toBe('Switch the environment');
    expect(Object.keys(toTools(registry.snapshot(), { expandNode: false }))).not.toContain(
      EXPAND_NODE_TOOL,
    );
  });

  it('keeps names unique when sanitizing makes two nodes look the same', () => {
    const registry = createPageContextRegistry();
    const action = definePageAction({ description: 'Go', input: z.object({}), handler: () => 1 });
    registry.register({ id: 'a:1', type: 'w', actions: { go: action } });
    registry.register({ id: 'a 1', type: 'w', actions: { go: action } });
    const names = Object.keys(toTools(registry.snapshot(), { expandNode: false }));
    expect(names).toHaveLength(2);
    expect(names).toEqual(['go', 'a_1__go']);
    registry.register({ id: 'a.1', type: 'w', actions: { go: action } });
    const third = Object.keys(toTools(registry.snapshot(), { expandNode: false }))[2];
    expect(third).toMatch(/^a_1__go_[0-9a-z]{6}$/);
  });

  it('never renames the first declarer when another node declares its action later', () => {
    const registry = createPageContextRegistry();
    const action = definePageAction({ description: 'Go', input: z.object({}), handler: () => 1 });
    registry.register({ id: 'tasks', type: 'table', actions: { set_filter: action } });
    const before = Object.keys(toTools(registry.snapshot(), { expandNode: false }));
    registry.register({ id: 'dialog', type: 'dialog' });
    registry.register({
      id: 'picker',
      type: 'table',
      parentId: 'dialog',
      actions: { set_filter: action },
    });
    // Registered again under its id (a re-render, a hot update): keeps its place and its name.
    registry.register({ id: 'tasks', type: 'table', actions: { set_filter: action } });
    expect(before).toEqual(['set_filter']);
    expect(Object.keys(toTools(registry.snapshot(), { expandNode: false }))).toEqual([
      'set_filter',
      'picker__set_filter',
    ]);
    registry.unregister('dialog');
    expect(Object.keys(toTools(registry.snapshot(), { expandNode: false }))).toEqual([
      'set_filter',
    ]);
  });

  it('validates input with the zod schema and runs the current handler', async () => {
    const { registry, state } = dashboard();
    const tools = toTools(registry.snapshot());
    expect(await call(tools, 'set_environment', { environment: 'qa' })).toEqual({
      error: { code: 'INVALID_ARGUMENT', message: expect.stringContaining('environment') },
    });
    expect(state.environment).toBe('production');
    expect(await call(tools, 'set_environment', { environment: 'staging' })).toEqual({
      environment: 'staging',
    });
    expect(state.environment).toBe('staging');
  });

  it('returns handler errors and vanished nodes as values', async () => {
    const { registry } = dashboard();
    const tools = toTools(registry.snapshot());
    expect(await call(tools, 'fail', {})).toEqual({
      error: { code: 'TOOL_FAILED', message: 'boom' },
    });
    registry.unregister('filters');
    expect(await call(tools, 'set_environment', { environment: 'staging' })).toEqual({
      error: { code: 'ACTION_NOT_FOUND', message: expect.any(String) },
    });
  });

  it('treats an action removed since the snapshot as gone, even one named like a built-in', async () => {
    const registry = createPageContextRegistry();
    const builtinNamed = definePageAction({
      description: 'Named like Object.prototype.toString',
      input: z.object({}),
      handler: () => 'ran',
    });
    registry.register({ id: 'n', type: 'node', actions: { toString: builtinNamed } });
    const tools = toTools(registry.snapshot());
    expect(await call(tools, 'toString', {})).toBe('ran');
    registry.update('n', { actions: {} });
    expect(await call(tools, 'toString', {})).toEqual({
      error: { code: 'ACTION_NOT_FOUND', message: expect.stringContaining('"toString"') },
    });
    // Prototype keys in the input are not the schema's business and reach no prototype.
    const echo = definePageAction({
      description: 'Echo',
      input: z.object({ x: z.string() }),
      handler: (input) => input,
    });
    registry.register({ id: 'e', type: 'node', actions: { echo } });
    const polluted = JSON.parse('{"x": "1", "__proto__": {"polluted": true}}') as unknown;
    expect(await call(toTools(registry.snapshot()), 'echo', polluted)).toEqual({ x: '1' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('returns an error value even when a handler throws a proxy whose every trap throws', async () => {
    const unreadable = new Proxy(new Error('x'), {
      get() {
        throw new Error('get');
      },
      getPrototypeOf() {
        throw new Error('prototype');
      },
    });
    const registry = createPageContextRegistry();
    registry.register({
      id: 'n',
      type: 'node',
      actions: {
        fail: definePageAction({
          description: 'Fails',
          input: z.object({}),
          handler: () => {
            throw unreadable;
          },
        }),
      },
      details: () => {
        throw unreadable;
      },
    });
    const tools = toTools(registry.snapshot());
    expect(await call(tools, 'fail', {})).toEqual({
      error: { code: 'TOOL_FAILED', message: expect.stringContaining('cannot be read') },
    });
    expect(await call(tools, EXPAND_NODE_TOOL, { id: 'n' })).toMatchObject({
      id: 'n',
      details: { error: { code: 'TOOL_FAILED' } },
    });
  });

  it('expand_node returns data, children, tools and details, capped', async () => {
    const { registry } = dashboard();
    const tools = toTools(registry.snapshot());
    expect(await call(tools, EXPAND_NODE_TOOL, { id: 'table' })).toEqual({
      id: 'table',
      type: 'issue-table',
      data: { title: 'Issues', shown: 2 },
      tools: ['fail'],
      children: [],
      details: { rows: [{ id: 0 }, { id: 1 }, { id: 2 }] },
    });
    expect(await call(tools, EXPAND_NODE_TOOL, { id: 'page' })).toMatchObject({
      children: [
        { id: 'filters', type: 'filters' },
        { id: 'filters2', type: 'filters' },
        { id: 'table', type: 'issue-table', title: 'Issues' },
      ],
    });
    expect(await call(tools, EXPAND_NODE_TOOL, { id: 'nope' })).toEqual({
      error: { code: 'NODE_NOT_FOUND', message: expect.stringContaining('nope') },
    });
    expect(await call(tools, EXPAND_NODE_TOOL, {})).toEqual({
      error: { code: 'INVALID_ARGUMENT', message: expect.any(String) },
    });
    const big = createPageContextRegistry();
    big.register({
      id: 'b',
      type: 'series',
      details: () => Array.from({ length: 1e5 }, (_, i) => i),
    });
    const capped = await call(
      toTools(big.snapshot(), { maxDetailsBytes: 1000 }),
      EXPAND_NODE_TOOL,
      {
        id: 'b',
      },
    );
    expect(JSON.stringify(capped).length).toBeLessThan(1300);
  });

  it('expand_node reports a failing details() without losing the data', async () => {
    const registry = createPageContextRegistry();
    registry.register({
      id: 'chart',
      type: 'chart',
      data: { points: 3 },
      details: () => Promise.reject(new Error('fetch failed')),
    });
    expect(await call(toTools(registry.snapshot()), EXPAND_NODE_TOOL, { id: 'chart' })).toEqual({
      id: 'chart',
      type: 'chart',
      data: { points: 3 },
      tools: [],
      children: [],
      details: { error: { code: 'TOOL_FAILED', message: 'fetch failed' } },
    });
  });

  it('expand_node says a node unregistered since the snapshot is gone, with or without details', async () => {
    const { registry } = dashboard();
    const tools = toTools(registry.snapshot());
    registry.unregister('filters');
    registry.unregister('table');
    for (const id of ['filters', 'table']) {
      expect(await call(tools, EXPAND_NODE_TOOL, { id })).toEqual({
        error: {
          code: 'NODE_NOT_FOUND',
          message: expect.stringContaining('Read the current page'),
        },
      });
    }
    expect(await call(tools, EXPAND_NODE_TOOL, { id: 'page' })).toMatchObject({ id: 'page' });
  });

  describe('time limit', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    const never = () => new Promise<never>(() => {});
    function stuck() {
      const registry = createPageContextRegistry();
      registry.register({
        id: 'n',
        type: 'node',
        data: { points: 3 },
        details: never,
        actions: {
          hang: definePageAction({ description: 'Hangs', input: z.object({}), handler: never }),
        },
      });
      return registry;
    }

    it('returns TOOL_TIMEOUT from an action or details() that never settles, 30 s by default', async () => {
      vi.useFakeTimers();
      const tools = toTools(stuck().snapshot());
      const action = call(tools, 'hang', {});
      const expanded = call(tools, EXPAND_NODE_TOOL, { id: 'n' });
      await vi.advanceTimersByTimeAsync(29_999);
      let settled = false;
      void action.then(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await action).toEqual({
        error: { code: 'TOOL_TIMEOUT', message: expect.stringContaining('within 30000 ms') },
      });
      expect(await expanded).toMatchObject({
        data: { points: 3 },
        details: { error: { code: 'TOOL_TIMEOUT' } },
      });
      expect(vi.getTimerCount()).toBe(0);
    });

    it('honours actionTimeoutMs and rejects an unusable one', async () => {
      vi.useFakeTimers();
      const tools = toTools(stuck().snapshot(), { actionTimeoutMs: 50 });
      const action = call(tools, 'hang', {});
      await vi.advanceTimersByTimeAsync(50);
      expect(await action).toMatchObject({ error: { code: 'TOOL_TIMEOUT' } });
      for (const actionTimeoutMs of [0, Number.NaN, Number.POSITIVE_INFINITY]) {
        expect(() => toTools(stuck().snapshot(), { actionTimeoutMs })).toThrow(
          expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
        );
      }
    });
  });

  it('passes what a running handler reports to onProgress, with its tool call id', async () => {
    const registry = createPageContextRegistry();
    registry.register({
      id: 'export',
      type: 'table',
      actions: {
        export_csv: definePageAction({
          description: 'Export the rows',
          input: z.object({}),
          handler: (_, { reportProgress }) => {
            reportProgress('40 of 120 rows');
            reportProgress('120 of 120 rows');
            return { rows: 120 };
          },
        }),
      },
    });
    const reported: [string, string][] = [];
    const tools = toTools(registry.snapshot(), {
      onProgress: (toolCallId, message) => reported.push([toolCallId, message]),
    });
    expect(await tools.export_csv?.execute?.({}, { toolCallId: 'call-7', messages: [] })).toEqual({
      rows: 120,
    });
    expect(reported).toEqual([
      ['call-7', '40 of 120 rows'],
      ['call-7', '120 of 120 rows'],
    ]);
  });
});
