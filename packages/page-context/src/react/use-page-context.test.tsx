// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { type ReactNode, StrictMode, useRef, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createPageContextRegistry } from '../registry/create-page-context-registry.js';
import { toJSON } from '../registry/to-json.js';
import { toTools } from '../tools/to-tools.js';
import { PageContextProvider } from './page-context-provider.js';
import { PageNodeHandle } from './page-node-handle.js';
import { usePageAction } from './use-page-action.js';
import { usePageContext } from './use-page-context.js';
import { usePageSnapshot } from './use-page-snapshot.js';
import { withPageContext } from './with-page-context.js';

afterEach(cleanup);

const emptyInput = z.object({});

/** Renders per component, and the setters the components expose to the tests. */
let renders: Record<string, number> = {};
let setCount: (count: number) => void = () => {};
let setRows: (rows: number[]) => void = () => {};
beforeEach(() => {
  renders = {};
});
function counted(name: string): void {
  renders[name] = (renders[name] ?? 0) + 1;
}

const Counter = withPageContext('counter', function Counter() {
  counted('Counter');
  const [count, set] = useState(0);
  setCount = set;
  usePageContext({ title: 'Clicks', count });
  return <output>{count}</output>;
});

const Panel = withPageContext('panel', function Panel({ children }: { children: ReactNode }) {
  counted('Panel');
  usePageContext({ title: 'Panel' });
  return <div>{children}</div>;
});

function Sibling() {
  counted('Sibling');
  return <p>static</p>;
}

function Assistant() {
  counted('Assistant');
  usePageSnapshot();
  return null;
}

function App() {
  counted('App');
  return (
    <Panel>
      <Counter />
      <Sibling />
      <Assistant />
    </Panel>
  );
}

const Table = withPageContext('table', function Table() {
  const [rows, set] = useState([1, 2, 3]);
  setRows = set;
  usePageContext({ rows: rows.length }, rows.length > 0 ? { details: () => rows } : {});
  return null;
});

function FilterChip() {
  const [filter, set] = useState<string | undefined>('open');
  usePageContext({ filter });
  usePageAction('clear_filter', {
    description: 'Clear the filter',
    input: emptyInput,
    handler: () => set(undefined),
  });
  return <span>{filter}</span>;
}

const Toolbar = withPageContext('toolbar', function Toolbar() {
  usePageContext({ title: 'Tasks' });
  return <FilterChip />;
});

function InnerTitle() {
  usePageContext({ title: 'Inner' });
  return null;
}

const Clashing = withPageContext(
  'panel',
  function Clashing() {
    usePageContext({ title: 'Outer' });
    return <InnerTitle />;
  },
  { key: () => 'clash' },
);

function TaskRow({ title }: { title: string }) {
  const ref = useRef<HTMLTableRowElement>(null);
  const node = usePageContext({ title }, { type: 'task', key: title, ref });
  usePageAction('complete', {
    description: 'Mark the task done',
    input: z.object({}),
    handler: () => ({ completed: title }),
    node,
  });
  return (
    <tr ref={ref}>
      <td>{title}</td>
    </tr>
  );
}

function TaskTable({ tasks }: { tasks: string[] }) {
  const ref = useRef<HTMLTableElement>(null);
  usePageContext({ rows: tasks.length }, { type: 'table', id: 'tasks', ref });
  return (
    <table ref={ref}>
      <tbody>
        {tasks.map((title) => (
          <TaskRow key={title} title={title} />
        ))}
      </tbody>
    </table>
  );
}

