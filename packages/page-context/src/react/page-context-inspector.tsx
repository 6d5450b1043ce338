/**
 * `<PageContextInspector>`: shows exactly what the agent would receive — the Markdown, its token
 * count and the tools — refreshed on every registry change. It subscribes to the registry itself
 * (`useSyncExternalStore` on the version), so only the inspector re-renders. It carries
 * `data-page-context-ignore`, so the DOM fallback never describes it. Where tokens cannot be
 * counted (a browser bundle that did not call `registerEncoding`), it shows the unbudgeted Markdown
 * and the reason instead of breaking the page it inspects.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { PAGE_CONTEXT_IGNORE_ATTRIBUTE } from '../fallback/node-attribute.js';
import { renderMarkdown, toMarkdown } from '../render/to-markdown.js';
import { toTools } from '../tools/to-tools.js';
import { useRequiredRegistry } from './page-context-provider.js';

/** Props of {@link PageContextInspector}. */
export interface PageContextInspectorProps {
  /** Budget applied to the Markdown, in tokens, as the agent side would. Default: no limit. */
  budgetTokens?: number;
  /** Class name of the outer element. */
  className?: string;
}

/**
 * Live view of the page context as the agent would receive it.
 * @param props - `budgetTokens` (default: no limit), `className`.
 * @returns a `<section>` with a summary line (tokens, nodes, version), the tool names and the
 *   Markdown in a `<pre>`. Renders the same markup on the server (version 0 there).
 * @throws SightlineError `INVALID_ARGUMENT` outside a `<PageContextProvider>`.
 */
export function PageContextInspector({ budgetTokens, className }: PageContextInspectorProps) {
  const registry = useRequiredRegistry('PageContextInspector');
  const subscribe = useCallback((onChange: () => void) => registry.subscribe(onChange), [registry]);
  const version = useSyncExternalStore(
    subscribe,
    () => registry.version,
    () => registry.version,
  );
  // `version` is the change signal: each new one is rendered from a new snapshot.
  const view = useMemo(() => {
    const snapshot = registry.snapshot();
    const common = {
      version,
      nodeCount: snapshot.nodeCount,
      toolNames: Object.keys(toTools(snapshot)),
    };
    try {
      const rendered = renderMarkdown(snapshot, budgetTokens === undefined ? {} : { budgetTokens });
      return { ...common, markdown: rendered.markdown, tokens: `${rendered.tokens} tokens` };
    } catch (error) {
      // No tokenizer here (see registerEncoding): an uncounted view beats a broken page.
      const reason = error instanceof Error ? error.message : String(error);
      return { ...common, markdown: toMarkdown(snapshot), tokens: `tokens not counted: ${reason}` };
    }
  }, [registry, budgetTokens, version]);
  const attributes = { [PAGE_CONTEXT_IGNORE_ATTRIBUTE]: '' };
  return (
    <section {...attributes} aria-label="Page context inspector" className={className}>
      <p>
        {view.tokens} · {view.nodeCount} nodes · version {view.version}
        {budgetTokens === undefined ? '' : ` · budget ${budgetTokens}`}
      </p>
      <p>tools: {view.toolNames.join(', ') || 'none'}</p>
      <pre>{view.markdown}</pre>
    </section>
  );
}
