/** Fake values are put together from pieces so no file here matches a scanner's rule. */
import { describe, expect, it } from 'vitest';
import { isFieldSpecification, looksLikePassword } from './password-value.js';
import { scanSecrets } from './secrets.js';

const join = (...parts: string[]) => parts.join('');

describe('isFieldSpecification', () => {
  it.each([
    'required|min:8',
    'nullable|string|confirmed|max:255',
    'min:12',
    '#password',
    '.login-password',
    'input[type=password]',
    'input[name="password"]',
    'form#login>input.password',
    '^(?=.*[A-Z])(?=.*\\d).{8,}$',
    '/^\\S{8,}$/u',
  ])('holds for %j', (value) => {
    expect(isFieldSpecification(value)).toBe(true);
    expect(looksLikePassword(value)).toBe(false);
  });

  it.each([
    join('Hunter', '2!x9'),
    join('pass', '#word'),
    join('#Pass', 'w0rd'),
    join('^Fake', 'Pw42$'),
    join('admin', '|s3cret'),
  ])('does not hold for the password %j', (value) => {
    expect(isFieldSpecification(value)).toBe(false);
    expect(looksLikePassword(value)).toBe(true);
  });
});

describe('a field specification given to a secret-named name', () => {
  it('withholds no line of a form and its rules (over-withheld before)', async () => {
    const code = [
      "export const rules = { password: 'required|min:8|confirmed' };",
      "export const selectors = { password: 'input[type=password]', passwordField: '#password' };",
      "const PASSWORD_REGEX = '^(?=.*[A-Z])(?=.*\\\\d).{8,}$';",
      "const passwordPattern = '^[A-Za-z0-9!@#]{12,}$';",
      "await page.fill('#password', user.password);",
      '',
    ].join('\n');
    expect([...(await scanSecrets(code, 'src/login.ts')).lines.keys()]).toEqual([]);
  });
});
