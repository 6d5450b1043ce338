/**
 * `<PageContextProvider>`: makes a page-context registry available to the components below it.
 * SSR-safe: rendering touches neither `window` nor `document`, and nothing registers until effects
 * run in the browser.
 */
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { createPageContextRegistry } from '../registry/create-page-context-registry.js';
import type { PageContextRegistry, PageLocation } from '../types.js';
import { warnOnce } from './warn-once.js';

const RegistryContext = createContext<PageContextRegistry | undefined>(undefined);

/** Props of {@link PageContextProvider}. */
export interface PageContextProviderProps {
  /** Registry to use (share it with code outside React); default: one created for this provider. */
  registry?: PageContextRegistry;
  /**
   * Where the user is; set on the registry after each commit (an equal location is no change).
   * Absent: the registry's location is left as it is (set it with `registry.setLocation`).
   */
  location?: PageLocation;
  /** The app. */
  children?: ReactNode;
}

/**
 * Provides a page-context registry to its subtree.
 * @param props - `registry` (default: a new one, kept for the provider's lifetime), `location`.
 * @returns its children, inside the context.
 * @example
 * <PageContextProvider location={{ route: 'issues', query: { env } }}>
 *   <App />
 * </PageContextProvider>
 */
export function PageContextProvider({ registry, location, children }: PageContextProviderProps) {
  // An empty registry costs two empty maps: creating one that a given `registry` makes unused is
  // cheaper than branching on it in a hook.
  const [owned] = useState(createPageContextRegistry);
  const value = registry ?? owned;
  useEffect(() => {
    if (location !== undefined) value.setLocation(location);
  }, [value, location]);
  return <RegistryContext.Provider value={value}>{children}</RegistryContext.Provider>;
}

/**
 * The registry of the nearest `<PageContextProvider>`, or nothing: outside one, page context is
 * off (a shared component may opt in without every page that renders it having a provider), and
 * development builds warn once per hook.
 * @param hook - name of the calling hook or component, for the warning.
 * @returns the registry, or `undefined` outside a provider.
 */
export function useOptionalRegistry(hook: string): PageContextRegistry | undefined {
  const registry = useContext(RegistryContext);
  if (registry === undefined) {
    warnOnce(
      hook,
      `${hook} is outside a <PageContextProvider> and does nothing; wrap the app (or this subtree) in one to describe it to the agent.`,
    );
  }
  return registry;
}

/**
 * The registry of the nearest `<PageContextProvider>`, for code that talks to it directly
 * (registering a node that has no component, reading a snapshot in an event handler).
 * @returns the registry; reading it causes no re-render when it changes. Outside a provider, a
 *   registry of this component's own that nothing reads (and a development warning).
 */
export function usePageContextRegistry(): PageContextRegistry {
  return useRegistryOrDetached('usePageContextRegistry');
}

/**
 * The provider's registry, or outside a provider one of the caller's own that nothing reads.
 * @param hook - name of the calling hook, for the development warning.
 * @returns a registry, stable for the caller's lifetime.
 */
export function useRegistryOrDetached(hook: string): PageContextRegistry {
  const registry = useOptionalRegistry(hook);
  const [detached] = useState(createPageContextRegistry);
  return registry ?? detached;
}
