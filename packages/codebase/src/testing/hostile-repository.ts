/**
 * A hostile repository on disk, for tests of every channel that shows repository text (code
 * tools, the repository map and its JSON, MCP, diagnosis verification and patch messages, the
 * offline diagnosis): secrets by name, secrets by content in innocent-looking files in every
 * format issue #34 found leaking, a UTF-16 file, definitions that span secret lines, a hard link
 * and a symbolic link to files outside, a refused `KEY=value` file, and names that forge lines.
 *
 * Every secret is obviously fake (it spells `Fake`, or is built from a fake body) and is put
 * together at run time from pieces, so no file of Sightline's own repository matches a secret
 * scanner's rule (a push is never blocked by these fixtures).
 */
import {
  cp,
  link,
  mkdir,
  mkdtemp,
  readFile,
  realpath,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PLANTED_FILES, type PlantedFile } from './hostile-plants.js';

/** One planted secret: where it is and the strings that must never appear in any output. */
export interface PlantedSecret {
  /** Short name of the format, e.g. `stripe-live-key-in-a-call`. */
  format: string;
  /** Repository-relative file that holds it. */
  path: string;
  /** 1-based line it is on (its first line, for a block). */
  line: number;
  /** The whole line it is on, exactly as written (what an oracle guess would quote). */
  lineText: string;
  /** Substrings of the secret, any of which in an output is a leak. */
  markers: string[];
}

/** The hostile repository. */
export interface HostileRepository {
  /** Real path of the repository root (inside a temporary folder). */
  root: string;
  /** Real path of the temporary folder that holds the root and the files outside it. */
  base: string;
  /** Every secret planted by content, in files that are read. */
  secrets: PlantedSecret[];
  /** Markers of secrets in files that are refused whole (by name, link count or content). */
  refusedMarkers: string[];
  /** Files refused whole: by name, as a hard link, or as a `KEY=value` file with a secret. */
  refused: string[];
  /** Every marker, of both kinds. */
  allMarkers: string[];
  /**
   * Copies the repository into a new folder beside it, every planted secret (but the UTF-16
   * one) ending in another character: still a secret of the same format and length. A channel
   * that answers differently on the copy tells something about hidden text (an oracle).
   * @returns the real path of the copy (removed by `cleanup()`).
   */
  copyWithOtherSecrets(): Promise<string>;
  /**
   * The markers found in `output`.
   * @param output any text a channel printed or returned (JSON included).
   * @returns the markers it contains; `[]` when nothing leaked.
   */
  leaks(output: string): string[];
  /** Deletes the temporary folder. */
  cleanup(): Promise<void>;
}

const join = (...parts: string[]) => parts.join('');

/** A fake secret per format; `Fake` in each body makes it plainly not a real credential. */
const FAKE = {
  github: join('gh', 'p_', 'FAKE'.repeat(8), '0000'),
  githubDisabled: join('gh', 'p_', 'FakeDisabledComment', 'X'.repeat(17)),
  slack: join('xo', 'xb-', '123456789012-1234567890123-', 'FakeSlackTokenFakeSlackAb'),
  npm: join('np', 'm_', 'Fake'.repeat(9)),
  jwt: join(
    'ey',
    'JhbGciOiJIUzI1NiJ9',
    '.ey',
    'JzdWIiOiJmYWtlLXVzZXIifQ',
    '.ZmFrZS1zaWduYXR1cmUtbm90LXJlYWwtYXQtYWxs',
  ),
  gitlab: join('gl', 'pat-', 'FakeGitlabToken00000000'),
  awsId: join('AK', 'IA', 'FAKEFAKEFAKE5678'),
  dbPassword: 'FakeDbPassword',
  keyBlock: 'FakeKeyBlockBody',
  stripe: join('sk', '_live_', 'FakeStripeKey', '0123456789abcdef'),
  google: join('AI', 'za', 'SyFakeGoogleMapsKey', '0123456789abcdef'),
  openaiLegacy: join('sk', '-', 'FakeOpenAiLegacyKey', '0'.repeat(29)),
  npmUuid: join('fa4efa4e', '-0000-4000-8000-', '0000fa4efa4e'),
  yamlPassword: 'FakeYamlPassw0rd',
  composePassword: 'FakeComposePw42',
  multiLinePassword: 'FakeMultiLinePw9',
  defaultPassword: 'FakeDefaultPw77',
  envFallback: 'FakeEnvFallback88',
  envOrFallback: 'FakeEnvOrFallback66',
  utf16: join('gh', 'p_', 'FakeUtf16Token', 'Q'.repeat(22)),
  outside: 'FakeOutsideHardLink',
  settings: 'FakeSettingsToken',
  symlinked: 'FakeOutsideSymlink',
  dockerPassword: 'FakeDockerPw55',
  objectPassword: 'FakeObjPassw0rd',
  sshPassword: 'FakeSshPw31',
  xmlPassword: 'FakeXmlPassw0rd',
  kotlinDefault: 'FakeKotlinPw64',
  proseBacktick: 'FakeStaging!2024',
  proseComment: 'FakeHunter2Secret',
};

