/** Fake values are put together from pieces so no file here matches a scanner's rule. */
import { describe, expect, it } from 'vitest';
import { isChosenSecret, isPasswordWord } from './chosen-secret.js';

const join = (...parts: string[]) => parts.join('');

describe('isChosenSecret', () => {
  it.each([
    [join('let', 'me', 'in'), 'password'],
    [join('ad', 'min'), 'user_Password'],
    [join('48', '27'), 'pwd'],
    [join('correct-horse', '-battery'), 'passphrase'],
    [join('super', 'secret'), 'client_secret'],
  ])('takes %j compared with %j', (value, word) => {
    expect(isChosenSecret(value, word)).toBe(true);
  });

  it.each([
    ['', 'password'],
    ['abc', 'password'],
    ['object', 'password'],
    ['prompt', 'password'],
    ['invalid', 'password'],
    ['tooShort', 'password'],
    ['Mismatch', 'password'],
    ['changeme', 'password'],
    ['********', 'password'],
    ['string', 'secret'],
    ['kvs', 'secret'],
    [join('let', 'me', 'in'), 'token'],
    [join('let', 'me', 'in'), 'auth'],
    [join('let', 'me', 'in'), 'api_key'],
    [join('let', 'me', 'in'), 'pass'],
  ])('leaves %j compared with %j', (value, word) => {
    expect(isChosenSecret(value, word)).toBe(false);
  });

  it('tells a password word from others', () => {
    expect(
      ['password', 'db_PASSWORD', 'passwd', 'pass_phrase', 'pswd'].map(isPasswordWord),
    ).toEqual([true, true, true, true, true]);
    expect(['token', 'pass', 'password_hint'].map(isPasswordWord)).toEqual([false, false, false]);
  });
});
