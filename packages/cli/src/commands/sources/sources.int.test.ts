import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  appStoreSource,
  createSourceRegistry,
  filesSource,
  githubSource,
  googlePlaySource,
  openStore,
  sentrySource,
} from '@sightline/service';
import {
  type FakeAppStore,
  type FakeGooglePlay,
  type FakeResponse,
  startFakeAppStore,
  startFakeGooglePlay,
} from '@sightline/service/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryOutput } from '../../testing/memory-output.test-helper.js';
import { runSourcesAdd, type SourcesAddOptions } from './add.js';
import { runSourcesList } from './list.js';
import { runSourcesTest } from './test.js';

let work: string;
let appStore: FakeAppStore;
let googlePlay: FakeGooglePlay;
/** What the fake App Store answers instead of itself, when set. */
let appStoreOverride: FakeResponse | undefined;

beforeEach(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-sources-cli-'));
  appStoreOverride = undefined;
  appStore = await startFakeAppStore(() => appStoreOverride);
  googlePlay = await startFakeGooglePlay();
});
afterEach(async () => {
  await appStore.close();
  await googlePlay.close();
  fs.rmSync(work, { recursive: true, force: true });
});

function io(env: Record<string, string> = {}, stdin = '', stdinIsTerminal = false) {
  return Object.assign(memoryOutput(), {
    env,
    readStdin: async () => new TextEncoder().encode(stdin),
    stdinIsTerminal,
    registry: createSourceRegistry([
      filesSource,
      sentrySource,
      githubSource,
      appStoreSource,
      googlePlaySource,
    ]),
  });
}

const data = () => path.join(work, 'data');
const addAppStore = (privateKey = appStore.credentials.privateKey, appId = '1234567') => {
  const out = io({
    ASC_ISSUER: appStore.credentials.issuerId,
    ASC_KEY_ID: appStore.credentials.keyId,
    ASC_KEY: privateKey,
  });
  const options: SourcesAddOptions = {
    kind: 'app-store',
    name: 'ios',
    repo: work,
    data: data(),
    set: [`appId=${appId}`, `baseUrl=${appStore.url}`],
    secret: ['issuerId=ASC_ISSUER', 'keyId=ASC_KEY_ID', 'privateKey=ASC_KEY'],
  };
  return runSourcesAdd(options, out).then((code) => ({ code, out }));
};
const test = async (source: string) => {
  const out = io();
  const code = await runSourcesTest({ source, data: data() }, out);
  return { code, line: out.out.trim() };
};

