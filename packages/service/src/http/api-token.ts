/**
 * The API token: made on first start in the data folder (file `api-token`, mode 0600), or given by
 * `SIGHTLINE_API_TOKEN`. A service bound beyond loopback never makes one silently.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
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
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const token = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, `${token}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return { token, created: true, file };
}
