// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_CONTEXT_NODE_ATTRIBUTE } from '../fallback/node-attribute.js';
import { createPageContextRegistry } from '../registry/create-page-context-registry.js';
import { toJSON } from '../registry/to-json.js';
import type { PageContextRegistry, PageSnapshotNodeJson } from '../types.js';
import { PageContextProvider } from './page-context-provider.js';
import { usePageContext } from './use-page-context.js';
import { withPageContext } from './with-page-context.js';

afterEach(cleanup);

/** A node leaves the registry a microtask after its component unmounts (see page-node-handle.ts). */
const removals = () => act(async () => {});

/** The tree as `{type: data}` outlines: ids are generated, so compare types, data and nesting. */
function shape(registry: PageContextRegistry): unknown[] {
  const visit = (node: PageSnapshotNodeJson): unknown => ({
    type: node.type,
    data: node.data,
    children: node.children.map(visit),
  });
  return toJSON(registry.snapshot()).roots.map(visit);
}

const Dashboard = withPageContext(
  'dashboard',
  function Dashboard({ title, children }: { title: string; children?: ReactNode }) {
    usePageContext({ title });
    return <section>{children}</section>;
  },
);

const Widget = withPageContext('widget', function Widget({ title }: { title: string }) {
  usePageContext({ title });
  return <p>{title}</p>;
});

function Page({ shown }: { shown: boolean }) {
  return <Dashboard title="Issues">{shown ? <Widget title="Filters" /> : null}</Dashboard>;
}

const Issue = withPageContext(
  'issue',
  function Issue({ issueId }: { issueId: string }) {
    usePageContext({ issueId });
    return <h1>{issueId}</h1>;
  },
  { id: ({ issueId }) => `issue-${issueId}`, priority: 5 },
);

const Card = withPageContext(
  'card',
  function Card({ note, children }: { cardId: string; note: string; children?: ReactNode }) {
    usePageContext({ note });
    return <div>{children}</div>;
  },
  { id: ({ cardId }) => `card-${cardId}` },
);

describe('withPageContext', () => {
  it('nests nodes as the component tree does, children registering before their parent', () => {
    const registry = createPageContextRegistry();
    const order: string[] = [];
    registry.subscribe(() =>
      order.push(
        registry
          .snapshot()
          .roots.map((root) => root.type)
          .join(),
      ),
    );
    render(
      <PageContextProvider registry={registry}>
        <Dashboard title="API health">
          <div>
            <Widget title="Error rate" />
          </div>
          <Widget title="Latency" />
        </Dashboard>
      </PageContextProvider>,
    );
    // React commits effects bottom-up: the widgets registered first, as orphans at the root.
    expect(order[0]).toBe('widget');
    expect(shape(registry)).toEqual([
      {
        type: 'dashboard',
        data: { title: 'API health' },
        children: [
          { type: 'widget', data: { title: 'Error rate' }, children: [] },
          { type: 'widget', data: { title: 'Latency' }, children: [] },
        ],
      },
    ]);
  });

  it('survives StrictMode double effects with the same tree and data', () => {
    const registry = createPageContextRegistry();
    render(
      <StrictMode>
        <PageContextProvider registry={registry}>
          <Dashboard title="API health">
            <Widget title="Latency" />
          </Dashboard>
        </PageContextProvider>
      </StrictMode>,
    );
    expect(shape(registry)).toEqual([
      {
        type: 'dashboard',
        data: { title: 'API health' },
        children: [{ type: 'widget', data: { title: 'Latency' }, children: [] }],
      },
    ]);
  });

  it('adds and removes conditional children, and removes the subtree on unmount', async () => {
    const registry = createPageContextRegistry();
    const page = (shown: boolean) => (
      <PageContextProvider registry={registry}>
        <Page shown={shown} />
      </PageContextProvider>
    );
    const { rerender } = render(page(false));
    expect(shape(registry)).toEqual([
      { type: 'dashboard', data: { title: 'Issues' }, children: [] },
    ]);
    rerender(page(true));
    expect(shape(registry)).toEqual([
      {
        type: 'dashboard',
        data: { title: 'Issues' },
        children: [{ type: 'widget', data: { title: 'Filters' }, children: [] }],
      },
    ]);
    rerender(page(false));
    await removals();
    expect(shape(registry)).toEqual([
      { type: 'dashboard', data: { title: 'Issues' }, children: [] },
    ]);
    rerender(<PageContextProvider registry={registry}>{null}</PageContextProvider>);
    await removals();
    expect(registry.size).toBe(0);
    expect(registry.snapshot().roots).toEqual([]);
  });

  it('keeps a node shared by two instances with the same id until both unmount, and warns', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const registry = createPageContextRegistry();
    const page = (first: boolean, second: boolean) => (
      <PageContextProvider registry={registry}>
        {first ? <Card key="a" cardId="1" note="first" /> : null}
        {second ? (
          <Card key="b" cardId="1" note="second">
            <Widget title="Inside" />
          </Card>
        ) : null}
      </PageContextProvider>
    );
    const { rerender } = render(page(true, true));
    expect(registry.size).toBe(2);
    // The first instance unmounts: the node and the second instance's child stay.
    rerender(page(false, true));
    expect(shape(registry)).toEqual([
      {
        type: 'card',
        data: { note: 'second' },
        children: [{ type: 'widget', data: { title: 'Inside' }, children: [] }],
      },
    ]);
    // It mounts again and the second one unmounts: the node now shows the first one's facts.
    rerender(page(true, true));
    rerender(page(true, false));
    await removals();
    expect(shape(registry)).toEqual([{ type: 'card', data: { note: 'first' }, children: [] }]);
    rerender(page(false, false));
    await removals();
    expect(registry.size).toBe(0);
    expect(warn.mock.calls.map(([message]) => String(message))).toEqual([
      expect.stringContaining('Two components write "note" of page node "card-1"'),
      expect.stringContaining('Two mounted components register page node "card-1"'),
    ]);
    warn.mockRestore();
  });

  it('wraps the output in a display: contents element naming the node', () => {
    const registry = createPageContextRegistry();
    const { container } = render(
      <PageContextProvider registry={registry}>
        <Issue issueId="SL-42" />
      </PageContextProvider>,
    );
    const wrapper = container.firstElementChild as HTMLElement;
    expect(wrapper.getAttribute(PAGE_CONTEXT_NODE_ATTRIBUTE)).toBe('issue-SL-42');
    expect(wrapper.style.display).toBe('contents');
    expect(wrapper.innerHTML).toBe('<h1>SL-42</h1>');
    const [node] = toJSON(registry.snapshot()).roots;
    expect(node).toMatchObject({
      id: 'issue-SL-42',
      type: 'issue',
      priority: 5,
      data: { issueId: 'SL-42' },
    });
  });
});
