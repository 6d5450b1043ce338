/**
 * `<PageContextProvider>`: makes a page-context registry available to the components below it.
 * SSR-safe: rendering touches neither `window` nor `document`, and nothing registers until effects
 * run in the browser.
 */
import { SightlineError } from '@sightline/core';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { createPageContextRegistry } from '../registry/create-page-context-registry.js';
import type { PageContextRegistry, PageLocation } from '../types.js';

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
 * The registry of the nearest `<PageContextProvider>`.
 * @param hook - name of the calling hook or component, for the error message.
 * @returns the registry.
 * @throws SightlineError `INVALID_ARGUMENT` when no provider encloses the caller.
 */
export function useRequiredRegistry(hook: string): PageContextRegistry {
  const registry = useContext(RegistryContext);
  if (registry === undefined) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `${hook} needs a <PageContextProvider> above it; wrap the app (or this subtree) in one.`,
    });
  }
  return registry;
}

/**
 * The registry of the nearest `<PageContextProvider>`, for code that talks to it directly
 * (registering a node that has no component, reading a snapshot in an event handler).
 * @returns the registry; reading it causes no re-render when it changes.
 * @throws SightlineError `INVALID_ARGUMENT` outside a provider.
 */
export function usePageContextRegistry(): PageContextRegistry {
  return useRequiredRegistry('usePageContextRegistry');
}
