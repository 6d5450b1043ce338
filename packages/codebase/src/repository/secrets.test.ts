/**
 * The secret scanner line by line: each format of `secret-rules.ts` and secretlint's preset is
 * found, disable comments change nothing, and ordinary code and placeholders are left alone.
 * Fake values are put together from pieces so no file here matches a scanner's rule.
 */
import { describe, expect, it } from 'vitest';
import { shannonEntropy } from './secret-rules.js';
import { scanSecrets } from './secrets.js';

const join = (...parts: string[]) => parts.join('');
const FAKE_GITHUB = join('gh', 'p_', 'FakeFakeFake', '0'.repeat(24));

/** The 1-based lines `scanSecrets` withholds in `text`. */
async function withheld(text: string, file = 'src/file.ts'): Promise<number[]> {
  const scan = await scanSecrets(text, file);
  return [...scan.lines.keys()].sort((a, b) => a - b);
}

describe('scanSecrets finds', () => {
  it.each([
    ['a Stripe key in a call', `charge(${join('sk', '_live_', 'FakeStripe0123456789')});`],
    ['a Google API key', `load({ key: ${join('"AI', 'za', 'SyFake', 'x'.repeat(29), '"')} })`],
    ['a 48-character OpenAI key', `OpenAI(${join('"sk', '-', 'Fake', '0'.repeat(44), '"')})`],
    ['a project OpenAI key', `use(${join('"sk', '-proj-', 'Fake'.repeat(6), '"')})`],
    ['an Anthropic key', `use(${join('"sk', '-ant-api03-', 'Fake'.repeat(6), '"')})`],
    ['a Hugging Face token', `use(${join('"hf', '_', 'FakeHuggingFaceTokenabcdefghijklmn', '"')})`],
    ['a DigitalOcean token', `use(${join('"do', 'p_v1_', 'a'.repeat(64), '"')})`],
    ['a Vault token', `use(${join('"hv', 's.', 'F'.repeat(95), '"')})`],
    ['a Sentry token', `use(${join('"sntr', 'yu_', 'f'.repeat(64), '"')})`],
    [
      'a Slack webhook',
      join('post("https://hooks.', 'slack.com/services/', 'T0FAKE/B0FAKE/FakeFakeFakeFake")'),
    ],
    [
      'an npm _authToken with spaces',
      join('//registry.npmjs.org/:_auth', 'Token = fa4efa4e-0000-4000-8000-0000fa4efa4e'),
    ],
    [
      'a kubeconfig client key',
      join('    client-key-', 'data: ', Buffer.from('FakeKubeKey'.repeat(3)).toString('base64')),
    ],
    [
      'a GitHub token on a line that disables secretlint',
      `const t = '${FAKE_GITHUB}'; // secretlint-disable-line`,
    ],
    [
      'a high-entropy value of a secret-named name',
      `const authKey = ${join('"Fa', 'k3', 'Q9x', 'Z7p', 'L2m', 'W8v', '"')};`,
    ],
    ['a password given to mysqldump', `mysqldump -uroot -p${join('Se', 'cret')} shop > dump.sql`],
    ['a password given to psql', `PGPASSWORD=${join('Fa', 'ke', 'Pw9')} psql -h db -U app`],
    [
      'a Sentry DSN whose key is not hex',
      `init(${join('"https://abc_DEF', '-123@o1.ingest.sentry.io/5"')})`,
    ],
  ])('%s', async (_, line) => {
    expect(await withheld(`const a = 1;\n${line}\nconst b = 2;\n`)).toEqual([2]);
  });

  it('a token after a secretlint-disable-next-line comment', async () => {
    const text = `// secretlint-disable-next-line\nconst t = '${FAKE_GITHUB}';\n`;
    expect(await withheld(text)).toEqual([2]);
  });

  it('every secret-named setting of a YAML file with list items, quoted or not', async () => {
    const yaml =
      'services:\n  - web\n  - worker\n  - mailer\ndb:\n  host: db\n  password: FakeYamlPw1\n  api_key: "FakeKey12"\n';
    expect(await withheld(yaml, 'config/app.yml')).toEqual([7, 8]);
  });

  it("a compose file's `- POSTGRES_PASSWORD=…` entry", async () => {
    const compose =
      'services:\n  db:\n    environment:\n      - POSTGRES_USER=app\n      - POSTGRES_PASSWORD=FakePw\n';
    expect(await withheld(compose, 'docker-compose.yml')).toEqual([5]);
  });

  it('every line of a YAML block value under a secret-named key', async () => {
    const yaml = 'tls:\n  private_key: |\n    FakeLine1\n    FakeLine2\n  port: 443\n';
    expect(await withheld(yaml, 'deploy/values.yaml')).toEqual([2, 3, 4]);
  });

  it('every line of a multi-line string given to a secret-named name', async () => {
    const code = 'const a = 1;\nconst privateKey = `\nFakeBody1\nFakeBody2\n`;\nconst b = 2;\n';
    expect(await withheld(code)).toEqual([2, 3, 4, 5]);
  });

  it('a private key block, and only the body of one cut short', async () => {
    const begin = join('-----BEGIN ', 'RSA PRIVATE KEY-----');
    const end = join('-----END ', 'RSA PRIVATE KEY-----');
    expect(await withheld(`a\n${begin}\nFakeBody\n${end}\nb\n`, 'notes.txt')).toEqual([2, 3, 4]);
    expect(await withheld(`a\n${begin}\nFakeBodyQ==\nconst b = 2;\nc\n`, 'notes.txt')).toEqual([
      2, 3,
    ]);
  });

  it('the lines of a key body without its BEGIN line, and the END line below one', async () => {
    const lines = Buffer.from('not a real key, only its shape. '.repeat(5))
      .toString('base64')
      .match(/.{1,64}/g);
    const body = lines?.join('\n') ?? '';
    const end = join('-----END ', 'PRIVATE KEY-----');
    expect(await withheld(`a\n${body}\nb\n`, 'notes.txt')).toEqual([2, 3, 4, 5]);
    expect(await withheld(`a\n${body}\n${end}\nb\n`, 'notes.txt')).toEqual([2, 3, 4, 5, 6]);
  });
});

