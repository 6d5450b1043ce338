// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPageContextRegistry } from '../registry/create-page-context-registry.js';
import { toTools } from '../tools/to-tools.js';
import { PageContextProvider } from './page-context-provider.js';
import { usePageAction } from './use-page-action.js';
import { usePageContext } from './use-page-context.js';
import { withPageContext } from './with-page-context.js';

afterEach(cleanup);

const environmentInput = z.object({ environment: z.enum(['production', 'staging']) });
const stepInput = z.object({ by: z.number().int() });

const Filters = withPageContext(
  'filters',
  function Filters() {
    const [environment, setEnvironment] = useState('production');
    const [total, setTotal] = useState(0);
    usePageContext({ environment, total });
    usePageAction('set_environment', {
      description: 'Switch the environment filter',
      input: environmentInput,
      handler: ({ environment: next }) => {
        setEnvironment(next);
        return { environment: next };
      },
    });
    // Reads `total` from its closure: only correct if the latest handler runs.
    usePageAction('add', {
      description: 'Add to the total',
      input: stepInput,
      handler: ({ by }) => {
        setTotal(total + by);
        return { total: total + by };
      },
    });
    return (
      <p>
        {environment} {total}
      </p>
    );
  },
  { id: () => 'filters' },
);

async function call(
  registry: ReturnType<typeof createPageContextRegistry>,
  name: string,
  input: unknown,
) {
  const tool = toTools(registry.snapshot())[name];
  if (!tool?.execute) throw new Error(`no tool ${name}`);
  let result: unknown;
  await act(async () => {
    result = await tool.execute?.(input, { toolCallId: 't1', messages: [] });
  });
  return result;
}

let setColumns: (columns: string[]) => void = () => {};
let setSorterCount: (count: number) => void = () => {};
function Sorter() {
  const [columns, set] = useState(['title', 'events']);
  const [count, setOwn] = useState(0);
  setColumns = set;
  setSorterCount = setOwn;
  usePageContext({ count }, { type: 'sorter' });
  // A new array and a new schema object on every render, as people write it.
  usePageAction('sort', {
    description: 'Sort by a column',
    input: z.object({ column: z.enum([...columns] as [string, ...string[]]) }),
    handler: () => {},
    node: 'sorter',
  });
  return null;
}

describe('usePageAction', () => {
  it('exposes actions as tools whose handlers change React state', async () => {
    const registry = createPageContextRegistry();
    render(
      <PageContextProvider registry={registry}>
        <Filters />
      </PageContextProvider>,
    );
    expect(Object.keys(toTools(registry.snapshot())).sort()).toEqual([
      'add',
      'expand_node',
      'set_environment',
    ]);
    expect(await call(registry, 'set_environment', { environment: 'staging' })).toEqual({
      environment: 'staging',
    });
    expect(screen.getByText('staging 0')).toBeTruthy();
    expect(registry.snapshot().roots[0]?.data).toEqual({ environment: 'staging', total: 0 });
    // The handler sees fresh state each time (a stale closure would give 2, then 2 again).
    await call(registry, 'add', { by: 2 });
    expect(await call(registry, 'add', { by: 3 })).toEqual({ total: 5 });
    expect(screen.getByText('staging 5')).toBeTruthy();
  });

  it('returns a validation error instead of calling the handler', async () => {
    const registry = createPageContextRegistry();
    render(
      <PageContextProvider registry={registry}>
        <Filters />
      </PageContextProvider>,
    );
    const result = await call(registry, 'set_environment', {
      environment: 'mars',
    });
    expect(result).toMatchObject({ error: { code: 'INVALID_ARGUMENT' } });
    expect(screen.getByText('production 0')).toBeTruthy();
  });

  it('re-registers nothing when only the handler closure changes, and removes actions on unmount', async () => {
    const registry = createPageContextRegistry();
    const { unmount } = render(
      <PageContextProvider registry={registry}>
        <Filters />
      </PageContextProvider>,
    );
    const before = registry.version;
    await call(registry, 'add', { by: 1 });
    // One change: the data (total 1). The new handler closures are no change.
    expect(registry.version - before).toBe(1);
    unmount();
    await Promise.resolve(); // removal waits a microtask (a hot update registers again first)
    expect(Object.keys(toTools(registry.snapshot()))).toEqual(['expand_node']);
  });

  it('declares an action with a schema written inline once, until its JSON Schema changes', () => {
    const registry = createPageContextRegistry();
    render(
      <PageContextProvider registry={registry}>
        <Sorter />
      </PageContextProvider>,
    );
    const before = registry.version;
    act(() => setSorterCount(1));
    expect(registry.version - before).toBe(1); // the data; the action is the same
    act(() => setColumns(['title', 'users']));
    expect(registry.version - before).toBe(3); // the old action removed, the new one declared
    expect(registry.snapshot().roots[0]?.actions[0]?.inputSchema).toMatchObject({
      properties: { column: { enum: ['title', 'users'] } },
    });
  });
});
