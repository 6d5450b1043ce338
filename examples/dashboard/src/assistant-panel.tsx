/**
 * The in-page assistant panel: shows exactly what the agent would receive with a message (the
 * Markdown of the page, its token count) and the tools it could call. Carries the fallback's
 * ignore attribute, so the page never describes its own description.
 */
import { PAGE_CONTEXT_IGNORE_ATTRIBUTE } from '@sightline/page-context';
import { usePageContextRegistry, usePageSnapshot } from '@sightline/page-context/react';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

/** Props of {@link AssistantPanel}. */
export interface AssistantPanelProps {
  onClose: () => void;
}

interface View {
  markdown: string;
  tokens: number;
  tools: { name: string; description: string }[];
}

/**
 * @param props - `onClose`.
 * @returns the panel; it re-reads the page after every registry change (it is the inspector, not
 *   an opted-in component, so its own renders cost the page nothing).
 */
export function AssistantPanel({ onClose }: AssistantPanelProps) {
  const registry = usePageContextRegistry();
  const read = usePageSnapshot();
  const subscribe = useCallback((onChange: () => void) => registry.subscribe(onChange), [registry]);
  const version = useSyncExternalStore(
    subscribe,
    () => registry.version,
    () => registry.version,
  );
  const [view, setView] = useState<View | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the change signal
  useEffect(() => {
    const { markdown, tokens, tools } = read({ root: document.body });
    setView({
      markdown,
      tokens,
      tools: Object.entries(tools).map(([name, tool]) => ({
        name,
        description: tool.description ?? '',
      })),
    });
  }, [read, version]);
  const attributes = { [PAGE_CONTEXT_IGNORE_ATTRIBUTE]: '' };
  return (
    <aside {...attributes} className="assistant" aria-label="Assistant">
      <header>
        <h2>Assistant context</h2>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </header>
      {view ? (
        <>
          <p>
            {view.tokens} tokens · version {version}
          </p>
          <h3>Tools ({view.tools.length})</h3>
          <ul>
            {view.tools.map((tool) => (
              <li key={tool.name}>
                <code>{tool.name}</code> — {tool.description}
              </li>
            ))}
          </ul>
          <h3>Markdown sent with the next message</h3>
          <pre>{view.markdown}</pre>
        </>
      ) : null}
    </aside>
  );
}
