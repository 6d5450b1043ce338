/** Fake values are put together from pieces so no file here matches a scanner's rule. */
import { describe, expect, it } from 'vitest';
import { LITERAL_PAIR_RULE } from './literal-pair-rule.js';
import { scanSecrets } from './secrets.js';

const join = (...parts: string[]) => parts.join('');
const secret = join('Fake', 'PairPw', '42');
/** The ranges the rule finds in `text`, as text. */
const found = (text: string) =>
  [...LITERAL_PAIR_RULE.find(text, 'src/App.cs')].map(([start, end]) => text.slice(start, end));

describe('LITERAL_PAIR_RULE', () => {
  it.each([
    [
      `var settings = new Dictionary<string, string> { { "user", "app" }, { "password", "${secret}" } };`,
      `"password", "${secret}"`,
    ],
    [`new Dictionary<string, string>{{"Password","${secret}"}}`, `"Password","${secret}"`],
    [`Map.of("user", "app", "password", "${secret}")`, `"password", "${secret}"`],
    [`Map.of("user", "password", "pwd", "${secret}")`, `"pwd", "${secret}"`],
    [`props.setProperty("db.password", '${secret}');`, `"db.password", '${secret}'`],
    [`settings.Add("DbPassword", "${secret}");`, `"DbPassword", "${secret}"`],
    [`CREDENTIALS = [("api_token", "${secret}")]`, `"api_token", "${secret}"`],
    [`spawn('deploy', ['--password', '${secret}'])`, `'--password', '${secret}'`],
    // Trial 48: options whose names hold no secret word.
    [`command: ["redis-server", "--requirepass", "${secret}"]`, `"--requirepass", "${secret}"`],
    [`run(["keytool", "-list", "-storepass", "${secret}"])`, `"-storepass", "${secret}"`],
  ])('finds the pair in %j', (text, pair) => {
    expect(found(text)).toEqual([pair]);
  });

  it.each([
    ['a label', 't("password", "Enter your password"); t("password", "Password")'],
    ['a key looked up', 'config.get("password", "DB_PASSWORD"); getenv("pw", "")'],
    ['other keys', 'Map.of("user", "app123", "region", "eu-west-1x")'],
    ['a pointer', 'Map.of("password_file", "/run/secrets/db", "token_url", "https://x")'],
    ['options', "const flags = ['--data', '--token', '--host', '--password', '--verbose'];"],
    ['no pair', 'log("saving", "password"); assert.equal(a, "abc123!x")'],
  ])('finds nothing in %s', (_name, text) => {
    expect(found(text)).toEqual([]);
  });

  it('withholds the line of a collection initializer', async () => {
    const code = `class Config {\n  Dictionary<string, string> Values = new() {\n    { "password", "${secret}" },\n  };\n}\n`;
    expect([...(await scanSecrets(code, 'src/Config.cs')).lines.keys()]).toEqual([3]);
  });
});
