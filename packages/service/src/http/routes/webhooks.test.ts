import { describe, expect, it } from 'vitest';
import type { Pipeline } from '../../pipeline/index.js';
import { type WebhookDeps, webhookRoutes } from './webhooks.js';

describe('webhook route under a burst', () => {
  it('answers 503 with Retry-After once the waiting room is full, reading no more bodies', async () => {
    const releases: (() => void)[] = [];
    const pipeline = {
      receiveWebhook: () =>
        new Promise((resolve) =>
          releases.push(() => resolve({ outcome: 'rejected', message: 'not an event' })),
        ),
    } as unknown as Pipeline;
    const app = webhookRoutes({ pipeline, limits: { webhookWaiting: 2 } } as WebhookDeps);
    const deliver = () => app.request('/s1', { method: 'POST', body: '{}' });
    // Six are being stored, two wait.
    const accepted = Array.from({ length: 8 }, deliver);
    for (let wait = 0; releases.length < 6 && wait < 200; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    const refused = await deliver();
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect((await refused.json()).error.code).toBe('BUSY');
    for (let released = 0; released < 8; ) {
      const now = releases.splice(0);
      for (const release of now) release();
      released += now.length;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect((await Promise.all(accepted)).map((answer) => answer.status)).toEqual(
      Array(8).fill(422),
    );
  });
});
