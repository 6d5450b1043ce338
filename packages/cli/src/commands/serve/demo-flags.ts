/**
 * Which `sightline serve` flags go with `--demo`: the ones about how the service listens and
 * whom it lets in are honoured; the ones the demo cannot honour (it serves its own package,
 * offline, on SQLite, and sends no digest) are refused with a usage error instead of being
 * ignored.
 */
import { SightlineError } from '@sightline/core';
import { parseSourceHosts } from '@sightline/service';
import { isLoopback } from '@sightline/service/internal';
import { refuseDriveFolders } from '../../options/service-location-options.js';
import type { ServeCommandOptions } from './run-serve.js';
import type { ServeDemoOptions } from './serve-demo.js';

/** The `serve` flags as commander gives them, `--repo` optional, with `--demo` and `--once`. */
export type ServeFlags = Omit<ServeCommandOptions, 'repo'> & {
  repo?: string;
  demo?: boolean;
  once?: boolean;
};

/** Least --rate-limit the demo runs with: twice its own API calls in the first minute (1 post, 1 inbox, 1 per group; 6 groups at most). */
const DEMO_LEAST_RATE_LIMIT = 20;

/** Flags the demo refuses, with how each is typed and why it cannot apply. */
const REFUSED: [keyof ServeFlags, string, string][] = [
  ['repo', '--repo', 'it serves the demo package'],
  ['database', '--database', 'it runs on SQLite'],
  ['model', '--model', 'it runs offline'],
  ['models', '--models', 'it runs offline'],
  ['maxCost', '--max-cost', 'it runs offline'],
  ['timeout', '--timeout', 'it runs offline'],
  ['maxDailyCost', '--max-daily-cost', 'it runs offline'],
  ['digest', '--digest', 'it sends no digest'],
  ['digestTimezone', '--digest-timezone', 'it sends no digest'],
  ['digestWebhook', '--digest-webhook', 'it sends no digest'],
  ['digestSmtp', '--digest-smtp', 'it sends no digest'],
  ['digestFrom', '--digest-from', 'it sends no digest'],
  ['digestTo', '--digest-to', 'it sends no digest'],
  ['digestLink', '--digest-link', 'it sends no digest'],
];

/**
 * The demo's options from the `serve --demo` flags: `--port`, `--data`, `--once`, `--host`,
 * `--rate-limit`, `--source-hosts`, `--concurrency` and `--project` are honoured.
 * @param env the environment (`SIGHTLINE_API_TOKEN`).
 * @throws SightlineError `INVALID_ARGUMENT` naming every flag given that the demo cannot honour,
 *   for a host other than loopback with no token (the demo's fresh data folder has none), for
 *   a `--source-hosts` entry `serve` refuses, or for a Windows drive path as `--data` on another
 *   system.
 */
export function demoOptions(flags: ServeFlags, env: NodeJS.ProcessEnv = {}): ServeDemoOptions {
  const refused = REFUSED.filter(([key]) => flags[key] !== undefined);
  if (refused.length > 0) {
    const reasons = [...new Set(refused.map(([, , why]) => why))].join(', ');
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `--demo cannot take ${refused.map(([, flag]) => flag).join(', ')} (${reasons}): drop ${refused.length === 1 ? 'it' : 'them'}, or serve your own repository with --repo DIR.`,
    });
  }
  const { port, data, once, host, rateLimit, sourceHosts, concurrency, project } = flags;
  if (rateLimit !== undefined && rateLimit < DEMO_LEAST_RATE_LIMIT) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `--demo makes about ${DEMO_LEAST_RATE_LIMIT / 2} API calls within its first minute (the reports, the inbox, each group), so --rate-limit ${rateLimit} would refuse its own calls: give --rate-limit ${DEMO_LEAST_RATE_LIMIT} or more, or leave it out.`,
    });
  }
  // Checked as serve checks them, before the demo downloads its package.
  if (sourceHosts !== undefined) parseSourceHosts(sourceHosts);
  refuseDriveFolders({ data });
  if (host !== undefined && !isLoopback(host) && data === undefined && !env.SIGHTLINE_API_TOKEN) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `--demo on ${host} needs an API token, and its fresh data folder has none: set SIGHTLINE_API_TOKEN, or give --data DIR and start the demo once on 127.0.0.1 to create DIR/api-token.`,
    });
  }
  return {
    port,
    once: once === true,
    ...(data !== undefined ? { data } : {}),
    service: {
      concurrency,
      ...(host !== undefined ? { host } : {}),
      ...(rateLimit !== undefined ? { rateLimit } : {}),
      ...(sourceHosts !== undefined ? { sourceHosts } : {}),
      ...(project !== undefined ? { project } : {}),
    },
  };
}
