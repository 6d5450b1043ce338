/**
 * Source credentials: one JSON file per source in `<data>/credentials/` (folder 0700, files 0600),
 * or the environment variable `SIGHTLINE_SOURCE_<ID>_CREDENTIALS` (JSON), which wins. They are
 * never stored in the database, returned by the API or logged.
 */

import fs from 'node:fs';
import path from 'node:path';
import { makeFolders } from '@sightline/codebase';
import { SightlineError } from '@sightline/core';

/** The environment variable that holds a source's credentials (JSON). */
export function credentialsVariable(sourceId: string): string {
  return `SIGHTLINE_SOURCE_${sourceId.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_CREDENTIALS`;
}

/** Where a source's credentials are read from. */
export type CredentialOrigin =
  | { kind: 'environment'; variable: string }
  | { kind: 'file'; file: string }
  | { kind: 'none' };

/** Reads and writes source credentials under a data folder. */
export function createCredentialStore(dataDir: string, env: NodeJS.ProcessEnv = process.env) {
  const dir = path.join(dataDir, 'credentials');
  const fileOf = (sourceId: string) =>
    path.join(dir, `${sourceId.replace(/[^A-Za-z0-9_-]/g, '_')}.json`);
  return {
    /**
     * The credentials of a source; `{}` when it has none.
     * @throws SightlineError `INVALID_ARGUMENT` when the file or variable is not JSON.
     */
    read(sourceId: string): unknown {
      const variable = credentialsVariable(sourceId);
      const fromEnv = env[variable];
      const [text, where] = fromEnv
        ? [fromEnv, `$${variable}`]
        : [readIfExists(fileOf(sourceId)), fileOf(sourceId)];
      if (text === undefined) return {};
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new SightlineError({
          code: 'INVALID_ARGUMENT',
          message: `The credentials in ${where} are not JSON. Write them again with \`sightline sources add\`.`,
        });
      }
    },
    /** Where a source's credentials come from, without reading them: a variable, a file, or none. */
    origin(sourceId: string): CredentialOrigin {
      const variable = credentialsVariable(sourceId);
      if (env[variable]) return { kind: 'environment', variable };
      const file = fileOf(sourceId);
      return fs.existsSync(file) ? { kind: 'file', file } : { kind: 'none' };
    },
    /** Deletes a source's credentials file (a variable in the environment stays the operator's). */
    remove(sourceId: string): void {
      fs.rmSync(fileOf(sourceId), { force: true });
    },
    /** Writes a source's credentials, readable by the owner only. */
    write(sourceId: string, credentials: unknown): void {
      makeFolders(dir, 0o700);
      const file = fileOf(sourceId);
      fs.writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
      fs.chmodSync(file, 0o600);
    },
  };
}

export type CredentialStore = ReturnType<typeof createCredentialStore>;

function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
