/** Fake values are put together from pieces so no file here matches a scanner's rule. */
import { describe, expect, it } from 'vitest';
import { DOCKERFILE_SETTING_RULE } from './dockerfile-setting-rule.js';
import { scanSecrets } from './secrets.js';

const join = (...parts: string[]) => parts.join('');
const secret = join('docker', 'Passw0rd');
/** The lines the rule withholds in `text` read as the file `filePath`. */
const found = (text: string, filePath = 'Dockerfile') =>
  [...DOCKERFILE_SETTING_RULE.find(text, filePath)].map(([start, end]) => text.slice(start, end));

describe('DOCKERFILE_SETTING_RULE', () => {
  it('finds a secret-named ENV or ARG setting in every form and Dockerfile name', () => {
    // Fresh-user trial 43: each of these lines was shown by read_file, grep and the map.
    expect(found(`FROM node:20\nENV DB_PASSWORD=${secret}\n`)).toEqual([
      `ENV DB_PASSWORD=${secret}`,
    ]);
    expect(found(`ENV DB_PASSWORD ${secret}`)).toEqual([`ENV DB_PASSWORD ${secret}`]);
    expect(found(`ARG DB_PASSWORD=${secret}`)).toEqual([`ARG DB_PASSWORD=${secret}`]);
    expect(found(`env apiToken="${secret}"`)).toEqual([`env apiToken="${secret}"`]);
    expect(found(`ENV HOST=db PORT=5432 JWT_SECRET='${secret}'`)).toHaveLength(1);
    for (const name of ['app.dockerfile', 'Dockerfile.prod', 'deploy/Containerfile']) {
      expect(found(`ENV DB_PASSWORD ${secret}`, name)).toHaveLength(1);
    }
  });

  it('reads the lines of a continued instruction', () => {
    const text = `ENV HOST=db \\\n    DB_PASSWORD=${secret} \\\n    PORT=5432\nRUN make\n`;
    expect(found(text)).toEqual([`    DB_PASSWORD=${secret} \\`]);
  });

  it('finds the = form of a Dockerfile quoted elsewhere, the older form only as one word', () => {
    expect(found(`\`\`\`dockerfile\nENV DB_PASSWORD=${secret}\n\`\`\``, 'README.md')).toHaveLength(
      1,
    );
    expect(found(`ENV DB_PASSWORD ${secret}`, 'README.md')).toHaveLength(1);
    expect(found('ENV DB_PASSWORD is set by the host at run time.', 'README.md')).toEqual([]);
    expect(found(`env DB_PASSWORD=${secret}`, 'notes.txt')).toEqual([]);
  });

  it('finds an instruction quoted inside a line, in a code span or after a space (trial 45)', () => {
    for (const line of [
      `\`ENV DB_PASSWORD=${secret}\``,
      `Add \`ENV DB_PASSWORD=${secret}\` to the image.`,
      `Add ENV DB_PASSWORD=${secret} to the image.`,
      `Add \`ENV DB_PASSWORD ${secret}\` to the image.`,
    ]) {
      expect(found(line, 'README.md'), line).toEqual([line]);
    }
    for (const line of [
      'The ENV TOKEN is required.',
      'Set ENV DEBUG=1 here.',
      `Add ENV DB_PASSWORD ${secret} to the image.`,
      `PREVENV DB_PASSWORD=${secret}`,
      'Containerfiles (`ENV DB_PASSWORD=…`, `ENV DB_PASSWORD …`, `ARG DB_PASSWORD=...`)',
    ]) {
      expect(found(line, 'README.md'), line).toEqual([]);
    }
  });

  it('leaves other settings, pointers, placeholders and arguments without a default alone', () => {
    const text = [
      'ARG DB_PASSWORD',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Dockerfile's variable, as written
      'ENV DB_PASSWORD=${DB_PASSWORD}',
      'ENV DB_PASSWORD $DB_PASSWORD',
      'ENV DB_PASSWORD_FILE=/run/secrets/db',
      'ENV TOKEN_URL=https://auth.example/token',
      'ENV NODE_ENV=production PASSWORD=""',
      'RUN echo DB_PASSWORD=nothing-here',
    ].join('\n');
    expect(found(text)).toEqual([]);
  });

  it('withholds the line in a scan of a whole Dockerfile', async () => {
    const file = `FROM postgres:16\nENV POSTGRES_USER=app\nENV POSTGRES_PASSWORD ${secret}\nEXPOSE 5432\n`;
    const scan = await scanSecrets(file, 'Dockerfile');
    expect([...scan.lines.keys()]).toEqual([3]);
  });
});
