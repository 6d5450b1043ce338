/**
 * The JSON object of a verified webhook delivery. The providers (GitHub, Sentry) send one; a
 * verified delivery that is not one is refused (the route answers 422 `EVENT_REJECTED`, nothing
 * stored), so the sender's delivery log shows the failure instead of a 202 that stored nothing.
 * So is one nested deeper than intake's `MAX_JSON_DEPTH`, which overflowed the call stack when
 * stored (a 500).
 */
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '@sightline/intake';

/** True for a JSON object (not null, not an array). */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a delivery's body as a JSON object.
 * @param body - the raw body, UTF-8.
 * @param hint - what the sender can do about a body that is not one, a sentence or none.
 * @returns the object, or `rejected`: what the body is (empty, not JSON, JSON cut short, not an object, or nested deeper
 *   than `MAX_JSON_DEPTH` levels), the hint and that nothing was stored (the `rejected` of a
 *   `WebhookResult`).
 */
export function deliveryObject(
  body: Uint8Array,
  hint?: string,
): { object: Record<string, unknown> } | { rejected: string } {
  let value: unknown;
  const text = Buffer.from(body).toString('utf8');
  if (text.trim() === '') return { rejected: refusal('empty', hint) };
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { rejected: refusal(cutShort(error, text) ? CUT_SHORT : 'not JSON', hint) };
  }
  if (jsonNestsDeeperThan(value)) {
    return {
      rejected: refusal(
        `JSON nested deeper than ${MAX_JSON_DEPTH} levels of objects and arrays, which no event needs`,
        hint,
      ),
    };
  }
  if (isObject(value)) return { object: value };
  return {
    rejected: refusal(`a JSON ${Array.isArray(value) ? 'array' : 'value'}, not an object`, hint),
  };
}

const CUT_SHORT =
  'JSON cut short (it ends before its last value closes): redeliver it, and check that nothing between the sender and this service limits the size of a body';

/**
 * Whether JSON.parse failed at the end of its input: the JSON began well and was cut. V8 says so
 * in words ("Unexpected end of JSON input") only for some cuts; for others it names what it
 * expected at a position (`Unterminated string in JSON at position 8`, `Expected ',' or '}' after
 * property value in JSON at position 6`), which is then the end of the text (trial 48).
 */
function cutShort(error: unknown, text: string): boolean {
  if (!(error instanceof SyntaxError)) return false;
  if (/end of (?:JSON )?input/i.test(error.message)) return true;
  const position = error.message.match(/\bat position (\d+)/)?.[1];
  return position !== undefined && Number(position) >= text.trimEnd().length;
}

function refusal(what: string, hint: string | undefined): string {
  return `The delivery's body is ${what}.${hint ? ` ${hint}` : ''} Nothing was stored.`;
}
