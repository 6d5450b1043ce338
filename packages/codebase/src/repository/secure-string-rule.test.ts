/** Fake values are put together from pieces so no file here matches a scanner's rule. */
import { describe, expect, it } from 'vitest';
import { scanSecrets } from './secrets.js';
import { SECURE_STRING_RULE } from './secure-string-rule.js';

const join = (...parts: string[]) => parts.join('');
const secret = join('Fake', 'PsPw', '42');
/** The ranges the rule finds in `text`, as text. */
const found = (text: string) =>
  [...SECURE_STRING_RULE.find(text, 'deploy.ps1')].map(([start, end]) => text.slice(start, end));

describe('SECURE_STRING_RULE', () => {
  it.each([
    `$password = ConvertTo-SecureString "${secret}" -AsPlainText -Force`,
    `$password = ConvertTo-SecureString 'letmein' -AsPlainText -Force`,
    `$password = ConvertTo-SecureString -String "${secret}" -AsPlainText -Force`,
    `$password = ConvertTo-SecureString -AsPlainText -Force -String '${secret}'`,
    `$password = "${secret}" | ConvertTo-SecureString -AsPlainText -Force`,
  ])('finds the password in %j', (line) => {
    expect(found(`Import-Module Az\n${line}\nConnect-AzAccount`)).toEqual([line]);
  });

  it.each([
    ['a variable', '$secure = ConvertTo-SecureString $plain -AsPlainText -Force'],
    ['an expansion', '$secure = ConvertTo-SecureString "$env:DB_PASSWORD" -AsPlainText -Force'],
    [
      'an encrypted string',
      '$secure = ConvertTo-SecureString "01000000d08c9ddf0115d1118c7a00c04fc297eb"',
    ],
    ['a prompt', '$secure = Read-Host -AsSecureString "Password"'],
  ])('finds nothing in %s', (_name, text) => {
    expect(found(text)).toEqual([]);
  });

  it('withholds the line of a script', async () => {
    const script = `param([string]$User)\n$pw = ConvertTo-SecureString "${secret}" -AsPlainText -Force\n$cred = New-Object PSCredential($User, $pw)\n`;
    expect([...(await scanSecrets(script, 'deploy/login.ps1')).lines.keys()]).toEqual([2]);
  });
});
