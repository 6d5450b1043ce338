import { MAX_JSON_DEPTH } from '@sightline/intake';
import { describe, expect, it } from 'vitest';
import { deliveryObject } from './webhook-json.js';

const body = (text: string) => new TextEncoder().encode(text);

describe('deliveryObject', () => {
  it('reads a JSON object, and refuses other JSON saying what it is', () => {
    expect(deliveryObject(body('{"action":"created"}'))).toEqual({
      object: { action: 'created' },
    });
    expect(deliveryObject(body('[1]'), 'Send an event.')).toEqual({
      rejected:
        "The delivery's body is a JSON array, not an object. Send an event. Nothing was stored.",
    });
  });

  it(`refuses a body nested deeper than ${MAX_JSON_DEPTH} levels, not overflowing the stack later`, () => {
    // Found by fresh-user trial 17: a report nested 100,000 levels deep answered 500 when stored.
    const deep = `{"data":{"event":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}}`;
    expect(deliveryObject(body(deep))).toEqual({
      rejected: `The delivery's body is JSON nested deeper than ${MAX_JSON_DEPTH} levels of objects and arrays, which no event needs. Nothing was stored.`,
    });
  });

  it('says JSON cut anywhere is cut short, and an empty body is empty (trial 48)', () => {
    const refused = (text: string) => {
      const result = deliveryObject(body(text));
      return 'rejected' in result ? result.rejected : 'stored';
    };
    for (const cut of ['{"action":"crea', '{"action":"created",', '{"a":1', '{"a":[1,2', '{"a":tr'])
      expect(refused(cut)).toMatch(/^The delivery's body is JSON cut short/);
    expect(refused('{"a":1}x')).toMatch(/^The delivery's body is not JSON\./);
    expect(refused('  \n')).toBe("The delivery's body is empty. Nothing was stored.");
  });
});
