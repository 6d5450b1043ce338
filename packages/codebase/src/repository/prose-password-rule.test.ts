/** Fake values are put together from pieces so no file here matches a scanner's rule. */
import { describe, expect, it } from 'vitest';
import { PROSE_PASSWORD_RULE } from './prose-password-rule.js';
import { scanSecrets } from './secrets.js';

const join = (...parts: string[]) => parts.join('');
/** The ranges the rule finds in `text`, as text. */
const found = (text: string) =>
  [...PROSE_PASSWORD_RULE.find(text, 'README.md')].map(([start, end]) => text.slice(start, end));

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
});