describe('scanSecrets leaves alone', () => {
  it.each([
    [
      'a type annotation',
      'interface Login {\n  password: string;\n  token?: string;\n}\n',
      'src/login.ts',
    ],
    [
      'a variable',
      'const apiKey = process.env.API_KEY;\nconst token = getToken(request);\n',
      'src/a.ts',
    ],
    [
      'a dated API version',
      "const client = new Stripe(key, { apiVersion: '2024-06-20' });\n",
      'src/a.ts',
    ],
    [
      'placeholders in settings',
      `db:\n  password: $${'{'}DB_PASSWORD}\n  token: changeme\n  secret: ""\n`,
      'app.yml',
    ],
    [
      'settings that point at a secret',
      'auth:\n  token_url: https://example.com/token\n  secret_name: prod-db\n',
      'app.yml',
    ],
    [
      'database clients that prompt for the password, and a port',
      'mysql -h db -P 3306 -u root -p shop\nmysqldump -uroot -p$DB_PASSWORD shop\n',
      'notes.md',
    ],
  ])('%s', async (_, text, file) => {
    expect(await withheld(text, file)).toEqual([]);
  });

  it('a lone BEGIN line in a message, with no key body after it', async () => {
    const text =
      "throw new Error('not a PEM key (-----BEGIN PRIVATE KEY-----)');\nconst next = 1;\n";
    expect(await withheld(text)).toEqual([]);
  });

  it('names secret-named KEY=value files, with placeholders allowed', async () => {
    expect((await scanSecrets('APP=demo\nSERVICE_TOKEN=FakeToken1\n', 'settings.conf')).file).toBe(
      'a KEY=value file that sets SERVICE_TOKEN',
    );
    expect(
      (await scanSecrets(`APP=demo\nSERVICE_TOKEN=$${'{'}TOKEN}\n`, 'settings.conf')).file,
    ).toBe(null);
  });

  it('takes a key for a secret by its words, not its letters, and not a pointer or a number (trial 45)', async () => {
    const file = async (text: string, name: string) => (await scanSecrets(text, name)).file;
    expect(await file('title: My Blog\nauthor: Jane Doe\ntheme: minima\n', '_config.yml')).toBe(
      null,
    );
    expect(await file('model_name: bert\ntokenizer: bert-base-uncased\n', 'train.yaml')).toBe(null);
    expect(
      await file('server.port=8080\nspring.security.password.min-length=12\n', 'app.properties'),
    ).toBe(null);
    expect(
      await file('POSTGRES_DB=app\nPOSTGRES_PASSWORD_FILE=/run/secrets/db_password\n', '.env'),
    ).toBe(null);
    expect(await file('APP=demo\nPASSWORD_MIN=8\nAUTH_ENABLED=true\n', '.env')).toBe(null);
    // Trial 46: a route table read as a properties file.
    const routes =
      "const routes = {\n  login: '/account/login',\n  password: '/account/password/reset',\n};\nmodule.exports = routes;\n";
    expect(await file(routes, 'src/routes.js')).toBe(null);
    for (const key of ['DBPASSWORD', 'SECRET_KEY_BASE', 'oauth_token', 'stripeApiKey']) {
      expect(await file(`APP=demo\n${key}=Fake${'Value99'}\n`, '.env')).toBe(
        `a KEY=value file that sets ${key}`,
      );
    }
  });

  it("withholds a Python string's secret whatever its prefix (b, r, f, u, br, rb, any case)", async () => {
    const value = join('Sand3rling', 'Fake', 'H3xyz');
    const lines = (prefix: string) => [
      `password = ${prefix}"${value}"`,
      `ok = hmac.compare_digest(password, ${prefix}"${value}")`,
      `if token == ${prefix}'${value}':`,
    ];
    for (const prefix of ['', 'b', 'r', 'f', 'u', 'br', 'rb', 'Rb', 'BR', 'fr']) {
      const text = `${lines(prefix).join('\n    pass\n')}\n`;
      expect(await withheld(text, 'app/auth.py'), prefix).toEqual([1, 3, 5]);
    }
    expect(await withheld('name = b"hello"\nif kind == rb"text":\n', 'app/a.py')).toEqual([]);
  });

  it('withholds a token split across string literals on one line', async () => {
    const prefix = String.fromCharCode(103, 104, 112, 95);
    const text = `const a = 1;\nconst t = ['${prefix}', 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8'].join('');\n`;
    expect([...(await scanSecrets(text, 'src/a.ts')).lines]).toEqual([
      [2, 'secretlint rule github, split across string literals'],
    ]);
  });

  it('withholds a quoted .netrc or .pgpass line, which no other rule matched', async () => {
    const netrc = `machine git.example.com login ci password Fake${'Pw99'}`;
    const pgpass = `db.example.com:5432:*:app:Fake${'Pw99'}`;
    const scan = await scanSecrets(`My config:\n${netrc}\nand\n${pgpass}\n`, 'report.md');
    expect([...scan.lines]).toEqual([
      [2, 'a .netrc or .pgpass password'],
      [4, 'a .netrc or .pgpass password'],
    ]);
  });

  it('shows a GitHub Actions expression as the placeholder it is (trial 40)', async () => {
    const workflow =
      'jobs:\n  test:\n    env:\n      POSTGRES_PASSWORD: $' +
      '{{ secrets.DB_PASSWORD }}\n    steps:\n      - run: npm test\n';
    expect(await scanSecrets(workflow, '.github/workflows/ci.yml')).toEqual({
      file: null,
      lines: new Map(),
    });
  });

  it('withholds a block scalar value under `key: >-` in any text (trial 40)', async () => {
    const value = ['Zq8vN3kLp0Xw7RtY', '2bHs6MdJ4cUf1GaE'].join('');
    const text = `It fails with this config.\nSteps: run it.\nconfig:\n  pass${'word'}: >-\n    ${value}\nThat is all.\nThanks.\nMore prose.\n`;
    expect([...(await scanSecrets(text, 'report.md')).lines.keys()]).toEqual([4, 5]);
  });

  it('reads a YAML block scalar under a secret-named key as its value, not its header (trial 39)', async () => {
    const yaml = (value: string) =>
      `server:\n  port: 8080\ndatabase:\n  pass${'word'}: >-\n    ${value}\n  user: app\n`;
    expect((await scanSecrets(yaml(`$${'{'}DB_PASSWORD}`), 'config.yaml')).file).toBe(null);
    expect((await scanSecrets(yaml(`Fake${'Value99'}`), 'config.yaml')).file).toBe(
      'a KEY=value file that sets password',
    );
  });

  it('KEY=value lines whose value of spaces holds a carriage return (no KEY=value file)', async () => {
    const spaced = `APP:${'\t'.repeat(256 * 1024)}:\rx`;
    expect((await scanSecrets(`${spaced}\nSERVICE_TOKEN=FakeToken1\n`, 'notes')).file).toBe(null);
    expect((await scanSecrets(`APP: a b\t\nSERVICE_TOKEN=FakeToken1\t\n`, 'notes')).file).toBe(
      'a KEY=value file that sets SERVICE_TOKEN',
    );
  });
});

