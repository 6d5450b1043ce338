import { SightlineError } from '@sightline/core';
import { seededRandom } from '@sightline/core/testing';
import { describe, expect, it } from 'vitest';
import { callModel } from './model-call.js';

/** The message callModel gives for a call that failed with `message`. */
async function failureMessage(message: string): Promise<string> {
  const error = await callModel('m', 'provider/model', () =>
    Promise.reject(new Error(message)),
  ).catch((thrown: unknown) => thrown);
  if (!SightlineError.isInstance(error)) throw new Error('callModel did not fail');
  return error.message;
}

const CHECK =
  '. Check the API key, the network or server URL, and that the model id exists for this provider.';

describe('callModel failures', () => {
  it('quote the failure without its closing dots and spaces, as the pattern did', async () => {
    expect(await failureMessage('Bad gateway. \n')).toBe(
      `The call to model m failed: Bad gateway${CHECK}`,
    );
    const parts = ['.', ' ', '\n', '\u00a0', '\u2028', 'a', 'é', '..'];
    const random = seededRandom(5);
    for (let count = 0; count < 2_000; count++) {
      const length = 1 + Math.floor(random() * 10);
      const message = Array.from({ length }, () => parts[Math.floor(random() * parts.length)]).join(
        '',
      );
      const reason = message.replace(/[.\s]+$/, '');
      expect(await failureMessage(message)).toBe(`The call to model m failed: ${reason}${CHECK}`);
    }
  });

  it('quotes a mebibyte of dots and spaces in one pass', async () => {
    const message = `refused${'. '.repeat(2 ** 19)}x`;
    expect(await failureMessage(message)).toBe(`The call to model m failed: ${message}${CHECK}`);
  });

  it('quotes the server’s words only as the secret gate lets them out (a key it echoed)', async () => {
    // Fresh-user trial 30: a server that echoed the Authorization header showed the key in full.
    const key = ['sk-proj-', 'AbCdEfGhIjKlMnOpQrStUvWxYz', '0123456789abcdEFGH'].join('');
    const message = await failureMessage(`auth was Bearer ${key}`);
    expect(message).toBe(
      `The call to model m failed: auth was [withheld: looks like a secret (a bearer token)] [withheld: looks like a secret (an OpenAI key)]${CHECK}`,
    );
  });
});
