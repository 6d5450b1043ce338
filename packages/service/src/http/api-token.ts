/**
 * The API token: made on first start in the data folder (file `api-token`, mode 0600), or given by
 * `SIGHTLINE_API_TOKEN`. A service bound beyond loopback never makes one silently. A token kept
 * in the data folder can be rotated while the service runs (the old one stops working at once).
 */

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { makeFolders } from '@sightline/codebase';
import { SightlineError } from '@sightline/core';

/** The token file's name in the data folder. */
export const TOKEN_FILE = 'api-token';

/** True for addresses only this machine can reach. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/**
 * The API token to use, and whether it was created now (print it once, then).
 * @throws SightlineError `INVALID_ARGUMENT` when `host` is not loopback and no token exists yet.
 */
export function ensureApiToken(
  dataDir: string,
  host: string,
  env: NodeJS.ProcessEnv = process.env,
): { token: string; created: boolean; file: string } {
  const file = path.join(dataDir, TOKEN_FILE);
  if (env.SIGHTLINE_API_TOKEN) return { token: env.SIGHTLINE_API_TOKEN, created: false, file };
  if (fs.existsSync(file)) {
    const token = fs.readFileSync(file, 'utf8').trim();
    if (token) return { token, created: false, file };
  }
  if (!isLoopback(host)) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `Refusing to listen on ${host} without an API token. Start once on 127.0.0.1 to create ${file}, or set SIGHTLINE_API_TOKEN.`,
    });
  }
  makeFolders(dataDir, 0o700);
  const token = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, `${token}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return { token, created: true, file };
}

/** The API tokens a running service accepts, and rotation of the one it keeps in its file. */
export interface ApiTokens {
  /** The tokens accepted now. */
  current(): readonly string[];
  /**
   * Replaces the token with a new random one (written to its file first), so the old one is
   * refused from now on. @returns the new token.
   * @throws SightlineError `INVALID_ARGUMENT` when the token comes from the environment.
   */
  rotate(): string;
}

/**
 * The tokens of `ensureApiToken`'s answer: the file's token rotates, a token from
 * `SIGHTLINE_API_TOKEN` does not (the environment is the operator's to change).
 */
export function createApiTokens(
  initial: { token: string; file: string },
  env: NodeJS.ProcessEnv = process.env,
): ApiTokens {
  let token = initial.token;
  return {
    current: () => [token],
    rotate() {
      if (env.SIGHTLINE_API_TOKEN) {
        throw new SightlineError({
          code: 'INVALID_ARGUMENT',
          message:
            'The API token comes from SIGHTLINE_API_TOKEN: change it there and restart the service.',
        });
      }
      const next = randomBytes(24).toString('base64url');
      fs.writeFileSync(initial.file, `${next}\n`, { mode: 0o600 });
      fs.chmodSync(initial.file, 0o600);
      token = next;
      return next;
    },
  };
}
