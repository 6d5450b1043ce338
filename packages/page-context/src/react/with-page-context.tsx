/**
 * `withPageContext(type, Component)`: opts a component in. The wrapper registers one node on mount
 * (its parent is the nearest wrapped ancestor in the React tree, so nesting follows the component
 * tree, portals included), unregisters it and its subtree on unmount, and wraps the output in an
 * element with `display: contents` carrying `data-page-context-node` so the DOM fallback knows
 * which part of the page the node describes. That element is a `<div>`: wrap whole tables and
 * lists, not row or item components (a `<div>` in `<tbody>` or `<ul>` is invalid HTML). Outside a
 * `<PageContextProvider>` it renders the component alone and registers nothing.
 */
import { type ComponentProps, type ComponentType, type JSX, useContext, useRef } from 'react';
import { PAGE_CONTEXT_NODE_ATTRIBUTE } from '../fallback/node-attribute.js';
import { useOptionalRegistry } from './page-context-provider.js';
import { PageNodeContext } from './page-node-context.js';
import { useOwnNode } from './use-node-handle.js';

/** Options of {@link withPageContext}. */
export interface WithPageContextOptions<Props> {
  /** Priority of the node, default 0; `usePageContext(…, { priority })` overrides it. */
  priority?: number;
  /**
   * What tells instances of this type apart, from the props (e.g. `(props) => props.issueId`): the
   * id becomes `<type>-<key>` (`issue-SL-42`). Default: none, the id is the type (`filters`), and
   * further instances mounted at once get `<type>-2`, `<type>-3`, …
   */
  key?: (props: Props) => string | number;
  /**
   * The whole id from the props, used as is (e.g. `(props) => \`issue-${props.issueId}\``).
   * Instances mounted at once with the same `id` share one node until the last of them unmounts.
   */
  id?: (props: Props) => string;
}

// biome-ignore lint/suspicious/noExplicitAny: any props, as React's own ComponentType<any>.
type AnyComponent = ComponentType<any>;

/**
 * Wraps `Component` so that each mounted instance is a page-context node of type `type`.
 * @param type - what the node is, e.g. `chart`, `issue-table`; shown in headings, the default id
 *   and tool names.
 * @param Component - the component; inside it call `usePageContext` and `usePageAction`.
 * @param options - `priority` (default 0), `key` or `id` from props (default: the type).
 * @returns a component with the same props, generic parameters included
 *   (`withPageContext('toolbar', DataTableToolbar)` stays `<TData>(props) => …`).
 * @example
 * function Chart({ title, series }: ChartProps) {
 *   usePageContext({ title, series: series.length });
 *   return <svg>…</svg>;
 * }
 * export default withPageContext('chart', Chart);
 */
export function withPageContext<C extends AnyComponent>(
  type: string,
  Component: C,
  options: WithPageContextOptions<ComponentProps<C>> = {},
): C {
  const { priority, key: keyFromProps, id: idFromProps } = options;
  type Props = ComponentProps<C>;
  const Inner = Component as ComponentType<Props>;
  function WithPageContext(props: Props): JSX.Element {
    const registry = useOptionalRegistry(`withPageContext('${type}')`);
    const parent = useContext(PageNodeContext);
    const element = useRef<HTMLDivElement>(null);
    const explicit = idFromProps?.(props);
    const key = keyFromProps?.(props);
    const node = useOwnNode(registry, parent, {
      type,
      ...(key === undefined ? {} : { key }),
      ...(explicit === undefined ? {} : { id: explicit }),
      ...(priority === undefined ? {} : { priority }),
      elementRef: element,
    });
    if (!node) return <Inner {...props} />;
    const attributes = { [PAGE_CONTEXT_NODE_ATTRIBUTE]: node.id };
    return (
      <div ref={element} {...attributes} style={{ display: 'contents' }}>
        <PageNodeContext.Provider value={node}>
          <Inner {...props} />
        </PageNodeContext.Provider>
      </div>
    );
  }
  WithPageContext.displayName = `withPageContext(${Component.displayName ?? Component.name ?? type})`;
  return WithPageContext as unknown as C;
}