describe('sightline sources', () => {
  it('adds sources with secrets from the environment or stdin, stored 0600 and never shown', async () => {
    const added = await addAppStore();
    expect(added.code).toBe(0);
    expect(added.out.out).toMatch(
      /^Added source "ios" \(app-store\) of project sightline-sources-cli-\w+, id /,
    );
    expect(added.out.out).toContain('Polled every 900 s');
    expect(added.out.out).not.toContain('PRIVATE KEY');
    const play = io({}, JSON.stringify(googlePlay.serviceAccount));
    expect(
      await runSourcesAdd(
        {
          kind: 'google-play',
          name: 'android',
          data: data(),
          set: ['packageName=com.acme.notes', 'maxPages=2', `baseUrl=${googlePlay.url}`],
          credentialsStdin: true,
        },
        play,
      ),
    ).toBe(0);
    const files = fs.readdirSync(path.join(data(), 'credentials'));
    expect(files).toHaveLength(2);
    for (const file of files) {
      expect(fs.statSync(path.join(data(), 'credentials', file)).mode & 0o777).toBe(0o600);
    }

    const listed = io();
    await runSourcesList({ data: data() }, listed);
    expect(listed.out).toMatch(
      /^ios \(app-store\) .*\n {2}polled every 900 s, last never; 0 reports; credentials: data folder\n/,
    );
    expect(listed.out).toContain('android (google-play)');
    expect(listed.out).not.toMatch(/PRIVATE KEY|ya29|@acme-play/);
    const json = io();
    await runSourcesList({ data: data(), json: true }, json);
    expect(JSON.parse(json.out).sources.map((s: { name: string }) => s.name)).toEqual([
      'ios',
      'android',
    ]);

    expect(await test('ios')).toEqual({
      code: 0,
      line: 'ios (app-store): ok: Connected to App Store Connect: app 1234567, 3 reviews.',
    });
    expect(appStore.requests).toHaveLength(1);
    expect(await test('android')).toEqual({
      code: 0,
      line: 'android (google-play): ok: Connected to Google Play: reviews of com.acme.notes.',
    });
  });

  it('refuses to make the current folder the project of a new store given by --data', async () => {
    const github: SourcesAddOptions = {
      kind: 'github',
      name: 'issues',
      data: data(),
      set: ['owner=acme', 'repo=web'],
      secret: ['webhookSecret=GH_HOOK'],
      poll: false,
    };
    const env = { GH_HOOK: 'hook-not-secret' };
    await expect(runSourcesAdd(github, io(env))).rejects.toThrow(
      /^This store has no project yet: give --repo DIR, the repository this source's reports are investigated against/,
    );
    // Refused before anything is written: no store, no credentials left behind.
    expect(fs.existsSync(data())).toBe(false);
    // With --repo it is added, and later sources of the store's one project need no --repo.
    expect(await runSourcesAdd({ ...github, repo: work }, io(env))).toBe(0);
    const second = io(env);
    expect(await runSourcesAdd({ ...github, name: 'more' }, second)).toBe(0);
    expect(second.out).toContain(`of project ${path.basename(work)}`);
  });

  it('refuses a --name that looks like a secret, as the API does, writing nothing', async () => {
    // Trial 30: the API refused it; the command stored it, and lists and logs showed it.
    const token = ['gh', 'p_', 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789'].join('');
    const github: SourcesAddOptions = {
      kind: 'github',
      name: token,
      repo: work,
      data: data(),
      set: ['owner=acme', 'repo=web'],
      secret: ['webhookSecret=GH_HOOK'],
      poll: false,
    };
    const error = await runSourcesAdd(github, io({ GH_HOOK: 'hook-not-secret' })).catch(
      (caught) => caught,
    );
    expect(error.message).toMatch(
      /^--name: it looks like a secret \(.+\).* put credentials in --secret\.$/,
    );
    expect(error.message).not.toContain(token);
    expect(fs.existsSync(data())).toBe(false);
    // A setting is listed as given too (trial 34: `--set owner=ghp_…` was stored).
    const setting = await runSourcesAdd(
      { ...github, name: 'issues', set: [`owner=${token}`, 'repo=web'] },
      io({ GH_HOOK: 'hook-not-secret' }),
    ).catch((caught) => caught);
    expect(setting.message).toMatch(
      /^--set owner: it looks like a secret \(.+\).* put credentials in --secret\.$/,
    );
    expect(setting.message).not.toContain(token);
    // …and a token given as a setting's name is not echoed as an unknown key (trial 35).
    const key = await runSourcesAdd(
      { ...github, name: 'issues', set: [`${token}=1`, 'owner=acme', 'repo=web'] },
      io({ GH_HOOK: 'hook-not-secret' }),
    ).catch((caught) => caught);
    expect(key.message).toMatch(
      /^--set: one name is not a github setting .* Its settings: .*owner/,
    );
    expect(key.message).not.toContain(token);
    expect(fs.existsSync(data())).toBe(false);
  });

  it('adds a source that is never polled with --no-poll, when it has a webhook to take reports', async () => {
    const github: SourcesAddOptions = {
      kind: 'github',
      name: 'issues',
      repo: work,
      data: data(),
      set: ['owner=acme', 'repo=web'],
      secret: ['token=GH_TOKEN', 'webhookSecret=GH_HOOK'],
      poll: false,
    };
    const env = { GH_TOKEN: 'token-not-secret', GH_HOOK: 'hook-not-secret' };
    const added = io(env);
    expect(await runSourcesAdd(github, added)).toBe(0);
    expect(added.out).toContain('Webhook path: /webhooks/');
    expect(added.out).toContain(
      'Not polled (--no-poll): its reports arrive through its webhook only.',
    );
    expect(added.out).not.toContain('Polled every');
    const listed = io();
    await runSourcesList({ data: data(), json: true }, listed);
    expect(JSON.parse(listed.out).sources).toMatchObject([
      { name: 'issues', pollIntervalSeconds: null },
    ]);
    await expect(runSourcesAdd({ ...github, pollInterval: 60 }, io(env))).rejects.toThrow(
      '--no-poll and --poll-interval contradict each other: give one of them.',
    );
    // App Store Connect reviews come by polling only: without it, nothing would arrive.
    const appStoreOptions: SourcesAddOptions = {
      kind: 'app-store',
      name: 'ios',
      data: data(),
      set: ['appId=1234567', `baseUrl=${appStore.url}`],
      secret: ['issuerId=ASC_ISSUER', 'keyId=ASC_KEY_ID', 'privateKey=ASC_KEY'],
      poll: false,
    };
    const ascEnv = {
      ASC_ISSUER: appStore.credentials.issuerId,
      ASC_KEY_ID: appStore.credentials.keyId,
      ASC_KEY: appStore.credentials.privateKey,
    };
    await expect(runSourcesAdd(appStoreOptions, io(ascEnv))).rejects.toThrow(
      '--no-poll: app-store sources take reports only by polling (they have no webhook)',
    );
    const after = io();
    await runSourcesList({ data: data(), json: true }, after);
    expect(JSON.parse(after.out).sources).toHaveLength(1);
  });

  it('says a GitHub source with only a webhook secret is not polled, and stores no interval', async () => {
    const github: SourcesAddOptions = {
      kind: 'github',
      name: 'hooks',
      repo: work,
      data: data(),
      set: ['owner=acme', 'repo=web'],
      secret: ['webhookSecret=GH_HOOK'],
    };
    const env = { GH_HOOK: 'hook-not-secret' };
    const added = io(env);
    expect(await runSourcesAdd(github, added)).toBe(0);
    expect(added.out).toContain('Webhook path: /webhooks/');
    expect(added.out).toContain(
      'Not polled (no polling token among its secrets): its reports arrive through its webhook only.',
    );
    expect(added.out).not.toContain('Polled every');
    const listed = io();
    await runSourcesList({ data: data() }, listed);
    expect(listed.out).toMatch(/^hooks \(github\) .*\n {2}not polled; 0 reports;/);
    // Trial 48: one report read "1 reports".
    const ids = io();
    await runSourcesList({ data: data(), json: true }, ids);
    const store = await openStore({ sqlite: path.join(data(), 'sightline.db') });
    await store.sources.addReports(JSON.parse(ids.out).sources[0].id, 1);
    await store.close();
    const one = io();
    await runSourcesList({ data: data() }, one);
    expect(one.out).toMatch(/^hooks \(github\) .*\n {2}not polled; 1 report;/);
    await expect(runSourcesAdd({ ...github, pollInterval: 60 }, io(env))).rejects.toThrow(
      /^--poll-interval: this github source does not poll with the secrets given/,
    );
    // With a token it polls at the module's interval.
    const polled = io({ ...env, GH_TOKEN: 'token-not-secret' });
    await runSourcesAdd({ ...github, secret: ['token=GH_TOKEN', 'webhookSecret=GH_HOOK'] }, polled);
    expect(polled.out).toContain('Polled every 60 s');
  });

  it('says plainly what is wrong: bad key, wrong app, rate limit, unreachable, bad stored credentials', async () => {
    await addAppStore(appStore.unknownPrivateKey);
    expect(await test('ios')).toMatchObject({
      code: 2,
      line: expect.stringMatching(/FAILED: App Store Connect refused the token \(401\)/),
    });
    await addAppStore(appStore.credentials.privateKey, '999');
    expect((await test('ios')).line).toMatch(/no app "999" \(404\)/);
    await addAppStore();
    appStoreOverride = { status: 429, headers: { 'retry-after': '60' }, body: {} };
    expect((await test('ios')).line).toMatch(/rate limiting this source \(429\)/);
    await appStore.close();
    expect((await test('ios')).line).toMatch(/cannot be reached/);
    const [file] = fs.readdirSync(path.join(data(), 'credentials'));
    fs.writeFileSync(path.join(data(), 'credentials', file ?? ''), '{"issuerId": 1}');
    expect(await test('ios')).toMatchObject({
      code: 2,
      line: expect.stringMatching(
        /stored credentials are not valid \(issuerId: .*sources add app-store --name ios/,
      ),
    });
    await expect(test('nope')).rejects.toThrow(/No source "nope".*ios/);
  });

  it('refuses bad input with a clear message and never repeats a secret', async () => {
    await expect(addAppStore('my-secret-but-not-a-key')).rejects.toThrow(
      /credentials are not valid \(privateKey: The private key is the PEM text/,
    );
    await expect(addAppStore('my-secret-but-not-a-key')).rejects.not.toThrow(/my-secret/);
    const base = {
      kind: 'google-play',
      name: 'android',
      data: data(),
      set: ['packageName=com.acme.notes'],
    };
    await expect(
      runSourcesAdd({ ...base, credentialsStdin: true }, io({}, '', true)),
    ).rejects.toThrow(/Pipe the credentials in/);
    await expect(runSourcesAdd({ ...base, credentialsStdin: true }, io({}, '[1]'))).rejects.toThrow(
      /not hold a JSON object/,
    );
    await expect(runSourcesAdd({ ...base, secret: ['private_key=UNSET'] }, io())).rejects.toThrow(
      /variable named for private_key \(--secret private_key=…\) is not set or is empty .*export PRIVATE_KEY, then --secret private_key=PRIVATE_KEY/,
    );
    // Found by a fresh-user trial: the secret itself given to --secret was printed back, in an
    // `export sekrit-literal=…` hint no shell takes.
    for (const secret of ['private_key=sekrit-literal/+x', 'sekrit-literal']) {
      const added = runSourcesAdd({ ...base, secret: [secret] }, io());
      await expect(added).rejects.toThrow(
        secret.includes('=')
          ? /given for private_key \(--secret private_key=…\) is not the name of an environment variable .*looks like the secret itself.*read -rs PRIVATE_KEY && export PRIVATE_KEY, then --secret private_key=PRIVATE_KEY; or pipe .* --credentials-stdin/
          : /--secret takes field=VARIABLE pairs: the name of an environment variable/,
      );
      await expect(added).rejects.not.toThrow(/sekrit/);
    }
    // A base64 secret given whole splits at its padding into "field" and "="; a token of letters,
    // digits and _ is a valid variable name: neither is repeated.
    const token = `ghp_${'x7Q'.repeat(12)}`;
    for (const [secret, said] of [
      [
        'c2Vrcml0bGl0ZXJhbA==',
        /field is one of the google-play secrets \(client_email, private_key, private_key_id, token_uri\); a pair given names none of them/,
      ],
      [
        `private_key=${token}`,
        /variable named for private_key \(--secret private_key=…\) is not set .*export PRIVATE_KEY, then --secret private_key=PRIVATE_KEY/,
      ],
      ['private_key=lower_case_name', /variable named for private_key .* is not set/],
      ['private_key=JBSWY3DPEHPK3PXP', /variable named for private_key .* is not set/],
    ] as const) {
      const added = runSourcesAdd({ ...base, secret: [secret] }, io());
      await expect(added).rejects.toThrow(said);
      await expect(added).rejects.not.toThrow(/c2Vrcml0|ghp_|lower_case|JBSWY3/);
    }
    // Found by fresh-user trial 18: a password in an address setting was stored and shown.
    const inUrl = runSourcesAdd(
      {
        ...base,
        kind: 'sentry',
        set: ['organization=a', 'project=b', 'baseUrl=http://bob:pw-s3cr3t@127.0.0.1:9'],
        secret: ['authToken=HOME'],
      },
      io({ HOME: 'token-not-secret' }),
    );
    await expect(inUrl).rejects.toThrow(/baseUrl: The address holds a user name or password/);
    await expect(inUrl).rejects.not.toThrow(/s3cr3t/);
    // Found by fresh-user trial 18: `--set <token>` (no "=") was repeated in the error.
    const setToken = runSourcesAdd({ ...base, set: [token] }, io());
    await expect(setToken).rejects.toThrow(/--set takes name=value pairs; one has no "="/);
    await expect(setToken).rejects.not.toThrow(/ghp_/);
    await expect(runSourcesAdd({ ...base, kind: 'play' }, io())).rejects.toThrow(
      /Unknown source kind "play".*google-play/,
    );
    await expect(
      runSourcesAdd(
        { ...base, set: ['packageName=notes'], credentialsStdin: true },
        io({}, JSON.stringify(googlePlay.serviceAccount)),
      ),
    ).rejects.toThrow(/settings are not valid \(packageName: The package name looks like/);
    await expect(runSourcesList({ data: path.join(work, 'none') }, io())).rejects.toThrow(
      /No service store/,
    );
  });
});
