/**
 * Delivering a digest: a `POST {"text": …}` to a Slack-compatible incoming webhook (Slack,
 * Mattermost, Rocket.Chat, Discord's `/slack` endpoint), and an e-mail through SMTP with
 * nodemailer. Failures are `DIGEST_UNDELIVERED` errors naming the channel and its host only (a
 * webhook's path is its secret).
 */
import { SightlineError } from '@sightline/core';
import nodemailer from 'nodemailer';
import { type DigestConfig, urlHost } from './digest-config.js';

/** Options of the deliveries. */
export interface DeliverOptions {
  /** HTTP client for the webhook. Default: global fetch. */
  fetch?: typeof fetch;
  /** Longest wait for the webhook or the SMTP server, ms. Default 15,000. */
  timeoutMs?: number;
}

/**
 * Posts a message to an incoming webhook. Redirects are not followed (the URL is the secret).
 * @throws SightlineError `DIGEST_UNDELIVERED` when the server cannot be reached, does not answer
 *   within `timeoutMs`, or answers other than 2xx (its status and the start of its answer given).
 */
export async function postToWebhook(
  webhook: NonNullable<DigestConfig['webhook']>,
  text: string,
  { fetch: send = fetch, timeoutMs = 15_000 }: DeliverOptions = {},
): Promise<void> {
  const host = urlHost(webhook.url);
  let response: Response;
  try {
    response = await send(webhook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw undelivered(
      timedOut
        ? `The webhook at ${host} did not answer within ${timeoutMs} ms.`
        : `The webhook at ${host} could not be reached (${withoutUrl(causeText(error), webhook.url, host)}). Check the URL and the network.`,
      'webhook',
      error,
    );
  }
  if (!response.ok) {
    const answer = (await response.text().catch(() => '')).replace(/\s+/g, ' ').slice(0, 200);
    throw undelivered(
      `The webhook at ${host} answered HTTP ${response.status}${answer ? `: ${answer}` : ''}. Check that the webhook URL is current (a revoked Slack webhook answers 403 or 404).`,
      'webhook',
    );
  }
}

/**
 * Sends a digest by e-mail.
 * @throws SightlineError `DIGEST_UNDELIVERED` when the SMTP server cannot be reached, refuses the
 *   login or a recipient, or does not answer within `timeoutMs`.
 */
export async function sendDigestEmail(
  email: NonNullable<DigestConfig['email']>,
  message: { subject: string; text: string },
  { timeoutMs = 15_000 }: DeliverOptions = {},
): Promise<void> {
  const transport = nodemailer.createTransport({
    url: email.smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  try {
    await transport.sendMail({
      from: email.from,
      to: email.to,
      subject: message.subject,
      text: message.text,
    });
  } catch (error) {
    throw undelivered(
      `The SMTP server at ${urlHost(email.smtpUrl)} did not take the digest (${causeText(error)}). Check --digest-smtp (host, port, user and password) and the addresses.`,
      'email',
      error,
    );
  } finally {
    transport.close();
  }
}

/** `text` with every spelling of `url` (as given, as fetch normalizes it) shown as `host`: its path is its secret. */
function withoutUrl(text: string, url: string, host: string): string {
  const spellings = [url, URL.canParse(url) ? new URL(url).href : url].sort(
    (a, b) => b.length - a.length,
  );
  return spellings.reduce((shown, spelling) => shown.split(spelling).join(host), text);
}

function causeText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const code =
    (cause as NodeJS.ErrnoException | undefined)?.code ?? (error as NodeJS.ErrnoException).code;
  const text = cause?.message ?? error.message;
  return code && !text.includes(code) ? `${code}: ${text}` : text;
}

function undelivered(
  message: string,
  channel: 'webhook' | 'email',
  cause?: unknown,
): SightlineError {
  return new SightlineError({
    code: 'DIGEST_UNDELIVERED',
    message,
    details: { channel },
    ...(cause !== undefined ? { cause } : {}),
  });
}
