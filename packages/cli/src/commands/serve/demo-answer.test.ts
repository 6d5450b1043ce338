import { SightlineError } from '@sightline/core';
import { describe, expect, it } from 'vitest';
import { demoAnswer } from './demo-answer.js';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('demoAnswer', () => {
  it('gives the JSON of an answer the service accepted', async () => {
    expect(await demoAnswer(json(200, { groups: [] }))).toEqual({ groups: [] });
  });

  it('turns a 429 from a small --rate-limit into a usage error that says what to give', async () => {
    // The demo read detail.diagnoses[0] of the 429 body and crashed with a stack trace.
    const error = await demoAnswer(
      json(429, { error: { code: 'RATE_LIMITED', message: 'Too many requests' } }),
    ).catch((thrown: unknown) => thrown);
    expect(SightlineError.isInstance(error) && error.code).toBe('INVALID_ARGUMENT');
    expect((error as Error).message).toMatch(/--rate-limit 20 or more/);
  });

  it('names any other refusal, whatever its body', async () => {
    const error = await demoAnswer(new Response('oops', { status: 500 })).catch(
      (thrown: unknown) => thrown,
    );
    expect((error as Error).message).toMatch(/was refused: 500/);
  });
});
