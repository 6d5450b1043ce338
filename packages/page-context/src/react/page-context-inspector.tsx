/**
 * `<PageContextInspector>`: shows exactly what the agent would receive — the Markdown, its token
 * count and the tools — refreshed on every registry change. It subscribes to the registry itself
 * (`useSyncExternalStore` on the version), so only the inspector re-renders. It carries
 * `data-page-context-ignore`, so the DOM fallback never describes it. It styles itself (inline
 * styles, no stylesheet to import): a collapsible panel floating at the bottom right, or in the
 * page's flow with `floating={false}`. Any of the page's tools can be run from it by hand
 * (`ToolRunner`: a tool, its JSON input, the tool result). In a browser the token count is an estimate (marked `≈`)
 * until the tokenizer chunk has loaded, then it re-renders with the exact count.
 */
import {
  type CSSProperties,
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { PAGE_CONTEXT_IGNORE_ATTRIBUTE } from '../fallback/node-attribute.js';
import { countingNow, onTokenizerLoaded } from '../render/lazy-tokenizer.js';
import { renderMarkdown, type ToMarkdownOptions } from '../render/to-markdown.js';
import { runToolByHand } from '../tools/run-tool-by-hand.js';
import { toTools } from '../tools/to-tools.js';
import { useOptionalRegistry } from './page-context-provider.js';
import { ToolRunner } from './tool-runner.js';

/** Props of {@link PageContextInspector}. */
export interface PageContextInspectorProps {
  /** Budget applied to the Markdown, in tokens, as the agent side would. Default: no limit. */
  budgetTokens?: number;
  /** Float at the bottom right of the viewport, above the page. Default true. */
  floating?: boolean;
  /**
   * Start collapsed (only the summary line shows), so it never covers the page's own controls
   * until opened. Default true.
   */
  collapsed?: boolean;
  /** Class name of the outer element. */
  className?: string;
  /** Styles merged over the inspector's own. */
  style?: CSSProperties;
}

const PANEL: CSSProperties = {
  font: '12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  color: '#e6e6e6',
  background: 'rgba(24, 26, 31, 0.96)',
  border: '1px solid #3a3f4b',
  borderRadius: 8,
  boxShadow: '0 6px 24px rgba(0, 0, 0, 0.35)',
  maxWidth: 'min(560px, calc(100vw - 32px))',
  textAlign: 'left',
};
const FLOATING: CSSProperties = { position: 'fixed', right: 16, bottom: 16, zIndex: 2147483000 };
const SUMMARY: CSSProperties = { cursor: 'pointer', padding: '6px 10px', userSelect: 'none' };
const BODY: CSSProperties = {
  margin: 0,
  padding: '6px 10px 10px',
  borderTop: '1px solid #3a3f4b',
  maxHeight: '50vh',
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
};

/**
 * Live view of the page context as the agent would receive it.
 * @param props - `budgetTokens` (default: no limit), `floating` (default true), `collapsed`
 *   (default true), `className`, `style`.
 * @returns a `<details>` whose summary line gives tokens, nodes, version and budget, and whose body
 *   lists the tool names and the Markdown. Renders the same markup on the server (version 0
 *   there); nothing outside a `<PageContextProvider>` (a development warning instead).
 */
export function PageContextInspector({
  budgetTokens,
  floating = true,
  collapsed = true,
  className,
  style,
}: PageContextInspectorProps) {
  const registry = useOptionalRegistry('PageContextInspector');
  const subscribe = useCallback(
    (onChange: () => void) => registry?.subscribe(onChange) ?? (() => {}),
    [registry],
  );
  const version = useSyncExternalStore(
    subscribe,
    () => registry?.version ?? 0,
    () => registry?.version ?? 0,
  );
  // Re-render when the tokenizer arrives: estimated counts become exact.
  const [tokenizerLoads, setTokenizerLoads] = useState(0);
  useEffect(() => onTokenizerLoaded(() => setTokenizerLoads((loads) => loads + 1)), []);
  // `version` is the change signal: each new one is rendered from a new snapshot.
  // biome-ignore lint/correctness/useExhaustiveDependencies: tokenizerLoads is a signal too.
  const view = useMemo(() => {
    if (!registry) return undefined;
    const snapshot = registry.snapshot();
    const requested: ToMarkdownOptions = budgetTokens === undefined ? {} : { budgetTokens };
    const { options, exact } = countingNow(requested);
    const rendered = renderMarkdown(snapshot, options);
    return {
      nodeCount: snapshot.nodeCount,
      tools: Object.entries(toTools(snapshot)).map(([name, definition]) => ({
        name,
        description: definition.description ?? '',
      })),
      markdown: rendered.markdown,
      tokens: exact ? `${rendered.tokens} tokens` : `≈${rendered.tokens} tokens (estimate)`,
    };
  }, [registry, budgetTokens, version, tokenizerLoads]);
  const run = useCallback(
    (name: string, input: unknown, onProgress: (message: string) => void) => {
      if (!registry) throw new Error('no page context provider');
      return runToolByHand(registry.snapshot(), name, input, onProgress);
    },
    [registry],
  );
  if (!view) return null;
  const attributes = { [PAGE_CONTEXT_IGNORE_ATTRIBUTE]: '' };
  return (
    <details
      {...attributes}
      open={!collapsed}
      aria-label="Page context inspector"
      className={className}
      style={{ ...PANEL, ...(floating ? FLOATING : {}), ...style }}
    >
      <summary style={SUMMARY}>
        {view.tokens} · {view.nodeCount} nodes · version {version}
        {budgetTokens === undefined ? '' : ` · budget ${budgetTokens}`}
      </summary>
      <div style={BODY}>
        <p style={{ margin: '0 0 6px' }}>
          tools: {view.tools.map((tool) => tool.name).join(', ') || 'none'}
        </p>
        <ToolRunner tools={view.tools} run={run} />
        <pre style={{ margin: 0, font: 'inherit', whiteSpace: 'inherit' }}>{view.markdown}</pre>
      </div>
    </details>
  );
}
