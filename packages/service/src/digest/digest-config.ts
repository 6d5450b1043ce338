/**
 * Where a digest goes, read from flags or the environment and checked before anything is sent: a
 * Slack-compatible incoming webhook, and/or e-mail through an SMTP server. A webhook URL carries
 * its secret in its path and an SMTP URL may carry a password, so messages about them name the
 * host only.
 */
import { SightlineError } from '@sightline/core';

/** Where a digest is delivered, checked. */
export interface DigestConfig {
  /** A Slack-compatible incoming webhook (`POST {"text": …}`). */
  webhook?: { url: string };
  /** E-mail through SMTP (`smtp://user:pass@host:587`, `smtps://…:465`). */
  email?: { smtpUrl: string; from: string; to: string[] };
  /** The console's address, for links to groups (`<url>/#/groups/<id>`). Default: no links. */
  consoleUrl?: string;
}

/** The settings as given (flags, else the environment variables named in {@link DIGEST_ENV}). */
export interface DigestSettings {
  webhook?: string | undefined;
  smtp?: string | undefined;
  from?: string | undefined;
  /** Recipients separated by commas. */
  to?: string | undefined;
  link?: string | undefined;
}

/** The environment variable of each setting (secrets are better kept out of command lines). */
export const DIGEST_ENV = {
  webhook: 'SIGHTLINE_DIGEST_WEBHOOK',
  smtp: 'SIGHTLINE_DIGEST_SMTP',
  from: 'SIGHTLINE_DIGEST_FROM',
  to: 'SIGHTLINE_DIGEST_TO',
  link: 'SIGHTLINE_DIGEST_LINK',
} as const satisfies Record<keyof DigestSettings, string>;

/** An e-mail address alone or with a display name (`Ops <ops@example.com>`). */
const ADDRESS = /^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

/**
 * Reads and checks the digest's settings: each flag, else its environment variable.
 * @param flags - the flags given (`--digest-webhook`, `--digest-smtp`, `--digest-from`,
 *   `--digest-to`, `--digest-link`).
 * @param env - the environment (see {@link DIGEST_ENV}).
 * @param options.requireChannel - refuse settings that name no channel. Default true (false for a
 *   dry run, which only prints).
 * @param options.otherwise - what the refusal of no channel offers besides one, in the caller's
 *   terms (`or --dry-run to print it` for `sightline digest`). Default: nothing.
 * @throws SightlineError `INVALID_ARGUMENT` saying which setting is wrong and how to write it: a
 *   webhook or link that is not an http(s) URL, an SMTP URL that is not `smtp://` or `smtps://`
 *   with a host, e-mail without a sender or recipients (or either without SMTP), an address that
 *   is not one, no channel at all.
 */
export function readDigestConfig(
  flags: DigestSettings,
  env: Readonly<Record<string, string | undefined>>,
  { requireChannel = true, otherwise }: { requireChannel?: boolean; otherwise?: string } = {},
): DigestConfig {
  const setting = (key: keyof DigestSettings) => {
    const value = flags[key] ?? env[DIGEST_ENV[key]];
    return value?.trim() ? value.trim() : undefined;
  };
  const name = (key: keyof DigestSettings) => `--digest-${key} (or ${DIGEST_ENV[key]})`;
  const config: DigestConfig = {};
  const webhook = setting('webhook');
  if (webhook)
    config.webhook = {
      url: httpUrl(webhook, name('webhook'), 'https://hooks.slack.com/services/T…/B…/…'),
    };
  const link = setting('link');
  if (link)
    config.consoleUrl = httpUrl(link, name('link'), 'https://triage.example.com').replace(
      /\/+$/,
      '',
    );
  const smtp = setting('smtp');
  const from = setting('from');
  const to = setting('to');
  if (smtp) {
    if (!from || !to) {
      throw invalid(
        `E-mail needs a sender and recipients: give ${name(from ? 'to' : 'from')}, e.g. --digest-from sightline@example.com --digest-to team@example.com,lead@example.com.`,
      );
    }
    const recipients = to
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean);
    for (const address of [from, ...recipients]) {
      if (!ADDRESS.test(address)) {
        throw invalid(
          `"${address}" is not an e-mail address: write name@example.com or Name <name@example.com> (recipients separated by commas).`,
        );
      }
    }
    config.email = { smtpUrl: smtpUrl(smtp, name('smtp')), from, to: recipients };
  } else if (from || to) {
    throw invalid(
      `${name(from ? 'from' : 'to')} is given but no SMTP server to send through: add ${name('smtp')}, e.g. smtp://user:password@mail.example.com:587.`,
    );
  }
  if (requireChannel && !config.webhook && !config.email) {
    throw invalid(
      `The digest has nowhere to go: give ${name('webhook')} for a Slack-compatible incoming webhook, and/or ${name('smtp')} with --digest-from and --digest-to for e-mail${otherwise ? ` (${otherwise})` : ''}.`,
    );
  }
  return config;
}

/** The channels a config names, for messages and records. */
export function digestChannels(config: DigestConfig): ('webhook' | 'email')[] {
  return [
    ...(config.webhook ? ['webhook' as const] : []),
    ...(config.email ? ['email' as const] : []),
  ];
}

/** A URL's scheme and host only: what messages may show of a webhook or SMTP URL. */
export function urlHost(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return '(not a URL)';
  }
}

function httpUrl(value: string, setting: string, example: string): string {
  const parsed = URL.canParse(value) ? new URL(value) : undefined;
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.host) {
    throw invalid(`${setting} must be an http(s) URL, e.g. ${example} (got ${shown(value)}).`);
  }
  if (parsed.username || parsed.password) {
    throw invalid(
      `${setting} holds a user name or password (user:password@ before ${urlHost(value)}), which fetch does not send and errors would show: give the URL as the service issued it, e.g. ${example}.`,
    );
  }
  return parsed.toString();
}

function smtpUrl(value: string, setting: string): string {
  const parsed = URL.canParse(value) ? new URL(value) : undefined;
  if (
    !parsed ||
    (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') ||
    !parsed.hostname
  ) {
    throw invalid(
      `${setting} must be an SMTP URL: smtp://user:password@mail.example.com:587 (STARTTLS when the server offers it) or smtps://…:465 (TLS); got ${shown(value)}.`,
    );
  }
  return value;
}

/** What a message shows of a value that may hold a secret: its scheme and host, or its length. */
function shown(value: string): string {
  return URL.canParse(value)
    ? urlHost(value)
    : `a ${value.length}-character text that is not a URL`;
}

function invalid(message: string): SightlineError {
  return new SightlineError({ code: 'INVALID_ARGUMENT', message });
}
