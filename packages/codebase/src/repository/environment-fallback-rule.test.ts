/** Fake values are put together from pieces so no file here matches a scanner's rule. */
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_FALLBACK_RULE } from './environment-fallback-rule.js';
import { scanSecrets } from './secrets.js';

const join = (...parts: string[]) => parts.join('');
const found = (text: string) =>
  [...ENVIRONMENT_FALLBACK_RULE.find(text, 'app.py')].map(([start, end]) => text.slice(start, end));

describe('ENVIRONMENT_FALLBACK_RULE', () => {
  const secret = join('fallback', 'S3cret!99');

  it('finds the fallback of an environment read, as a default argument or after an operator', () => {
    // Fresh-user trial 42: each of these lines was shown by read_file, map and grep.
    expect(found(`PASSWORD = os.environ.get("DB_PASSWORD", "${secret}")`)).toEqual([
      `, "${secret}"`,
    ]);
    expect(found(`DB_PASS = os.getenv("DB_PASS") or "${secret}"`)).toEqual([`or "${secret}"`]);
    expect(found(`const PASSWORD = process.env.DB_PASSWORD || '${secret}';`)).toEqual([
      `|| '${secret}'`,
    ]);
    expect(found(`const key = process.env.apiKey ?? \`${secret}\`;`)).toEqual([`?? \`${secret}\``]);
    expect(found(`val token = System.getenv("API_TOKEN") ?: "${secret}"`)).toEqual([
      `?: "${secret}"`,
    ]);
    expect(found(`token = ENV.fetch('GITHUB_TOKEN', '${secret}')`)).toEqual([`, '${secret}'`]);
    expect(found(`db = ENV['DB_PASSWORD'] || '${secret}'`)).toEqual([`|| '${secret}'`]);
  });

  it('leaves other settings, pointers to secrets, placeholders and short values alone', () => {
    expect(found(`HOST = os.environ.get("DB_HOST", "db.internal.example")`)).toEqual([]);
    expect(found(`path = os.environ.get("TOKEN_FILE", "/run/secrets/token")`)).toEqual([]);
    expect(found(`url = process.env.TOKEN_URL || 'https://auth.example/token'`)).toEqual([]);
    expect(found(`pw = os.environ.get("DB_PASSWORD", "changeme")`)).toEqual([]);
    expect(found(`pw = os.environ.get("DB_PASSWORD", "short")`)).toEqual([]);
    expect(found(`labels = ["password", "${secret}"]`)).toEqual([]); // a list, not a read
    expect(found(`mode = process.env.MODE || '${secret}'`)).toEqual([]);
    // Prose (bench/README.md): a secret's name, then `or` at a line's end and a spec.
    expect(found('(`OPENAI_API_KEY`) or\n`openai-compatible:<baseURL>#<model>`')).toEqual([]);
  });

  it('withholds the line in a scan of a whole file', async () => {
    const file = `import os\n\nPASSWORD = os.environ.get("DB_PASSWORD", "${secret}")\nHOST = "db"\n`;
    const scan = await scanSecrets(file, 'settings.py');
    expect([...scan.lines.keys()]).toEqual([3]);
  });
});
