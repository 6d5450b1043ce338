/**
 * Sending the digest of what waits since the last one: the period runs from the end of the last
 * digest sent (the first one: the 24 hours before) to now; it is claimed in the store, collected,
 * delivered to every configured channel and then recorded as sent, so the next digest starts
 * where this one ended — after a restart too, and on any store.
 */
import { SightlineError } from '@sightline/core';
import type { Store } from '../store/index.js';
import { collectDigest, type Digest, isEmptyDigest } from './collect-digest.js';
import { type DeliverOptions, postToWebhook, sendDigestEmail } from './deliver-digest.js';
import { type DigestConfig, digestChannels } from './digest-config.js';
import { digestSubject, renderDigest } from './render-digest.js';

/** How far back the first digest looks, ms (24 hours). */
export const FIRST_DIGEST_LOOKBACK_MS = 24 * 60 * 60_000;

/** Options of {@link sendDigest}. */
export interface SendDigestOptions extends DeliverOptions {
  config: DigestConfig;
  /** End of the period. Default: now. */
  now?: Date;
  /** Collect and render only: nothing is sent or recorded. Default false. */
  dryRun?: boolean;
  /** Most groups listed per section. Default 20. */
  limit?: number;
}

/** What {@link sendDigest} did. */
export interface DigestOutcome {
  /**
   * `sent`; `empty` (nothing happened: nothing sent, the period stays open); `dry-run`; `taken`
   * (another service is sending this period).
   */
  outcome: 'sent' | 'empty' | 'dry-run' | 'taken';
  digest: Digest;
  /** Channels it was delivered to. */
  channels: ('webhook' | 'email')[];
  /** The messages as written: e-mail subject, webhook text (Slack mrkdwn), e-mail text. */
  message: { subject: string; webhookText: string; emailText: string };
}

/**
 * Collects the digest since the last one and sends it.
 * @throws SightlineError `DIGEST_UNDELIVERED` when a channel failed: if another channel took it,
 *   the digest is recorded as sent (`details.delivered` lists where it went) and the next one starts
 *   after it; if none did, nothing is recorded and the next try covers the same period.
 */
export async function sendDigest(store: Store, options: SendDigestOptions): Promise<DigestOutcome> {
  const { config, dryRun = false } = options;
  const until = (options.now ?? new Date()).toISOString();
  const last = await store.digests.lastSent();
  const since = last?.until ?? new Date(Date.parse(until) - FIRST_DIGEST_LOOKBACK_MS).toISOString();
  const digest = await collectDigest(store, {
    since,
    until,
    ...(options.limit !== undefined ? { limit: options.limit } : {}),
  });
  const link = config.consoleUrl ? { consoleUrl: config.consoleUrl } : {};
  const message = {
    subject: digestSubject(digest),
    webhookText: renderDigest(digest, { style: 'slack', ...link }),
    emailText: renderDigest(digest, { style: 'plain', ...link }),
  };
  const result = (outcome: DigestOutcome['outcome'], channels: DigestOutcome['channels'] = []) => ({
    outcome,
    digest,
    channels,
    message,
  });
  if (dryRun) return result('dry-run');
  if (isEmptyDigest(digest)) return result('empty');
  const claim = await store.digests.claim({ since, until });
  if (!claim) return result('taken');
  const delivered: DigestOutcome['channels'] = [];
  const failures: SightlineError[] = [];
  for (const channel of digestChannels(config)) {
    try {
      if (channel === 'webhook' && config.webhook) {
        await postToWebhook(config.webhook, message.webhookText, options);
      }
      if (channel === 'email' && config.email) {
        await sendDigestEmail(
          config.email,
          { subject: message.subject, text: message.emailText },
          options,
        );
      }
      delivered.push(channel);
    } catch (error) {
      if (!SightlineError.isInstance(error)) {
        await store.digests.release(claim);
        throw error;
      }
      failures.push(error);
    }
  }
  if (delivered.length === 0) await store.digests.release(claim);
  else {
    await store.digests.complete(claim, {
      channels: delivered,
      counts: {
        newGroups: digest.newGroups.total,
        regressions: digest.regressions.total,
        diagnoses: digest.diagnoses.total,
      },
    });
  }
  if (failures.length > 0) {
    throw new SightlineError({
      code: 'DIGEST_UNDELIVERED',
      message: `${failures.map((failure) => failure.message).join(' ')}${delivered.length ? ` (It went by ${delivered.join(' and ')}.)` : ' Nothing was recorded: the next digest covers the same period.'}`,
      details: { delivered, failed: failures.map((failure) => failure.details.channel) },
    });
  }
  return result('sent', delivered);
}
