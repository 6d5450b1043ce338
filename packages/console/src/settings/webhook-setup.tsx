/**
 * A source's webhook: the URL to paste at the provider (with a copy button) and, for the kinds
 * that take webhooks, where to paste it and which of the source's secrets checks the deliveries.
 * Kinds without webhooks say how they are read instead (the poll interval is in the source's state
 * line, for every kind).
 */
import { useState } from 'react';
import type { SourceView } from '../api/types.js';

/** Where each provider takes a webhook, and the secret that signs its deliveries. */
const SETUP: Record<string, { where: string; secret: string }> = {
  sentry: {
    where:
      'Sentry → Settings → Developer Settings → your internal integration: set it as the Webhook URL and tick the issue and error events.',
    secret:
      "Deliveries are checked with the integration's Client Secret: give it as this source's clientSecret.",
  },
  github: {
    where:
      'GitHub → the repository → Settings → Webhooks → Add webhook: set it as the Payload URL, content type application/json, the Issues events.',
    secret:
      "Type the same secret in GitHub's Secret field and as this source's webhookSecret: deliveries without its signature are refused.",
  },
};

/** The webhook of `source` on this service. */
export function WebhookSetup({ source }: { source: SourceView }) {
  const [copied, setCopied] = useState(false);
  const setup = SETUP[source.kind];
  const url = `${window.location.origin}${source.webhookPath}`;
  if (!setup) {
    return (
      <p className="muted">
        {source.pollIntervalMs
          ? 'No webhook: its reports are polled.'
          : 'No webhook and no polling: reports arrive through the API.'}
      </p>
    );
  }
  return (
    <div className="webhook-setup">
      <p>
        <code>{url}</code>{' '}
        <button
          type="button"
          aria-label={`Copy the webhook URL of ${source.name}`}
          onClick={() => {
            void navigator.clipboard.writeText(url).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </p>
      <p className="muted">{setup.where}</p>
      <p className="muted">{setup.secret}</p>
    </div>
  );
}