describe('usePageContext', () => {
  it('pushes data 100 times without a single extra render of any component', () => {
    const registry = createPageContextRegistry();
    render(
      <PageContextProvider registry={registry}>
        <App />
      </PageContextProvider>,
    );
    const versionBefore = registry.version;
    expect(renders).toEqual({ App: 1, Panel: 1, Counter: 1, Sibling: 1, Assistant: 1 });
    // The counter's own state changes re-render it (that is React); nothing else may render.
    for (let count = 1; count <= 100; count++) act(() => setCount(count));
    expect(renders).toEqual({ App: 1, Panel: 1, Counter: 101, Sibling: 1, Assistant: 1 });
    expect(registry.version - versionBefore).toBe(100);
    const [panel] = toJSON(registry.snapshot()).roots;
    expect(panel?.children.map((child) => child.data)).toEqual([{ title: 'Clicks', count: 100 }]);
    // Re-rendering with equal data is no change: the registry skips it.
    act(() => setCount(100));
    expect(registry.version - versionBefore).toBe(100);
  });

  it('keeps details fresh and exposes them only while given', async () => {
    const registry = createPageContextRegistry();
    render(
      <PageContextProvider registry={registry}>
        <Table />
      </PageContextProvider>,
    );
    expect(await registry.snapshot().roots[0]?.details?.()).toEqual([1, 2, 3]);
    act(() => setRows([4, 5]));
    expect(await registry.snapshot().roots[0]?.details?.()).toEqual([4, 5]);
    act(() => setRows([]));
    expect(registry.snapshot().roots[0]?.hasDetails).toBe(false);
  });

  it('adds the facts of an unwrapped child to its opted-in ancestor instead of replacing them', () => {
    const registry = createPageContextRegistry();
    render(
      <PageContextProvider registry={registry}>
        <Toolbar />
      </PageContextProvider>,
    );
    const [toolbar] = toJSON(registry.snapshot()).roots;
    expect(toolbar).toMatchObject({ id: 'toolbar', data: { title: 'Tasks', filter: 'open' } });
    expect(toolbar?.actions.map((action) => action.toolName)).toEqual(['clear_filter']);
  });

  it('warns, keeping the outer value, when a child writes a key its ancestor writes too', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const registry = createPageContextRegistry();
    render(
      <PageContextProvider registry={registry}>
        <Clashing />
      </PageContextProvider>,
    );
    expect(toJSON(registry.snapshot()).roots[0]?.data).toEqual({ title: 'Outer' });
    expect(warn.mock.calls.map(([message]) => String(message))).toEqual([
      expect.stringContaining(
        'Two components write "title" of page node "panel-clash" (usePageContext with no type adds to the nearest opted-in ancestor); the outer one\'s is kept. Give the inner component a node of its own',
      ),
    ]);
    warn.mockRestore();
  });

  it('registers a node of its own with a ref: rows inside <tbody>, no wrapper element', async () => {
    const registry = createPageContextRegistry();
    const { container } = render(
      <StrictMode>
        <PageContextProvider registry={registry}>
          <TaskTable tasks={['Write docs', 'Fix login']} />
        </PageContextProvider>
      </StrictMode>,
    );
    expect(container.innerHTML).toBe(
      '<table data-page-context-node="tasks"><tbody>' +
        '<tr data-page-context-node="task-Write-docs"><td>Write docs</td></tr>' +
        '<tr data-page-context-node="task-Fix-login"><td>Fix login</td></tr>' +
        '</tbody></table>',
    );
    const [table] = toJSON(registry.snapshot()).roots;
    expect(table).toMatchObject({ id: 'tasks', type: 'table', data: { rows: 2 } });
    expect(
      table?.children.map(({ id, data, actions }) => [id, data, actions.map((a) => a.toolName)]),
    ).toEqual([
      ['task-Write-docs', { title: 'Write docs' }, ['complete']],
      ['task-Fix-login', { title: 'Fix login' }, ['task-Fix-login__complete']],
    ]);
    const tools = toTools(registry.snapshot());
    expect(
      await tools['task-Fix-login__complete']?.execute?.({}, { toolCallId: 't', messages: [] }),
    ).toEqual({
      completed: 'Fix login',
    });
  });
});

describe('PageNodeHandle', () => {
  it('keeps the node, its children and its place when unregistered and registered again at once (a hot update)', async () => {
    const registry = createPageContextRegistry();
    const page = new PageNodeHandle(registry, 'page', 'page', undefined);
    const other = new PageNodeHandle(registry, 'other', 'panel', undefined);
    const chart = new PageNodeHandle(registry, 'chart', 'chart', undefined);
    chart.contextParent = page;
    page.register();
    other.register();
    chart.register();
    page.unregister();
    page.register();
    await Promise.resolve();
    expect(
      registry.snapshot().roots.map((node) => [node.id, node.children.map((c) => c.id)]),
    ).toEqual([
      ['page', ['chart']],
      ['other', []],
    ]);
    page.unregister();
    await Promise.resolve();
    expect(registry.has('page')).toBe(false);
  });
});
