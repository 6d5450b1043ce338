/** Fake values are put together from pieces so no file here matches a scanner's rule. */
import { describe, expect, it } from 'vitest';
import { COMPARED_LITERAL_RULE } from './compared-literal-rule.js';
import { scanSecrets } from './secrets.js';

const join = (...parts: string[]) => parts.join('');
/** The ranges the rule finds in `text`, as text. */
const found = (text: string) =>
  [...COMPARED_LITERAL_RULE.find(text, 'src/app.ts')].map(([start, end]) => text.slice(start, end));

describe('COMPARED_LITERAL_RULE', () => {
  const value = join('s3cr3t', 'value');
  const digits = join('abc', '12345');

  it.each([
    [`if (password === "${value}") {`, `password === "${value}"`],
    [`if password == '${digits}':`, `password == '${digits}'`],
    [`if (apiToken !== "${value}") return;`, `apiToken !== "${value}"`],
    [`if token != "${value}":`, `token != "${value}"`],
    [`if ($this->password === '${value}')`, `$this->password === '${value}'`],
    [`WHERE pwd <> '${value}'`, `pwd <> '${value}'`],
    [`if ("${value}" == user.password) {`, `"${value}" == user.password`],
    [`if (user.password.equals("${value}")) {`, `user.password.equals("${value}")`],
    [`if (secret.equalsIgnoreCase("${value}"))`, `secret.equalsIgnoreCase("${value}")`],
    [`if ("${value}".equals(this.password)) {`, `"${value}".equals(this.password`],
    [`if (strcmp(passwd, "${value}") == 0)`, `strcmp(passwd, "${value}"`],
    [`hmac.compare_digest(token, "${value}")`, `compare_digest(token, "${value}"`],
    [`assertEquals("${value}", password);`, `assertEquals("${value}", password`],
  ])('finds the literal in %j', (text, range) => {
    expect(found(text)).toEqual([range]);
  });

  it.each([
    'if (token === "=>") {',
    'if (token == "function") {',
    'if (lastToken === "?NonExpressionParenKeyword") {',
    "tokens.filter((token) => token === 't:build')",
    'if (token.type === "identifier") {',
    'if (password === "") {',
    'if (password === undefined) {',
    'if (password.length === 8) {',
    `if (passwordInput === "${value}") {`,
    'if (auth === "basic") {',
    `if (tokenizer === "${value}") {`,
    `if (token_url === "${value}") {`,
    `if (user === "${value}") {`,
    'if (password == "********") {',
    'if (token === "${TOKEN}") {',
    `if (password.trim() === "${value}") {`,
  ])('finds nothing in %j', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('withholds the line in a scan of a Python file', async () => {
    const file = `def check(token):\n    if token != "${value}":\n        raise PermissionError()\n`;
    expect([...(await scanSecrets(file, 'src/auth.py')).lines.keys()]).toEqual([2]);
  });
});
