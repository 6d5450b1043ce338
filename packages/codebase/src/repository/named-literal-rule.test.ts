/** Fake values are put together from pieces so no file here matches a scanner's rule. */
import { describe, expect, it } from 'vitest';
import { NAMED_LITERAL_RULE } from './named-literal-rule.js';
import { SECRET_RULES } from './secret-rules.js';
import { scanSecrets } from './secrets.js';

const join = (...parts: string[]) => parts.join('');
const secret = join('obj', 'Passw0rd', 'Js');
/** The ranges the rule finds in `text`, as text. */
const found = (text: string) =>
  [...NAMED_LITERAL_RULE.find(text, 'src/app.ts')].map(([start, end]) => text.slice(start, end));

describe('NAMED_LITERAL_RULE', () => {
  it.each([
    // Fresh-user trial 43: shown by read_file, grep, find_symbol and the map.
    [`const c = { db: { user: 'admin', pass: '${secret}' } };`, `pass: '${secret}'`],
    [`auth: { user: 'mailer', pwd: '${secret}' },`, `pwd: '${secret}'`],
    [`{"smtp_pass": "${secret}"}`, `pass": "${secret}"`],
    [`$config = ['db_pass' => '${secret}'];`, `pass' => '${secret}'`],
    [`DB_PASS = "${secret}"`, `PASS = "${secret}"`],
    [`dbPwd := "${secret}"`, `Pwd := "${secret}"`],
    [`connect(host="db", pwd="${secret}")`, `pwd="${secret}"`],
    [`Client(credentials: "${secret}")`, `credentials: "${secret}"`],
    [`fun login(user: String, pass: String = "${secret}") {}`, `pass: String = "${secret}"`],
    [`func login(pass: String = "${secret}")`, `pass: String = "${secret}"`],
    [`def login(pass: String = "${secret}") = ???`, `pass: String = "${secret}"`],
    [`constructor(private readonly pass?: string = '${secret}') {}`, `pass?: string = '${secret}'`],
    [
      `def connect(host, passphrase: Optional[str] = "${secret}"):`,
      `passphrase: Optional[str] = "${secret}"`,
    ],
    // Fresh-user trial 45: subscripts, a Rust constant, C, C# properties, setters and builders.
    [`process.env['DB_PASSWORD'] = '${secret}';`, `PASSWORD'] = '${secret}'`],
    [`config[:password] = '${secret}'`, `password] = '${secret}'`],
    [`os.environ["DB_PASSWORD"] = "${secret}"`, `PASSWORD"] = "${secret}"`],
    [`const PASSWORD: &str = "${secret}";`, `PASSWORD: &str = "${secret}"`],
    [`#define DB_PASSWORD "${secret}"`, `PASSWORD "${secret}"`],
    [`char passwd[] = "${secret}";`, `passwd[] = "${secret}"`],
    [`public string Password { get; set; } = "${secret}";`, `Password { get; set; } = "${secret}"`],
    [`ds.setPassword("${secret}");`, `Password("${secret}"`],
    [`X.create().username("sa").password("${secret}").build();`, `password("${secret}"`],
    // Other spellings of the name: `pw`, `pass_word`, `pswd`.
    [`const pw = '${secret}';`, `pw = '${secret}'`],
    [`db_pw = "${secret}"`, `pw = "${secret}"`],
    [`adminPw: '${secret}',`, `Pw: '${secret}'`],
    [`pass_word = '${secret}'`, `pass_word = '${secret}'`],
    [`{ "smtp-pass-word": "${secret}" }`, `pass-word": "${secret}"`],
    [`String pswd = "${secret}";`, `pswd = "${secret}"`],
  ])('finds the literal in %j', (text, expected) => {
    expect(found(text).some((range) => range.endsWith(expected))).toBe(true);
  });

  it.each([
    [
      'fetch options',
      "fetch(url, { credentials: 'same-origin' }); fetch(u, { credentials: 'include' })",
    ],
    ['modes and labels', "auth: 'basic', pass: 'through', password: 'Password', pwd: 'required'"],
    ['types and comparisons', "pass: string; if (pass === 'hunter2!x') {} pass != 'abcdef12'"],
    [
      'paths and pointers',
      "pwd: '/home/app', pass_file: '/run/secrets/pw', token_url: 'https://x/y'",
    ],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a placeholder, as written
    ['placeholders and templates', 'pass: "${DB_PASS}", pwd: "{{ pwd }}", pass: "********"'],
    ['other names', "bypass: 'abc123!x', compass: 'N45deg!', passage: 'xyz123!!'"],
    ['other names ending in pw', "npw: 'abc123!x', cpw = 'abc123!x'"],
    ['a path ending in pw', "const file = '~/.pw'; load('./keys/pw', 'abc123!x')"],
    ['a package and a version', '"@octokit/auth-token": "^6.0.0", "auth-token": "~1.2.3"'],
    ['short values and constant names', "pass: 'ab1', token: 'GITHUB_TOKEN', secret: 'x.y.z'"],
    ['a comma in a type', 'fun f(pass: String, user: Pair<String, String> = "abc123!x")'],
    [
      'a getter, a plain call and a macro that is no literal',
      'vault.getPassword("smtp_host1"); password("abc123!x"); #define PASSWORD_LEN 12',
    ],
  ])('finds nothing in %s', (_name, text) => {
    expect(found(text)).toEqual([]);
  });

  it('withholds the line in a scan, and a typed Python default by the literal rule too', async () => {
    const file = `const config = {\n  db: { user: 'admin', pass: '${secret}' },\n  port: 5432,\n};\n`;
    expect([...(await scanSecrets(file, 'src/db.ts')).lines.keys()]).toEqual([2]);
    const python = `def connect(host, password: str = "${secret}"):\n    pass\n`;
    const literal = SECRET_RULES.find((rule) => rule.what === 'a password or token literal');
    expect([...(literal?.find(python, 'db.py') ?? [])]).toHaveLength(1);
  });
});
