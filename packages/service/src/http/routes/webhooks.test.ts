import { describe, expect, it } from 'vitest';
import type { Pipeline } from '../../pipeline/index.js';
import { type WebhookDeps, webhookRoutes } from './webhooks.js';

/**
 * The route with a waiting room of two over a pipeline that stores nothing until released:
 * `releases` holds one function per delivery being stored (each answers it 422).
 */
function heldRoute() {
  const releases: (() => void)[] = [];
  const pipeline = {
    receiveWebhook: () =>
      new Promise((resolve) =>
        releases.push(() => resolve({ outcome: 'rejected', message: 'not an event' })),
      ),
  } as unknown as Pipeline;
  const app = webhookRoutes({ pipeline, limits: { webhookWaiting: 2 } } as WebhookDeps);
  return { app, releases };
}

describe('webhook route under a burst', () => {
  it('answers 503 with Retry-After once the waiting room is full, reading no more bodies', async () => {
    const { app, releases } = heldRoute();
    const deliver = () => app.request('/s1', { method: 'POST', body: '{}' });
    // Six are being stored, two wait.
    const accepted = Array.from({ length: 8 }, deliver);
    for (let wait = 0; releases.length < 6 && wait < 2000; wait++) {
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

  it('refuses deliveries sent at once past the room before reading their bodies: memory stays bounded', async () => {
    const { app, releases } = heldRoute();
    // Twelve deliveries whose bodies arrive only once the ones let in are all being read.
    let reading = 0;
    let send: () => void = () => {};
    const sent = new Promise<void>((resolve) => {
      send = resolve;
    });
    const slowBody = () =>
      new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            reading += 1;
            await sent;
            controller.enqueue(new TextEncoder().encode('{}'));
            controller.close();
          },
        },
        { highWaterMark: 0 },
      );
    const answers = Array.from({ length: 12 }, async () =>
      app.request('/s1', { method: 'POST', body: slowBody(), duplex: 'half' } as RequestInit),
    );
    let settled = 0;
    for (const answer of answers) void answer.then(() => (settled += 1));
    for (let wait = 0; (reading < 8 || settled < 4) && wait < 2000; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // Room for six being stored and two waiting: the other four bodies are never read.
    expect({ reading, settled }).toEqual({ reading: 8, settled: 4 });
    send();
    for (let wait = 0; settled < 12 && wait < 4000; wait++) {
      for (const release of releases.splice(0)) release();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // Six stored at once, two waiting; the other four refused, not held.
    const statuses = (await Promise.all(answers)).map((answer) => answer.status);
    expect(statuses.sort()).toEqual([...Array(8).fill(422), ...Array(4).fill(503)]);
  });
});
