/**
 * Names a client gives that the service shows and logs as they are (a source's name, an
 * assignee, a source's settings): a token pasted into one by mistake would be stored and printed
 * in every list and log line that names it (fresh-user trial 30: `source ghp_… (github): poll
 * failed`; trial 34: `--set owner=ghp_…` stored in the settings `sources list` prints). Such a
 * value is refused, saying why, before anything is stored.
 */
import { SightlineError } from '@sightline/core';
import { gateText } from '../adapters/investigator.js';

/**
 * Refuses a name that holds a secret.
 * @param field - the request field, for the message (`name`, `assignee`).
 * @param value - the name; `null` and `undefined` pass.
 * @param credentials - where credentials go instead, for the message. Default the API's
 *   `"secrets"`.
 * @throws SightlineError `INVALID_ARGUMENT` (HTTP 400) naming what the gate found, never the value.
 */
export async function refuseSecretName(
  field: string,
  value: string | null | undefined,
  credentials = '"secrets"',
): Promise<void> {
  if (!value) return;
  const gated = await gateText(value);
  const found = gated.ok ? [...gated.withheld.values()][0] : gated.reason;
  if (found === undefined) return;
  throw new SightlineError({
    code: 'INVALID_ARGUMENT',
    message: `${field}: it looks like a secret (${found}). What is given as ${field} is stored, listed and logged as it is: give a value without the secret, and put credentials in ${credentials}.`,
  });
}

/**
 * Refuses settings any of whose text values holds a secret (a source's settings are stored and
 * listed as given; its secrets go elsewhere).
 * @param settings - the settings object (nested objects and arrays are walked).
 * @param fieldOf - the message's name of a top-level setting (`settings.owner`, `--set owner`).
 * @param credentials - where credentials go instead, for the message.
 * @throws SightlineError `INVALID_ARGUMENT` naming the setting and what the gate found, never the value.
 */
export async function refuseSecretSettings(
  settings: unknown,
  fieldOf: (key: string) => string,
  credentials?: string,
): Promise<void> {
  if (typeof settings !== 'object' || settings === null) return;
  for (const [key, value] of Object.entries(settings)) {
    for (const text of textsOf(value)) await refuseSecretName(fieldOf(key), text, credentials);
  }
}

function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(textsOf);
}
