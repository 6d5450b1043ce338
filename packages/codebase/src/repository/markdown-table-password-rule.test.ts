/** Fake values are put together from pieces so no file here matches a scanner's rule. */
import { describe, expect, it } from 'vitest';
import { MARKDOWN_TABLE_PASSWORD_RULE } from './markdown-table-password-rule.js';
import { scanSecrets } from './secrets.js';

const join = (...parts: string[]) => parts.join('');
/** The ranges the rule finds in `text`, as text. */
const found = (text: string, filePath = 'README.md') =>
  [...MARKDOWN_TABLE_PASSWORD_RULE.find(text, filePath)].map(([start, end]) =>
    text.slice(start, end).trim(),
  );

describe('MARKDOWN_TABLE_PASSWORD_RULE', () => {
  const value = join('s3cr3t', 'Pass');
  const other = join('hunter', '2x!');

  it.each([
    [`| password | ${value} |`, [value]],
    [`| **Password** | \`${value}\` |`, [`\`${value}\``]],
    [`| Admin password: | ${value} |`, [value]],
    [`| DB_PASSWORD | "${value}" | the database's |`, [`"${value}"`]],
    [`| Setting | Value |\n|---|---|\n| host | db |\n| _pwd_ | ${value} |`, [value]],
    [
      `| user | password |\n| --- | :---: |\n| admin | ${value} |\n| bob | ${other} |`,
      [value, other],
    ],
    [`// | password | ${value} |`, [value]],
  ])('finds the password in %j', (text, values) => {
    expect(found(text, text.startsWith('//') ? 'src/app.ts' : 'README.md')).toEqual(values);
  });

  it.each([
    '| `password` | `string` | The password |',
    '| password | yes | The password to log in with |',
    '| Name | Type |\n|---|---|\n| password | Optional[str] |',
    '| password | `********` |',
    '| password | `${DB_PASSWORD}` |',
    '| password_file | /run/secrets/db |',
    '| user | password |\n|---|---|\n| admin | (see the vault) |',
    // The table ended: a later row is not under its column.
    `| user | password |\n|---|---|\n\n| admin | ${value} |`,
  ])('finds nothing in %j', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('reads no table in code', () => {
    expect(found(`x = a | password | ${value} | b`, 'src/app.py')).toEqual([]);
  });

  it('withholds the rows in a scan of a Markdown file', async () => {
    const file = `# Accounts\n\n| user | password |\n|---|---|\n| admin | ${value} |\n| guest | guest |\n`;
    expect([...(await scanSecrets(file, 'docs/accounts.md')).lines.keys()]).toEqual([5]);
  });
});
