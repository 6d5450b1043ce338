/** Fake values are put together from pieces so no file here matches a scanner's rule. */
import { describe, expect, it } from 'vitest';
import { PROGRAM_PASSWORD_OPTION_RULE } from './program-password-option-rule.js';
import { scanSecrets } from './secrets.js';

const join = (...parts: string[]) => parts.join('');
const secret = join('Fake', 'ToolPw', '42');
/** The ranges the rule finds in `text`, as text. */
const found = (text: string) =>
  [...PROGRAM_PASSWORD_OPTION_RULE.find(text, 'ops.sh')].map(([start, end]) =>
    text.slice(start, end),
  );

describe('PROGRAM_PASSWORD_OPTION_RULE', () => {
  it.each([
    [`ldapsearch -x -D cn=admin,dc=example -w ${secret} -b dc=example`, `-w ${secret}`],
    [`ldapmodify -D cn=admin -w '${secret}' -f change.ldif`, `-w '${secret}'`],
    [`mosquitto_pub -h 127.0.0.1 -u app -P ${secret} -t t -m hi`, `-P ${secret}`],
    [`zip -r -P ${secret} backup.zip data/`, `-P ${secret}`],
    [`unzip -P "${secret}" backup.zip`, `-P "${secret}"`],
    [`7z a -p${secret} -mhe=on backup.7z data`, `-p${secret}`],
    [`psexec \\\\host -u admin -p ${secret} cmd`, `-p ${secret}`],
    [`cqlsh 127.0.0.1 -u cassandra -p ${secret}`, `-p ${secret}`],
    [`influx -username admin -password ${secret} -execute 'SHOW DATABASES'`, `-password ${secret}`],
    [`xfreerdp /v:host /u:admin /p:${secret}`, `/p:${secret}`],
    [`rabbitmqctl add_user app ${secret}`, `add_user app ${secret}`],
    [`rabbitmqctl change_password app 'letmein'`, "change_password app 'letmein'"],
  ])('finds the password in %j', (text, range) => {
    expect(found(text)).toEqual([range]);
  });

  it.each([
    ['prompts', 'ldapsearch -x -D cn=admin -W -b dc=example; mosquitto_sub -t t -u app'],
    ['variables', 'zip -P "$ZIP_PASSWORD" a.zip f; 7z a -p$PW a.7z f; psexec -p %PW% cmd'],
    ['other options', 'zip -r out.zip src; unzip -p a.zip file; 7z x a.7z -o/tmp/out'],
    ['a library call', 'const pairs = _.zip(keys, values); influx.query(q)'],
    ['a help text', 'ldapsearch -w <password>  bind with a password; 7z a -p[password]'],
  ])('finds nothing in %s', (_name, text) => {
    expect(found(text)).toEqual([]);
  });

  it('withholds the line of a script', async () => {
    const script = `#!/bin/sh\nset -e\nzip -r -P ${secret} /backups/db.zip /var/lib/db\necho done\n`;
    expect([...(await scanSecrets(script, 'scripts/backup.sh')).lines.keys()]).toEqual([3]);
  });
});