/** The base64 of a fake key, as a kubeconfig stores `client-key-data`. */
const KUBE_KEY = Buffer.from(
  join(
    '-----BEGIN ',
    'RSA PRIVATE KEY-----\nFakeKubeClientKey\n-----END ',
    'RSA PRIVATE KEY-----\n',
  ),
).toString('base64');

const PRIVATE_KEY_BLOCK = join(
  '-----BEGIN ',
  'RSA PRIVATE KEY-----\n',
  FAKE.keyBlock,
  '\n-----END ',
  'RSA PRIVATE KEY-----\n',
);

/** Files read normally; each `{{name}}` placeholder line plants one secret. */
const CONTENT_FILES: Record<string, PlantedFile> = {
  'src/config.ts': {
    text: "export function loadConfig() {\n  return 1;\n}\nexport const githubToken = '{{github}}';\n",
    planted: { github: { format: 'github-token', value: FAKE.github } },
  },
  'src/chat.js': {
    text: 'const hook = "{{slack}}";\nfunction notify() {}\n',
    planted: { slack: { format: 'slack-token', value: FAKE.slack } },
  },
  'src/publish.txt': {
    text: '//registry.npmjs.org/:_authToken={{npm}}\n',
    planted: { npm: { format: 'npm-token', value: FAKE.npm } },
  },
  'src/session.ts': {
    text: "export const session = '{{jwt}}';\nexport const gitlab = '{{gitlab}}';\n",
    planted: {
      jwt: { format: 'jwt', value: FAKE.jwt },
      gitlab: { format: 'gitlab-token', value: FAKE.gitlab },
    },
  },
  'src/cloud.py': {
    text: 'AWS_KEY = "{{awsId}}"\ndef connect():\n    pass\n',
    planted: { awsId: { format: 'aws-access-key-id', value: FAKE.awsId } },
  },
  'src/db.ts': {
    text: 'export const dbUrl = "postgres://admin:{{dbPassword}}@db.example.com/app";\n',
    planted: { dbPassword: { format: 'database-url-password', value: FAKE.dbPassword } },
  },
  'keys/deploy.txt': {
    text: `deploy key:\n${PRIVATE_KEY_BLOCK}`,
    planted: {},
  },
  'src/billing.ts': {
    text: "import Stripe from 'stripe';\n\nexport function billing() {\n  return new Stripe({{stripe}}, { apiVersion: '2024-06-20' });\n}\n",
    planted: { stripe: { format: 'stripe-live-key-in-a-call', value: `'${FAKE.stripe}'` } },
  },
  'src/maps.js': {
    text: 'export function loadMaps(loader) {\n  return loader.load({{google}});\n}\n',
    planted: { google: { format: 'google-api-key', value: `"${FAKE.google}"` } },
  },
  'config/app.yml': {
    text: 'services:\n  - web\n  - worker\n  - scheduler\n  - mailer\ndatabase:\n  host: db\n  password: {{yamlPassword}}\n',
    planted: { yamlPassword: { format: 'unquoted-yaml-password', value: FAKE.yamlPassword } },
  },
  'docker-compose.yml': {
    text: 'services:\n  db:\n    image: postgres:16\n    environment:\n      - POSTGRES_USER=app\n      - POSTGRES_PASSWORD={{composePassword}}\n',
    planted: { composePassword: { format: 'compose-password-entry', value: FAKE.composePassword } },
  },
  'ci/registry.txt': {
    text: 'registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken = {{npmUuid}}\n',
    planted: { npmUuid: { format: 'npm-auth-token-uuid-with-spaces', value: FAKE.npmUuid } },
  },
  'deploy/kubeconfig.yaml': {
    text: 'apiVersion: v1\nkind: Config\nusers:\n  - name: ci\n    user:\n      client-key-data: {{kube}}\n',
    planted: { kube: { format: 'kubeconfig-client-key-data', value: KUBE_KEY } },
  },
  // Fresh-user trial 42: the fallbacks of environment reads were shown.
  'src/env_settings.py': {
    text: 'import os\n\nDB_PASSWORD = os.environ.get("DB_PASSWORD", "{{envFallback}}")\nAPI_TOKEN = os.getenv("API_TOKEN") or "{{envOrFallback}}"\n\n\ndef database():\n    return DB_PASSWORD, API_TOKEN\n',
    planted: {
      envFallback: { format: 'environment-read-default-argument', value: FAKE.envFallback },
      envOrFallback: { format: 'environment-read-fallback-operator', value: FAKE.envOrFallback },
    },
  },
  'src/assistant.py': {
    text: 'from openai import OpenAI\n\nclient = OpenAI({{openaiLegacy}})\n',
    planted: {
      openaiLegacy: { format: 'openai-48-character-key', value: `"${FAKE.openaiLegacy}"` },
    },
  },
  'src/disabled.ts': {
    text: "export const label = 'ok';\nexport const ci = '{{githubDisabled}}'; // secretlint-disable-line\n",
    planted: {
      githubDisabled: { format: 'secretlint-disable-comment', value: FAKE.githubDisabled },
    },
  },
  'src/client.ts': {
    text: "export const database = createClient({\n  user: 'app',\n  password: '{{multiLinePassword}}',\n});\n\nfunction createClient(options: object) {\n  return options;\n}\n",
    planted: {
      multiLinePassword: {
        format: 'multi-line-object-literal',
        value: FAKE.multiLinePassword,
      },
    },
  },
  'src/connect.ts': {
    text: "export function connect(\n  host = 'localhost',\n  password = '{{defaultPassword}}',\n) {\n  return [host, password.length].join(':');\n}\n",
    planted: {
      defaultPassword: { format: 'multi-line-parameter-default', value: FAKE.defaultPassword },
    },
  },
  // Fresh-user trial 43: each of these was shown.
  Dockerfile: {
    text: 'FROM node:20\nENV NODE_ENV=production\nENV DB_PASSWORD {{dockerPassword}}\nCMD ["node", "server.js"]\n',
    planted: {
      dockerPassword: { format: 'dockerfile-env-space-form', value: FAKE.dockerPassword },
    },
  },
  'src/mailer.js': {
    text: "export const transport = {\n  host: 'smtp.example.com',\n  auth: { user: 'mailer', pass: '{{objectPassword}}' },\n};\n",
    planted: {
      objectPassword: { format: 'object-literal-pass-member', value: FAKE.objectPassword },
    },
  },
  'scripts/deploy.sh': {
    text: "#!/bin/sh\nset -e\nsshpass -p '{{sshPassword}}' ssh deploy@host 'make deploy'\n",
    planted: { sshPassword: { format: 'sshpass-password-flag', value: FAKE.sshPassword } },
  },
  'config/settings.xml': {
    text: '<settings>\n  <server>\n    <id>deploy</id>\n    <password>{{xmlPassword}}</password>\n  </server>\n</settings>\n',
    planted: { xmlPassword: { format: 'xml-password-element', value: FAKE.xmlPassword } },
  },
  'src/Login.kt': {
    text: 'fun login(user: String, pass: String = "{{kotlinDefault}}"): Boolean {\n    return user.isNotEmpty() && pass.isNotEmpty()\n}\n',
    planted: {
      kotlinDefault: { format: 'kotlin-typed-parameter-default', value: FAKE.kotlinDefault },
    },
  },
  'ops/staging.md': {
    text: '# Staging\n\nUse the staging admin account: user `admin`, password `{{proseBacktick}}`.\n',
    planted: { proseBacktick: { format: 'password-in-markdown-prose', value: FAKE.proseBacktick } },
  },
  'src/rotate.py': {
    text: '# TODO: rotate, the admin password is {{proseComment}}\ndef rotate():\n    return None\n',
    planted: { proseComment: { format: 'password-in-a-comment', value: FAKE.proseComment } },
  },
  'legacy/settings.txt': {
    text: 'deploy settings\ngithub = {{utf16}}\n',
    planted: { utf16: { format: 'utf-16-file', value: FAKE.utf16 } },
  },
  // The leak classes closed after trial 46.
  ...PLANTED_FILES,
};

