/**
 * @sightline/page-context/react — the React binding. Three lines opt a component in:
 * `withPageContext(type, Component)`, `usePageContext(data)` inside it, and optionally
 * `usePageAction(name, action)`. The agent side reads with `usePageSnapshot()`. All state lives in
 * the registry, outside React: pushing data never re-renders.
 */
export {
  PageContextInspector,
  type PageContextInspectorProps,
} from './page-context-inspector.js';
export {
  PageContextProvider,
  type PageContextProviderProps,
  usePageContextRegistry,
} from './page-context-provider.js';
export {
  PageHook,
  type PageHookRead,
  type PageHookToolDefinition,
} from './page-hook.js';
export { usePageAction } from './use-page-action.js';
export { type UsePageContextOptions, usePageContext } from './use-page-context.js';
export {
  type PageSnapshotRead,
  type PageSnapshotReader,
  type ReadPageSnapshotOptions,
  usePageSnapshot,
} from './use-page-snapshot.js';
export { type WithPageContextOptions, withPageContext } from './with-page-context.js';