describe('scanSecrets on a megabytes-long line', () => {
  it('reads a 6 MB minified line holding a long base64 string instead of refusing the file (trial 42)', async () => {
    // The generic key rule's unbounded base64 reading overflowed the regular expression engine's
    // stack, and the whole file was refused as "a text the secret scanner could not check".
    const text = `var key = "${'a1B2'.repeat(1_500_000)}"; // hotspot`;
    const scan = await scanSecrets(text, 'dist/app.min.js');
    expect(scan).toEqual({ file: null, lines: new Map() });
  });
});

describe('shannonEntropy', () => {
  it('is 0 for one repeated character and log2(n) for n distinct ones', () => {
    expect(shannonEntropy('aaaa')).toBe(0);
    expect(shannonEntropy('abcd')).toBe(2);
  });
});

describe('secrets hidden from the rules (fresh-user trial 30)', () => {
  it('withholds the line of a password in a curl command continued by backslashes', async () => {
    const text = `curl \\\n  -u admin:${join('Hunter2', 'Pa55word')} \\\n  https://api.example.com\n`;
    expect([...(await scanSecrets(text)).lines.keys()]).toEqual([2]);
  });

  it.each(['\u034f', '\u200e'])('finds a token with the invisible %j inside', async (mark) => {
    const hidden = `x = "${FAKE_GITHUB.slice(0, 10)}${mark}${FAKE_GITHUB.slice(10)}";`;
    expect((await scanSecrets(hidden)).lines.size).toBe(1);
  });

  it('finds a token with a zero-width character inside, on its line', async () => {
    const hidden = `first line\nconst token = "${FAKE_GITHUB.slice(0, 10)}\u200b${FAKE_GITHUB.slice(10)}";`;
    expect((await scanSecrets(hidden)).lines).toEqual(new Map([[2, expect.any(String)]]));
  });

  it.each([
    ['curl -u', `curl -u admin:${join('Sup3r', 'S3cret')} https://api.example.com`],
    ['curl --user=', `curl -s --user=admin:${join('Sup3r', 'S3cret')} https://h`],
    ['curl attached -u', `curl -uadmin:${join('Sup3r', 'S3cret')} https://h`],
    ['wget --password=', `wget --user=admin --password=${join('Sup3r', 'S3cret')} https://h/f`],
    ['HTTPie -a', `http -a admin:${join('Sup3r', 'S3cret')} GET example.org`],
    ['curl -ku (trial 31)', `curl -ku admin:${join('Hunter2', 'Pa55word')} https://h`],
    ['curl -vsSLu', `curl -vsSLu admin:${join('Hunter2', 'Pa55word')} https://h`],
    ['wget --password with a space', `wget --password ${join('Hunter2', 'Pa55word')} https://h`],
    ['curl --oauth2-bearer', `curl --oauth2-bearer ${join('Hunter2', 'Pa55word')} https://h`],
  ])('withholds an HTTP client password on a command line (%s)', async (_, line) => {
    expect((await scanSecrets(`Steps:\n${line}\n`)).lines.get(2)).toBe(
      'an HTTP client password on a command line',
    );
  });

  it.each([
    ['a user name alone (curl prompts)', 'curl -u admin https://api.example.com'],
    ['a shell variable', 'curl -u "admin:$API_PASSWORD" https://h'],
    ['a URL scheme, not HTTPie', 'see http://example.org -a admin:x and more'],
    ['a placeholder', 'curl -u user:<password> https://h'],
    ['an example’s word (trial 31)', 'curl -u user:password https://h'],
    ['a time in prose (trial 31)', 'curl -u 12:30 took too long'],
  ])('leaves %s alone', async (_, line) => {
    expect((await scanSecrets(line)).lines.size).toBe(0);
  });
});