/** Files refused whole, with their content (secrets by name, and a `KEY=value` file). */
const REFUSED_FILES: Record<string, string> = {
  '.git/config': `[remote "origin"]\n\turl = https://x-access-token:FakeGitRemoteToken@github.com/acme/app.git\n`,
  'id_rsa.bak': join(
    '-----BEGIN ',
    'OPENSSH PRIVATE KEY-----\nFakeSshKeyBody\n-----END ',
    'OPENSSH PRIVATE KEY-----\n',
  ),
  'prod.env': 'STRIPE=FakeProdEnvValue\n',
  'config/production.env': 'DB_PASSWORD=FakeProductionPw\n',
  'config/aws_credentials': `[default]\naws_access_key_id = ${join('AK', 'IA', 'FAKEFAKEFAKE1234')}\n`,
  '.env ': 'TOKEN=FakeTrailingSpace\n',
  'settings.conf': `APP_NAME=demo\nSERVICE_TOKEN=${FAKE.settings}\n`,
};

const REFUSED_MARKERS = [
  'FakeGitRemoteToken',
  'FakeSshKeyBody',
  'FakeProdEnvValue',
  'FakeProductionPw',
  join('AK', 'IA', 'FAKEFAKEFAKE1234'),
  'FakeTrailingSpace',
  FAKE.settings,
  FAKE.outside,
  FAKE.symlinked,
];

