/**
 * Names a client gives that the service shows and logs as they are (a source's name, an
 * assignee): a token pasted into one by mistake would be stored and printed in every list and log
 * line that names it (fresh-user trial 30: `source ghp_… (github): poll failed`). Such a name is
 * refused, saying why, before anything is stored.
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
    message: `${field}: it looks like a secret (${found}), and the ${field} is shown in lists and logs as given. Give one without it; put credentials in ${credentials}.`,
  });
}
