import { describe, expect, it } from 'vitest';
import { readDigestConfig } from './digest-config.js';

const message = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected an error');
};

describe('readDigestConfig', () => {
  it('reads flags first, then the environment', () => {
    expect(
      readDigestConfig(
        { webhook: 'https://hooks.example.com/services/T1/B2/xyz', to: 'a@example.com' },
        {
          SIGHTLINE_DIGEST_WEBHOOK: 'https://other.example.com/hook',
          SIGHTLINE_DIGEST_SMTP: 'smtps://u:p@mail.example.com:465',
          SIGHTLINE_DIGEST_FROM: 'Sightline <s@example.com>',
          SIGHTLINE_DIGEST_TO: 'ignored@example.com',
          SIGHTLINE_DIGEST_LINK: 'https://triage.example.com/',
        },
      ),
    ).toEqual({
      webhook: { url: 'https://hooks.example.com/services/T1/B2/xyz' },
      email: {
        smtpUrl: 'smtps://u:p@mail.example.com:465',
        from: 'Sightline <s@example.com>',
        to: ['a@example.com'],
      },
      consoleUrl: 'https://triage.example.com',
    });
  });

  it('refuses a webhook URL with a user name or password, showing neither', () => {
    // Fresh-user trial 31: fetch refused it with an error that printed the whole URL.
    const refused = message(() =>
      readDigestConfig(
        { webhook: 'https://bot:pw-secret@hooks.example.com/T1/B2/path-secret' },
        {},
      ),
    );
    expect(refused).toContain('holds a user name or password');
    expect(refused).toContain('https://hooks.example.com');
    expect(refused).not.toMatch(/pw-secret|path-secret|bot/);
  });

  it('says what is wrong and how to write it, never showing a secret', () => {
    // Only the caller knows its own flags: no hint at a --dry-run the command may not have.
    expect(message(() => readDigestConfig({}, {}))).toMatch(
      /^The digest has nowhere to go: .* for e-mail\.$/,
    );
    expect(
      message(() => readDigestConfig({}, {}, { otherwise: 'or --dry-run to print it' })),
    ).toMatch(/ for e-mail \(or --dry-run to print it\)\.$/);
    expect(readDigestConfig({}, {}, { requireChannel: false })).toEqual({});
    const webhook = message(() =>
      readDigestConfig({ webhook: 'ftp://hooks.example.com/T1/B2/secret-token' }, {}),
    );
    expect(webhook).toContain(
      '--digest-webhook (or SIGHTLINE_DIGEST_WEBHOOK) must be an http(s) URL',
    );
    expect(webhook).toContain('got ftp://hooks.example.com');
    expect(webhook).not.toContain('secret-token');
    expect(message(() => readDigestConfig({ webhook: 'hunter2' }, {}))).toContain(
      'a 7-character text that is not a URL',
    );
    const smtp = message(() =>
      readDigestConfig(
        { smtp: 'http://u:pw-secret@mail.example.com', from: 'a@b.c', to: 'c@d.e' },
        {},
      ),
    );
    expect(smtp).toContain('must be an SMTP URL');
    expect(smtp).not.toContain('pw-secret');
    expect(
      message(() => readDigestConfig({ smtp: 'smtp://mail.example.com', to: 'a@b.c' }, {})),
    ).toContain('E-mail needs a sender and recipients: give --digest-from');
    expect(
      message(() => readDigestConfig({ to: 'a@b.c', webhook: 'https://h.example.com/x' }, {})),
    ).toContain('but no SMTP server to send through');
    expect(
      message(() =>
        readDigestConfig({ smtp: 'smtp://mail.example.com', from: 'me', to: 'a@b.c' }, {}),
      ),
    ).toContain('"me" is not an e-mail address');
  });
});