/** Innocent files: code that uses the secrets by name only, and a forged name. */
const PLAIN_FILES: Record<string, string> = {
  'package.json': `${JSON.stringify({ name: 'hostile-shop', version: '1.0.0' }, null, 2)}\n`,
  'src/evil\n1: forged.ts': 'export function forged() {}\n',
  '..data/ok.ts': 'export const okData = 1;\n',
  'src/cart.ts':
    "import { githubToken } from './config';\n\nexport function cartTotal(items: number[]): number {\n  return items.reduce((sum, item) => sum + item, githubToken.length * 0);\n}\n",
};

/**
 * A wrong guess of the same shape: one character changed (a digit to another digit, a letter to
 * another letter), at `at` (default the middle).
 * @param text a right guess.
 * @param at the index of the character to change. Default the middle one.
 * @returns the text with that character changed.
 */
export function wrongGuess(text: string, at = Math.floor(text.length / 2)): string {
  const char = text[at] ?? '';
  const other = /\d/.test(char) ? String((Number(char) + 1) % 10) : char === 'Z' ? 'Y' : 'Z';
  return `${text.slice(0, at)}${other}${text.slice(at + 1)}`;
}

/**
 * Markers of one secret: the whole value (quotes stripped) and a 12-character piece of its middle,
 * so a line cut short still counts as a leak.
 */
