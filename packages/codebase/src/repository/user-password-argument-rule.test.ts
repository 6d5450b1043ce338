/** Fake values are put together from pieces so no file here matches a scanner's rule. */
import { describe, expect, it } from 'vitest';
import { scanSecrets } from './secrets.js';
import { USER_PASSWORD_ARGUMENT_RULE } from './user-password-argument-rule.js';

const join = (...parts: string[]) => parts.join('');
const secret = join('Fake', 'LoginPw', '42');
/** The ranges the rule finds in `text`, as text. */
const found = (text: string) =>
  [...USER_PASSWORD_ARGUMENT_RULE.find(text, 'deploy.sh')].map(([start, end]) =>
    text.slice(start, end),
  );

describe('USER_PASSWORD_ARGUMENT_RULE', () => {
  it.each([
    [`smbclient //files/share -U admin%${secret} -c ls`, `-U admin%${secret}`],
    [`smbclient //files/share -Uadmin%letmein`, '-Uadmin%letmein'],
    [`rpcclient --user=CORP\\\\admin%${secret} dc1`, `--user=CORP\\\\admin%${secret}`],
    [`lftp -u admin,${secret} sftp://files.example.com`, `-u admin,${secret}`],
    [`lftp -c "open -u admin,letmein ftp://example.com; mirror"`, '-u admin,letmein'],
    [`htpasswd -b -c .htpasswd admin ${secret}`, `htpasswd -b -c .htpasswd admin ${secret}`],
    [`htpasswd -cbB -C 12 /etc/nginx/.htpasswd ops ${secret}`, `ops ${secret}`],
    [`htpasswd -nb admin letmein > .htpasswd`, 'htpasswd -nb admin letmein'],
  ])('finds the password in %j', (text, range) => {
    expect(found(text)).toEqual([expect.stringMatching(`${range.replace(/[\\$]/g, '\\$&')}$`)]);
  });

  it.each([
    ['a user alone', 'smbclient //files/share -U admin; lftp -u admin sftp://example.com'],
    [
      'variables',
      'smbclient //f/s -U "admin%$SMB_PASSWORD"; lftp -u "admin,$PW" ftp://example.com',
    ],
    ['htpasswd prompting', 'htpasswd -c .htpasswd admin\nhtpasswd -B -C 10 .htpasswd ops'],
    ['htpasswd without its password', 'htpasswd -b .htpasswd admin'],
  ])('finds nothing in %s', (_name, text) => {
    expect(found(text)).toEqual([]);
  });

  it('withholds the line of a script', async () => {
    const script = `#!/bin/sh\nset -e\nsmbclient //files/backup -U backup%${secret} -c 'put db.gz'\necho done\n`;
    expect([...(await scanSecrets(script, 'scripts/backup.sh')).lines.keys()]).toEqual([3]);
  });
});