describe('a multi-line secret withholds its own lines, and no others', () => {
  const begin = join('-----BEGIN ', 'RSA PRIVATE KEY-----');
  const end = join('-----END ', 'RSA PRIVATE KEY-----');
  const body =
    Buffer.from('not a real key, only its shape. '.repeat(6))
      .toString('base64')
      .match(/.{1,64}/g) ?? [];

  it('no code between the BEGIN and END constants of a PEM parser', async () => {
    const code = [
      `const BEGIN = '${begin}';`,
      'const sample = "QUJDREVGR0hJSktMTU5PUFFSU1RVVldY";',
      'export function parse(pem: string): string[] {',
      "  return pem.split('\\n').filter((line) => !line.startsWith('-----'));",
      '}',
      `const END = '${end}';`,
      'export const after = 1;',
    ].join('\n');
    expect(await withheld(code)).toEqual([]);
  });

  it('a key block with headers, or written as concatenated literals, whole', async () => {
    const headers = [
      begin,
      'Proc-Type: 4,ENCRYPTED',
      'DEK-Info: AES-128-CBC,0A1B',
      '',
      ...body,
      end,
    ];
    expect(await withheld(`a\n${headers.join('\n')}\nb\n`, 'notes.txt')).toEqual(
      headers.map((_, index) => index + 2),
    );
    const literals = [begin, ...body, end].map((line) => `  "${line}\\n" +`);
    expect(await withheld(`const k =\n${literals.join('\n')}\n  "";\nf();\n`)).toEqual(
      literals.map((_, index) => index + 2),
    );
  });

  it('a key cut short: its BEGIN line and body, not the words or code below it', async () => {
    const whole = body.slice(0, 3);
    for (const after of [
      ['Thanks', 'Bob', 'next: thing'],
      ['done', '}', 'ok'],
    ]) {
      const text = ['see', begin, ...whole, ...after].join('\n');
      expect(await withheld(text, 'notes.txt')).toEqual([2, 3, 4, 5]);
    }
  });

  it('a multi-line value never closed: up to its first blank line', async () => {
    const code =
      'const a = 1;\nconst privateKey = `\nFakeBody1\nFakeBody2\n\nfunction after() {}\n';
    expect(await withheld(code)).toEqual([2, 3, 4]);
  });

  it('a YAML block value: not the blank lines after it', async () => {
    const yaml = 'db:\n  password: |\n    FakePw1\n\n\n  host: x\n';
    expect(await withheld(yaml, 'config/app.yml')).toEqual([2, 3]);
  });
});