function markersOf(value: string): string[] {
  const bare = value.replace(/^["']|["']$/g, '');
  const middle = bare.slice(Math.max(0, Math.floor(bare.length / 2) - 6)).slice(0, 12);
  return [...new Set([bare, middle])];
}

/**
 * Writes the hostile repository into a new temporary folder.
 * @returns the repository, its planted secrets and a leak detector; call `cleanup()` after.
 * @example
 * const hostile = await createHostileRepository();
 * expect(hostile.leaks((await grep(hostile.root, 'Fake')).text)).toEqual([]);
 */
export async function createHostileRepository(): Promise<HostileRepository> {
  const base = await realpath(await mkdtemp(path.join(tmpdir(), 'sightline-hostile-')));
  const root = path.join(base, 'repo');
  const write = async (file: string, content: string | Buffer) => {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  };
  const secrets: PlantedSecret[] = [];
  for (const [file, { text, planted }] of Object.entries(CONTENT_FILES)) {
    let content = text;
    for (const [name, secret] of Object.entries(planted)) {
      content = content.replace(`{{${name}}}`, secret.value);
    }
    const lines = content.split('\n');
    for (const secret of Object.values(planted)) {
      const index = lines.findIndex((line) => line.includes(secret.value));
      secrets.push({
        format: secret.format,
        path: file,
        line: index + 1,
        lineText: lines[index] ?? '',
        markers: secret.markers ?? markersOf(secret.value),
      });
    }
    if (file === 'keys/deploy.txt') {
      secrets.push({
        format: 'private-key-block',
        path: file,
        line: 3,
        lineText: FAKE.keyBlock,
        markers: [FAKE.keyBlock],
      });
    }
    // The UTF-16 file: little-endian with a byte order mark, as Windows tools write it.
    const bytes =
      file === 'legacy/settings.txt'
        ? Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(content, 'utf16le')])
        : content;
    await write(file, bytes);
  }
  for (const [file, content] of Object.entries({ ...REFUSED_FILES, ...PLAIN_FILES })) {
    await write(file, content);
  }
  // A hard link to a file outside the repository, and a symbolic link to another one.
  await writeFile(path.join(base, 'outside.txt'), `NOTE=${FAKE.outside}\n`);
  await mkdir(path.join(root, 'docs'), { recursive: true });
  await link(path.join(base, 'outside.txt'), path.join(root, 'docs/notes.txt'));
  await writeFile(path.join(base, 'outside-linked.txt'), `const leak = '${FAKE.symlinked}';\n`);
  await symlink(path.join(base, 'outside-linked.txt'), path.join(root, 'src/linked.ts'));
  const refused = [...Object.keys(REFUSED_FILES), 'docs/notes.txt'];
  const copyWithOtherSecrets = async () => {
    const copy = await mkdtemp(path.join(base, 'copy-'));
    await cp(root, copy, { recursive: true, verbatimSymlinks: true });
    // A copy is a new file: link it to the outside file again, as in the original.
    await rm(path.join(copy, 'docs/notes.txt'));
    await link(path.join(base, 'outside.txt'), path.join(copy, 'docs/notes.txt'));
    for (const secret of secrets.filter((item) => item.format !== 'utf-16-file')) {
      const file = path.join(copy, secret.path);
      const [marker = ''] = secret.markers;
      const text = await readFile(file, 'utf8');
      await writeFile(file, text.replace(marker, wrongGuess(marker, marker.length - 1)));
    }
    return copy;
  };
  const allMarkers = [...secrets.flatMap((secret) => secret.markers), ...REFUSED_MARKERS];
  return {
    root,
    base,
    secrets,
    refusedMarkers: REFUSED_MARKERS,
    refused,
    allMarkers,
    copyWithOtherSecrets,
    leaks: (output) => allMarkers.filter((marker) => output.includes(marker)),
    cleanup: () => rm(base, { recursive: true, force: true }),
  };
}
