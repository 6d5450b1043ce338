/**
 * The registry's change signal: a version counter bumped on every real change, and the listeners
 * told about it (inspectors; nothing on the send path needs them).
 */
import type { PageContextListener } from '../types.js';

/** A version counter with listeners. */
export interface ChangeSignal {
  readonly version: number;
  /** Bumps the version and calls every listener; a throwing listener is rethrown in a microtask. */
  changed(): void;
  /** Adds a listener; returns its removal. */
  subscribe(listener: PageContextListener): () => void;
}

/** Creates a {@link ChangeSignal} at version 0. */
export function createChangeSignal(): ChangeSignal {
  const listeners = new Set<PageContextListener>();
  let version = 0;
  return {
    get version() {
      return version;
    },
    changed() {
      version++;
      for (const listener of [...listeners]) {
        try {
          listener(version);
        } catch (error) {
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
