/** A test source whose webhooks are signed with HMAC-SHA256 of the raw body, hex, in `x-signature`. */
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { SourceModule } from '../sources/types.js';

/** Signs `body` as {@link signedSource} expects. */
export function signBody(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** The source: each delivery `{ id, text }` is one report with the event's id. */
export const signedSource: SourceModule<{ label: string }, { secret: string }> = {
  kind: 'signed-test',
  description: 'test source',
  configSchema: z.object({ label: z.string() }),
  credentialsSchema: z.object({ secret: z.string() }),
  create: ({ credentials }) => ({
    async webhook({ headers, body }) {
      if (
        headers['x-signature'] !== signBody(Buffer.from(body).toString('utf8'), credentials.secret)
      )
        return { verified: false, reports: [] };
      const event = JSON.parse(Buffer.from(body).toString('utf8')) as { id: string; text: string };
      return {
        verified: true,
        reports: [
          {
            sourceKind: 'signed-test',
            sourceId: event.id,
            receivedAt: '2026-03-01T00:00:00.000Z',
            format: 'auto',
            payload: { text: event.text },
          },
        ],
      };
    },
    test: async () => ({ ok: true, message: 'fine' }),
  }),
};
