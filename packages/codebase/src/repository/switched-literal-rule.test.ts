/** Fake values are put together from pieces so no file here matches a scanner's rule. */
import { describe, expect, it } from 'vitest';
import { scanSecrets } from './secrets.js';
import { SWITCHED_LITERAL_RULE } from './switched-literal-rule.js';

const join = (...parts: string[]) => parts.join('');
/** The ranges the rule finds in `text`, as text. */
const found = (text: string) =>
  [...SWITCHED_LITERAL_RULE.find(text, 'src/app.ts')].map(([start, end]) => text.slice(start, end));

describe('SWITCHED_LITERAL_RULE', () => {
  const value = join('s3cr3t', 'value');
  const digits = join('abc', '12345');

  it.each([
    [
      `switch (password) {\n  case "${value}":\n    return true;\n  case "":\n    return false;\n}`,
      [`case "${value}"`],
    ],
    [
      `switch user.Password {\ncase "${value}", "${digits}":\n\treturn true\ndefault:\n\treturn false\n}`,
      [`case "${value}", "${digits}"`],
    ],
    [
      `switch (this.getApiToken())\n{\n    case '${value}':\n        break;\n}`,
      [`case '${value}'`],
    ],
    [
      `match password:\n    case "${value}" | "${digits}":\n        ok()`,
      [`case "${value}" | "${digits}"`],
    ],
    [`case password\nwhen "${value}" then true\nelse false\nend`, [`when "${value}"`]],
    // A word of letters a person chose for a password; a mode of getting one stays shown.
    [
      `switch (password) {\n  case "${join('let', 'me', 'in')}":\n    return true;\n  case "prompt":\n    break;\n}`,
      [`case "${join('let', 'me', 'in')}"`],
    ],
    [`case params[:password]\nwhen "${value}" then true\nend`, [`when "${value}"`]],
    [`match password.as_str() {\n    "${value}" => true,\n    _ => false,\n}`, [`"${value}"`]],
    [`when (secret) {\n    "${value}" -> true\n    else -> false\n}`, [`"${value}"`]],
    [
      `switch (token) {\n  case "=>":\n    break;\n  case "${value}":\n    break;\n}`,
      [`case "${value}"`],
    ],
    [
      `switch (password) {\n  case "${join('hunter', '2')}":\n    break;\n}`,
      [`case "${join('hunter', '2')}"`],
    ],
    [
      `switch (password) {\n  case "${join('hunter', '2')}":\n    break;\n}`,
      [`case "${join('hunter', '2')}"`],
    ],
  ])('finds the labels in %j', (text, ranges) => {
    expect(found(text)).toEqual(ranges);
  });

  it.each([
    `switch (kind) {\n  case "${value}":\n    break;\n}`,
    'switch (password) {\n  case "":\n    return false;\n}',
    'switch (token) {\n  case "=>":\n  case "function":\n    break;\n}',
    'switch (password) {\n  case "********":\n    break;\n}',
    // A lexer's type names, an auth scheme: identifiers, not secrets (JavaScript, Python, Go).
    'switch (token) {\n  case "float64":\n  case "base64":\n  case "uint256":\n    break;\n}',
    'match token:\n    case "float64":\n        pass',
    'switch token {\ncase "uint16", "float32":\n\treturn 1\n}',
    'switch (auth) {\n  case "oauth2":\n    break;\n}',
    // After the switch's end, and a nested switch on another name.
    `switch (password) {\n  case "":\n    break;\n}\nswitch (mode) {\n  case "${value}":\n    break;\n}`,
    `switch (password) {\n  case "":\n    switch (mode) {\n      case "${value}":\n        break;\n    }\n}`,
    // A C label on a secret-named constant is no switch.
    `switch (kind) {\n  case TOKEN:\n    if (x) {\n      "${value}" -> y;\n    }\n}`,
  ])('finds nothing in %j', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('withholds the label line in a scan of a TypeScript file', async () => {
    const file = `export function isAdmin(password: string) {\n  switch (password) {\n    case "${value}":\n      return true;\n    default:\n      return false;\n  }\n}\n`;
    expect([...(await scanSecrets(file, 'src/admin.ts')).lines.keys()]).toEqual([3]);
  });
});
