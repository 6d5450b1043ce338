/** The source modules every service knows: files, Sentry, GitHub issues, App Store, Google Play. */
import { appStoreSource } from './app-store/index.js';
import { filesSource } from './files.js';
import { githubSource } from './github/index.js';
import { googlePlaySource } from './google-play/index.js';
import { createSourceRegistry, type SourceRegistry } from './registry.js';
import { sentrySource } from './sentry/index.js';
import type { SourceModule } from './types.js';

/** The built-in modules, by kind. */
export const BUILT_IN_SOURCES: readonly SourceModule<unknown, unknown>[] = [
  filesSource,
  sentrySource,
  githubSource,
  appStoreSource,
  googlePlaySource,
];

/**
 * A registry of the built-in modules plus `extra` ones.
 * @throws SightlineError `INVALID_ARGUMENT` when an extra module's kind is taken.
 */
export function createBuiltInRegistry(
  extra: readonly SourceModule<unknown, unknown>[] = [],
): SourceRegistry {
  return createSourceRegistry([...BUILT_IN_SOURCES, ...extra]);
}
