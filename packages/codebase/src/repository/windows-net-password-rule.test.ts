/** Fake values are put together from pieces so no file here matches a scanner's rule. */
import { describe, expect, it } from 'vitest';
import { scanSecrets } from './secrets.js';
import { WINDOWS_NET_PASSWORD_RULE } from './windows-net-password-rule.js';

const join = (...parts: string[]) => parts.join('');
/** The ranges the rule finds in `text`, as text. */
const found = (text: string) =>
  [...WINDOWS_NET_PASSWORD_RULE.find(text, 'deploy/map.cmd')].map(([start, end]) =>
    text.slice(start, end),
  );

describe('WINDOWS_NET_PASSWORD_RULE', () => {
  const value = join('s3cr3t', 'Pw1');
  const share = String.raw`\\files\share`;

  it.each([
    [`net use ${share} ${value} /user:bob`, `net use ${share} ${value}`],
    [
      String.raw`net use Z: ${share} /user:CORP\bob ${value} /persistent:no`,
      String.raw`net use Z: ${share} /user:CORP\bob ${value}`,
    ],
    [`NET USE ${share} "${join('s3cr3t', ' pw')}" /USER:bob`, `NET USE ${share} "s3cr3t pw"`],
    [
      `net.exe use * https://dav.example.com/x ${value}`,
      `net.exe use * https://dav.example.com/x ${value}`,
    ],
    [`net user bob ${value} /add`, `net user bob ${value}`],
    [`net user /add bob ${value}`, `net user /add bob ${value}`],
    [`cmdkey /add:files /user:bob /pass:${value}`, `/pass:${value}`],
    [`schtasks /create /tn backup /ru bob /rp ${value}`, `/rp ${value}`],
    // In a string of code: its backslashes escaped.
    [
      `exec("net use \\\\\\\\files\\\\share ${value} /user:bob")`,
      `net use \\\\\\\\files\\\\share ${value}`,
    ],
  ])('finds the password in %j', (text, range) => {
    expect(found(text)).toEqual([range]);
  });

  it.each([
    `net use Z: ${share} * /user:bob`,
    `net use Z: ${share} /user:bob`,
    'net use * /delete',
    'net user bob /delete',
    'net user administrator /active:yes',
    'net user %USER% %PASSWORD% /add',
    'net user bob * /add',
    `net use ${share} "" /user:""`,
    'net use %DRIVE% %SHARE% %PW% /user:bob',
    'net user $name $password /add',
    'The net user count grew by 5% this quarter.',
    'net use is common; net user accounts are listed',
    'schtasks /create /tn x /ru SYSTEM /rp *',
    'cmdkey /list',
  ])('finds nothing in %j', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('withholds the lines in a scan of a batch file', async () => {
    const file = `@echo off\r\nnet use Z: ${share} ${value} /user:bob\r\nnet user svc ${value} /add\r\ncopy build Z:\\\r\n`;
    expect([...(await scanSecrets(file, 'deploy/map.cmd')).lines.keys()]).toEqual([2, 3]);
  });
});
