/**
 * A configured source, built from its stored row: its module found by kind, its settings and its
 * credentials validated. A bad stored value is an error on that one source, said plainly, never a
 * crash of the service and never a credential value in the message.
 */
import { SightlineError } from '@sightline/core';
import type { z } from 'zod';
import type { CredentialStore } from './credentials.js';
import type { SourceRegistry } from './registry.js';
import type { Source, SourceTestResult } from './types.js';

/** The stored fields a source is built from. */
export interface StoredSource {
  id: string;
  name: string;
  kind: string;
  /** The settings, as stored (parsed JSON; `undefined` when the stored text was not JSON). */
  config: unknown;
}

/** Options of {@link instantiateSource}. */
export interface InstantiateSourceOptions {
  registry: SourceRegistry;
  credentials: CredentialStore;
  fetch: typeof fetch;
}

/**
 * Builds the source of `row`.
 * @throws SightlineError `SOURCE_MISCONFIGURED` naming the source, what is wrong (field paths and
 *   rules, never values) and the command that fixes it.
 */
export function instantiateSource(row: StoredSource, options: InstantiateSourceOptions): Source {
  const fix = `Store it again with \`sightline sources add ${row.kind} --name ${row.name}\`.`;
  const fail = (what: string): never => {
    throw new SightlineError({
      code: 'SOURCE_MISCONFIGURED',
      message: `Source "${row.name}" (${row.kind}): ${what}`,
      details: { sourceId: row.id, kind: row.kind },
    });
  };
  let module: ReturnType<SourceRegistry['get']> | undefined;
  try {
    module = options.registry.get(row.kind);
  } catch (error) {
    fail((error as Error).message);
  }
  if (!module) return fail('no module.');
  if (row.config === undefined) fail(`its stored settings are not JSON. ${fix}`);
  const config = module.configSchema.safeParse(row.config);
  if (!config.success) fail(`its settings are not valid (${describeIssues(config.error)}). ${fix}`);
  let stored: unknown;
  try {
    stored = options.credentials.read(row.id);
  } catch (error) {
    fail((error as Error).message);
  }
  const credentials = module.credentialsSchema.safeParse(stored);
  if (!credentials.success) {
    fail(`its stored credentials are not valid (${describeIssues(credentials.error)}). ${fix}`);
  }
  return module.create({
    id: row.id,
    config: config.data,
    credentials: credentials.data,
    fetch: options.fetch,
  });
}

/**
 * Builds the source of `row` and makes its one authenticated call (`Source.test`).
 * @returns what worked, or what is wrong (its stored settings or credentials included) and what
 *   to do; never a credential.
 */
export async function testStoredSource(
  row: StoredSource,
  options: InstantiateSourceOptions,
): Promise<SourceTestResult> {
  try {
    return await instantiateSource(row, options).test();
  } catch (error) {
    if (!SightlineError.isInstance(error)) throw error;
    return { ok: false, message: error.message };
  }
}

/**
 * A schema's complaints as `path: rule` pairs (a complaint about the whole object, such as "give
 * one of these secrets", as it is); zod's messages name rules, not input values.
 */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) =>
      issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    )
    .join('; ');
}
