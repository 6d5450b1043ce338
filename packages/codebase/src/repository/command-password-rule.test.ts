/** Fake values are put together from pieces so no file here matches a scanner's rule. */
import { describe, expect, it } from 'vitest';
import { COMMAND_PASSWORD_RULE } from './command-password-rule.js';
import { scanSecrets } from './secrets.js';

const join = (...parts: string[]) => parts.join('');
const secret = join('Ssh', 'Passw0rd');
/** The ranges the rule finds in `text`, as text. */
const found = (text: string) =>
  [...COMMAND_PASSWORD_RULE.find(text, 'deploy.sh')].map(([start, end]) => text.slice(start, end));

describe('COMMAND_PASSWORD_RULE', () => {
  it.each([
    // Fresh-user trial 43: shown by read_file and grep.
    [`sshpass -p '${secret}' ssh deploy@host`, `-p '${secret}'`],
    [`sshpass -p${secret} scp a host:b`, `-p${secret}`],
    [`sshpass -v -p "${secret}" ssh -p 2222 host`, `-p "${secret}"`],
    [`docker login -u ci -p ${secret} registry.example.com`, `-p ${secret}`],
    [`podman login --password=${secret} quay.io`, `--password=${secret}`],
    [`redis-cli -h cache -a ${secret} ping`, `-a ${secret}`],
    [`mongosh --username admin --password ${secret} db`, `--password ${secret}`],
    [`sqlcmd -S db -U sa -P${secret} -Q "select 1"`, `-P${secret}`],
    [`./deploy --db-password ${secret} --host x`, `--db-password ${secret}`],
    [`keytool -list --store-pass=${secret}`, `--store-pass=${secret}`],
    [`export SSHPASS='${secret}'`, `SSHPASS='${secret}'`],
    [`REDISCLI_AUTH=${secret} redis-cli ping`, `REDISCLI_AUTH=${secret}`],
    [`az login -u ops@example.com -p ${secret}`, `-p ${secret}`],
    [`az acr login --name registry -u ci -p ${secret}`, `-p ${secret}`],
  ])('finds the password in %j', (text, option) => {
    expect(found(text).some((range) => range.endsWith(option))).toBe(true);
  });

  it.each([
    ['sshpass reading a file, ssh given a port', 'sshpass -f ~/.pw ssh -p 2222 deploy@host'],
    [
      'variables',
      'sshpass -p "$SSH_PASS" ssh h; docker login -p $TOKEN r; SSHPASS=$PW sshpass -e ssh h',
    ],
    ['a password from standard input', 'echo "$PW" | docker login --password-stdin -u ci r'],
    [
      'help texts',
      '  --password PASSWORD   the password\n  --password string  Password\n  --password <pw>',
    ],
    ['an option with no value', 'mysql --password --user root; app --no-password --verbose'],
    ['an option in code', "parser.add_argument('--password', help='the password')"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, as written
    ['a template', 'app --password=${{ secrets.DEPLOY_PASSWORD }}'],
  ])('finds nothing in %s', (_name, text) => {
    expect(found(text)).toEqual([]);
  });

  it("withholds no option's definition read joined to its description (trial 45)", async () => {
    const definitions =
      "program.option('--password <password>', 'the password');\nprogram.option('-p, --pass <pw>', 'password');\n";
    expect((await scanSecrets(definitions, 'src/cli.ts')).lines.size).toBe(0);
  });

  it('withholds nothing in prose that quotes the options with an ellipsis, read joined too', async () => {
    // README.md: its code spans read as joined literals gave `sshpass -p …docker`.
    const line =
      'passwords on a command line (`sshpass -p …`, `docker login -p …`, `wget --password=…`,';
    expect(found(line)).toEqual([]);
    expect((await scanSecrets(`${line}\n`, 'README.md')).lines.size).toBe(0);
  });

  it('withholds the line in a scan of a whole script', async () => {
    const file = `#!/bin/sh\nset -e\nsshpass -p '${secret}' ssh deploy@host 'make deploy'\necho done\n`;
    const scan = await scanSecrets(file, 'deploy.sh');
    expect([...scan.lines.keys()]).toEqual([3]);
  });
});
