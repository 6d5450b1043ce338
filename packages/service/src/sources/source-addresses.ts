/**
 * Which addresses a source added over the API may call. A source's address-valued settings and
 * secrets (its `baseUrl`, Google Play's `token_uri`: fields whose schema is a URL) decide where
 * the service sends the source's stored secret, so an API token holder must not choose them
 * freely: over the API such a value is accepted when it keeps the field's default origin (the
 * provider's own API) or names a host the operator allowed at start (`serve --source-hosts`,
 * `ServiceOptions.sourceHosts`). Sources the operator stores on the server (`sightline sources
 * add`) are not checked here. Same idea as the models an API caller may name (`ModelChoice`): the
 * operator configures, the caller chooses among what was configured.
 */
import { SightlineError } from '@sightline/core';
import { type SourceField, sourceFields } from './source-kinds.js';
import type { SourceModule } from './types.js';

/** A host as compared: lower case, an IPv6 address without its brackets. */
function normalHost(host: string): string {
  return host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

/**
 * `host:port` as compared, an IPv6 address in brackets (`[::1]:8080`): unbracketed, `::1:8080`
 * would also read as the address `::1:8080` (any port), and the address `::` at port 1 as `::1`.
 */
function hostWithPort(host: string, port: string | number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/**
 * Reads the operator's list of hosts: `host` (any port) or `host:port`, separated by commas
 * (`ghe.acme.com,127.0.0.1:9000`, `[::1]:8080`).
 * @returns the entries, normalized (lower case; an IPv6 address without brackets, in brackets
 *   before a port: `[::1]:8080`).
 * @throws SightlineError `INVALID_ARGUMENT` for an entry that is a URL or has a path.
 */
export function parseSourceHosts(list: string | readonly string[]): string[] {
  const entries = typeof list === 'string' ? list.split(',') : [...list];
  return entries
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const match =
        /^\[([0-9a-f:.]+)\](?::(\d{1,5}))?$/i.exec(entry) ??
        /^([0-9a-f]*:[0-9a-f:.]*:[0-9a-f:.]*)()$/i.exec(entry) ??
        /^([a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(entry);
      if (!match?.[1]) {
        throw new SightlineError({
          code: 'INVALID_ARGUMENT',
          message: `--source-hosts takes host names, or host:port, separated by commas (e.g. ghe.acme.com,127.0.0.1:9000); "${entry}" is not one (no scheme, no path).`,
        });
      }
      const host = normalHost(match[1]);
      return match[2] ? hostWithPort(host, Number(match[2])) : host;
    });
}

/** True when `url` names one of `hosts` (a bare host allows any port of it). */
function allowedHost(url: URL, hosts: readonly string[]): boolean {
  const host = normalHost(url.hostname);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return hosts.includes(host) || hosts.includes(hostWithPort(host, port));
}

/** The origin of `value`, or undefined when it is not a URL. */
function originOf(value: unknown): string | undefined {
  try {
    return new URL(String(value)).origin;
  } catch {
    return undefined;
  }
}

/** Why `value` of `field` may not be given over the API; undefined when it may. */
function refusal(field: SourceField, value: unknown, hosts: readonly string[]): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    return undefined; // not a URL: the module's schema refuses it with its own message
  }
  const protocolOk = url.protocol === 'https:' || url.protocol === 'http:';
  if (protocolOk && field.default !== undefined && url.origin === originOf(field.default)) {
    return undefined;
  }
  if (protocolOk && allowedHost(url, hosts)) return undefined;
  return url.host || url.protocol;
}

/**
 * Refuses address-valued settings and secrets the operator did not allow.
 * @param module - the source's module (its schemas say which fields are addresses).
 * @param given - the settings and secrets as the API request sent them.
 * @param hosts - the operator's allowed hosts ({@link parseSourceHosts}); empty: only defaults.
 * @throws SightlineError `INVALID_ARGUMENT` naming each refused field and its host (never a
 *   secret's value), and what to do.
 */
export function checkSourceAddresses(
  module: Pick<SourceModule<unknown, unknown>, 'kind' | 'configSchema' | 'credentialsSchema'>,
  given: { settings: Record<string, unknown>; secrets: Record<string, unknown> },
  hosts: readonly string[],
): void {
  const refused = [
    ...sourceFields(module.configSchema).map((field) => ({ field, part: 'settings' as const })),
    ...sourceFields(module.credentialsSchema).map((field) => ({ field, part: 'secrets' as const })),
  ].flatMap(({ field, part }) => {
    if (!field.address) return [];
    const host = refusal(field, given[part][field.name], hosts);
    return host === undefined ? [] : [`${part}.${field.name} (${host})`];
  });
  if (refused.length === 0) return;
  const allowed = hosts.length ? `it allows ${hosts.join(', ')}` : 'it allows none';
  throw new SightlineError({
    code: 'INVALID_ARGUMENT',
    message: `${refused.join(', ')}: ${module.kind} sources added over the API only call the provider's own address or a host the operator allowed when starting the service (${allowed}). Leave the field out to use the provider's address, ask the operator to start \`sightline serve\` with --source-hosts naming this host, or add the source on the server with \`sightline sources add ${module.kind}\`.`,
  });
}
