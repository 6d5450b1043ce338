// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPageContextRegistry } from '../registry/create-page-context-registry.js';
import { toJSON } from '../registry/to-json.js';
import { PageContextProvider } from './page-context-provider.js';
import { usePageContext } from './use-page-context.js';
import { usePageSnapshot } from './use-page-snapshot.js';
import { withPageContext } from './with-page-context.js';

afterEach(cleanup);

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

function Loose() {
  usePageContext({ title: 'x' });
  return null;
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

  it('throws outside a wrapped component', () => {
    const silence = console.error;
    console.error = () => {};
    try {
      expect(() =>
        render(
          <PageContextProvider>
            <Loose />
          </PageContextProvider>,
        ),
      ).toThrow(/usePageContext must be called in a component wrapped with withPageContext/);
    } finally {
      console.error = silence;
    }
  });
});
