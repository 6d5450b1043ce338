/** The source registry: the provider modules a service knows, by kind. */
import { SightlineError } from '@sightline/core';
import type { SourceModule } from './types.js';

/** A registry of source modules. */
export interface SourceRegistry {
  /** Adds a module. @throws SightlineError `INVALID_ARGUMENT` when its kind is taken. */
  register(module: SourceModule<unknown, unknown>): void;
  /** The module of a kind. @throws SightlineError `INVALID_ARGUMENT` naming the known kinds. */
  get(kind: string): SourceModule<unknown, unknown>;
  /** All modules, by kind. */
  list(): SourceModule<unknown, unknown>[];
}

/** Creates a registry holding `modules`. */
export function createSourceRegistry(
  modules: SourceModule<unknown, unknown>[] = [],
): SourceRegistry {
  const byKind = new Map<string, SourceModule<unknown, unknown>>();
  const registry: SourceRegistry = {
    register(module) {
      if (byKind.has(module.kind)) {
        throw new SightlineError({
          code: 'INVALID_ARGUMENT',
          message: `A source module of kind "${module.kind}" is registered already.`,
        });
      }
      byKind.set(module.kind, module);
    },
    get(kind) {
      const module = byKind.get(kind);
      if (!module) {
        throw new SightlineError({
          code: 'INVALID_ARGUMENT',
          message: `Unknown source kind "${kind}". Known kinds: ${[...byKind.keys()].sort().join(', ')}.`,
        });
      }
      return module;
    },
    list: () => [...byKind.values()].sort((a, b) => a.kind.localeCompare(b.kind)),
  };
  for (const module of modules) registry.register(module);
  return registry;
}
