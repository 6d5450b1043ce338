/**
 * The digest's channel flags, shared by `serve` (a scheduled digest) and `digest` (one now). Each
 * falls back to its environment variable (`SIGHTLINE_DIGEST_*`), the better place for a webhook
 * URL or an SMTP password than a command line.
 */
import type { Command } from 'commander';

/** The channel flags as the command line gives them. */
export interface DigestChannelFlags {
  digestWebhook?: string;
  digestSmtp?: string;
  digestFrom?: string;
  digestTo?: string;
  digestLink?: string;
}

/** The flags as `readDigestConfig` takes them. */
export function digestSettings(flags: DigestChannelFlags) {
  return {
    webhook: flags.digestWebhook,
    smtp: flags.digestSmtp,
    from: flags.digestFrom,
    to: flags.digestTo,
    link: flags.digestLink,
  };
}

/**
 * Adds the channel flags to `command`.
 * @returns the same command, for chaining.
 */
export function addDigestChannelOptions(command: Command): Command {
  return command
    .option(
      '--digest-webhook <url>',
      'Slack-compatible incoming webhook the digest is posted to (default $SIGHTLINE_DIGEST_WEBHOOK)',
    )
    .option(
      '--digest-smtp <url>',
      'SMTP server the digest is mailed through, smtp://user:pass@host:587 or smtps://…:465 (default $SIGHTLINE_DIGEST_SMTP)',
    )
    .option(
      '--digest-from <address>',
      'sender of the digest e-mail (default $SIGHTLINE_DIGEST_FROM)',
    )
    .option(
      '--digest-to <addresses>',
      'recipients of the digest e-mail, separated by commas (default $SIGHTLINE_DIGEST_TO)',
    )
    .option(
      '--digest-link <url>',
      "the console's public address, for links to each group (default $SIGHTLINE_DIGEST_LINK; serve: its own address)",
    );
}
