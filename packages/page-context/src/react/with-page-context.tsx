/**
 * `withPageContext(type, Component)`: opts a component in. The wrapper registers one node on mount
 * (its parent is the nearest wrapped ancestor in the React tree, so nesting follows the component
 * tree, portals included), unregisters it and its subtree on unmount, and wraps the output in an
 * element with `display: contents` carrying `data-page-context-node` so the DOM fallback knows
 * which part of the page the node describes. That element is a `<div>`: wrap whole tables and
 * lists, not row or item components (a `<div>` in `<tbody>` or `<ul>` is invalid HTML).
 */
import { type ComponentType, type JSX, useContext, useEffect, useId, useMemo } from 'react';
import { PAGE_CONTEXT_NODE_ATTRIBUTE } from '../fallback/node-attribute.js';
import { useRequiredRegistry } from './page-context-provider.js';
import { PageNodeContext } from './page-node-context.js';
import { PageNodeHandle } from './page-node-handle.js';

/** Options of {@link withPageContext}. */
export interface WithPageContextOptions<Props> {
  /** Priority of the node, default 0; `usePageContext(…, { priority })` overrides it. */
  priority?: number;
  /**
   * Id of the node from the props (e.g. `(props) => \`issue-${props.issueId}\``): stable ids let
   * the agent refer to a node across messages and diffs. Default: `<type>-<React useId>`.
   * Instances mounted at once with the same id share one node until the last of them unmounts.
   */
  id?: (props: Props) => string;
}

/**
 * Wraps `Component` so that each mounted instance is a page-context node of type `type`.
 * @param type - what the node is, e.g. `chart`, `issue-table`; shown in headings and tool names.
 * @param Component - the component; inside it call `usePageContext` and `usePageAction`.
 * @param options - `priority` (default 0), `id` from props (default: generated).
 * @returns a component with the same props.
 * @throws SightlineError `INVALID_ARGUMENT` (when rendered) outside a `<PageContextProvider>`.
 * @example
 * function Chart({ title, series }: ChartProps) {
 *   usePageContext({ title, series: series.length });
 *   return <svg>…</svg>;
 * }
 * export default withPageContext('chart', Chart);
 */
export function withPageContext<Props extends object>(
  type: string,
  Component: ComponentType<Props>,
  options: WithPageContextOptions<Props> = {},
): (props: Props) => JSX.Element {
  const { priority, id: idFromProps } = options;
  function WithPageContext(props: Props) {
    const registry = useRequiredRegistry(`withPageContext('${type}')`);
    const parent = useContext(PageNodeContext);
    const reactId = useId();
    const id = idFromProps?.(props) ?? `${type}-${reactId.replace(/[^a-zA-Z0-9]/g, '')}`;
    const parentId = parent?.id;
    const node = useMemo(
      () => new PageNodeHandle(registry, id, type, parentId, priority),
      [registry, id, parentId],
    );
    useEffect(() => {
      node.register();
      return () => node.unregister();
    }, [node]);
    const attributes = { [PAGE_CONTEXT_NODE_ATTRIBUTE]: id };
    return (
      <div {...attributes} style={{ display: 'contents' }}>
        <PageNodeContext.Provider value={node}>
          <Component {...props} />
        </PageNodeContext.Provider>
      </div>
    );
  }
  WithPageContext.displayName = `withPageContext(${Component.displayName ?? Component.name ?? type})`;
  return WithPageContext;
}
