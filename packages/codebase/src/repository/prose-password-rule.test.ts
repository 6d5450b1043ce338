/** Fake values are put together from pieces so no file here matches a scanner's rule. */
import { describe, expect, it } from 'vitest';
import { PROSE_PASSWORD_RULE } from './prose-password-rule.js';
import { scanSecrets } from './secrets.js';

const join = (...parts: string[]) => parts.join('');
/** The ranges the rule finds in `text`, as text. */
const found = (text: string, filePath = 'README.md') =>
  [...PROSE_PASSWORD_RULE.find(text, filePath)].map(([start, end]) => text.slice(start, end));

describe('PROSE_PASSWORD_RULE', () => {
  const staging = join('Staging', 'Adm1n!', '2024');
  const hunter = join('hunter2', 'Super', 'Secret');

  it.each([
    // Fresh-user trial 43: shown by read_file, grep and the map.
    [`Use the staging admin account: user \`admin\`, password \`${staging}\`.`, staging],
    [`# TODO: rotate, the admin password is ${hunter}`, hunter],
    [`The Wi-Fi passphrase: "${hunter}"`, hunter],
    [`login with PASSWORD=${hunter}, then`, hunter],
    [`pwd '${staging}' (do not share)`, staging],
    [`set a password of ${hunter}.`, hunter],
    [`Password was ${staging}!`, staging],
  ])('finds the password in %j', (text, value) => {
    expect(found(text).some((range) => range.includes(value))).toBe(true);
  });

  it.each([
    'the password is stored in the keychain',
    'password field is required',
    'reset your password',
    'password: string',
    'password = getPassword()',
    'password = os.environ["DB_PASSWORD"]',
    'password = args[0]',
    'password is null',
    'password: <password>',
    'the password is changeme',
    'password: ***',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a placeholder, as written
    'password=${PASSWORD}',
    'password xxx',
    'password: `string`',
    'password: req.body.password,',
    'password: Optional[str] = None',
    'the password is hashed with bcrypt-12 rounds',
    '| `password` | `string` | The password |',
    '<input type="password" autocomplete="current-password">',
    'db_password = load(); passwords: list; passwordHash: x1y2z3!!',
    '[textbox] Password = "••••"',
    'password: a password of at least 8 characters',
    "'interface Login {\\n  password: string;\\n}'",
    'pwd: /home/app',
    // Fresh-user trial 45: whose password, and a usage line's next option.
    'The password of user@example.com expires.',
    '// Usage: mytool --password=PASSWORD --user=NAME',
  ])('finds nothing in %j', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('withholds the line in a scan of a Markdown file', async () => {
    const file = `# Staging\n\nUse the staging admin account: user \`admin\`, password \`${staging}\`.\n\nAsk in #ops.\n`;
    expect([...(await scanSecrets(file, 'docs/staging.md')).lines.keys()]).toEqual([3]);
  });

  describe('in prose proper: letters or digits alone, passphrases, commented-out settings', () => {
    const letters = join('correct', 'horse');
    const digits = join('1234', '5678');
    const phrase = join('correct horse', ' battery staple');
    const commented = join('s3cr3t', 'Pass1');

    it.each([
      [`pwd: ${letters}`, 'notes.md', letters],
      [`The password: ${digits}.`, 'README.md', digits],
      [`the password is ${join('Correct', 'Horse')}`, 'docs/setup.txt', join('Correct', 'Horse')],
      [`the password is "${phrase}"`, 'docs/setup.md', phrase],
      [`password: '${phrase}'`, '', phrase],
      [`host: db\n# pwd: ${letters}\nport: 5432\n`, 'config/app.yaml', letters],
      [`x = 1  # the password is ${digits}`, 'src/app.py', digits],
      [`  // password = ${letters}`, 'src/app.ts', letters],
      [`/* password: ${digits} */`, 'src/app.c', digits],
      [`# DB_PASSWORD=${commented}`, 'config/app.yaml', commented],
      [`# spring.datasource.password: ${letters}`, 'config/app.properties', letters],
    ])('finds the password in %j (%s)', (text, filePath, value) => {
      expect(found(text, filePath).some((range) => range.includes(value))).toBe(true);
    });

    it.each([
      // Code, not prose: a variable, a type.
      [`password = ${letters}`, 'src/app.py'],
      [`pwd: ${letters}`, 'src/app.ts'],
      [`const password = ${digits};`, 'src/app.ts'],
      [`password: "${phrase}"`, 'src/app.ts'],
      [`e.password=null;let i=await f(x)`, 'README.md'],
      // Prose about a password, not one.
      ['the password is required', 'README.md'],
      ['Password: Optional', 'README.md'],
      ['the password is encrypted', 'README.md'],
      ['password: 8 characters', 'README.md'],
      ['the password is 12 digits long', 'README.md'],
      [`the password is ${letters} for now`, 'README.md'],
      ['password: PASSWORD', 'README.md'],
      ['password: "Enter your password"', 'README.md'],
      ["password: 'at least 8 characters'", 'README.md'],
      ['password: "${DB_PASSWORD} ${DB_USER}"', 'README.md'],
      ['reset password', 'README.md'],
      [`password ${letters}`, 'README.md'],
      [`# db_password is ${letters}`, 'config/app.yaml'],
    ])('finds nothing in %j (%s)', (text, filePath) => {
      expect(found(text, filePath)).toEqual([]);
    });
  });

  describe("in Markdown's emphasis or a code span", () => {
    const value = join('s3cr3t', 'Pass');
    const letters = join('correct', 'horse');

    it.each([
      [`**Password:** ${value}`, value],
      [`**Password**: ${value}`, value],
      [`_password_: ${value}`, value],
      [`__Passphrase__ is "${join('correct horse', ' battery')}"`, 'battery'],
      [`\`pwd\`: ${letters}`, letters],
      [`- *password*: \`${value}\``, value],
      // A key of a few words in emphasis, and triple asterisks, read as the plain form.
      [`**DB password:** ${join('Murrelet', 'Fake', 'K2')}`, 'MurreletFake'],
      [`- **DB password**: ${join('Puffbird', 'Fake', 'L3')}`, 'PuffbirdFake'],
      [`1. **Admin password:** ${join('Wrynecks', 'Fake', 'R9')}`, 'WrynecksFake'],
      [`**Admin Password**: ${value}`, value],
      [`__Admin password__: ${value}`, value],
      [`***Password:*** ${value}`, value],
      [`***Password***: ${value}`, value],
      // A key of a few words in a code span.
      [`\`DB password\`: ${value}`, value],
      [`- \`Admin password\`: \`${join('Puffbird', 'Fake', 'L3')}\``, 'PuffbirdFake'],
    ])('finds the password in %j', (text, part) => {
      expect(found(text).some((range) => range.includes(part))).toBe(true);
    });

    it.each([
      '**Password:** required',
      '**Password:** see the vault',
      'the `password` field is required',
      '`password_hash`: bcrypt',
      `password_hash: ${value}`,
      `_password_ reset: ${letters}`,
      `\`password\` | \`string\``,
      '**DB password:** required',
      '***Password:*** see the vault',
      `a**b password**: ${value}`,
      '`DB password`: required',
      `a\`b password\`: ${value}`,
    ])('finds nothing in %j', (text) => {
      expect(found(text)).toEqual([]);
    });
  });
});
