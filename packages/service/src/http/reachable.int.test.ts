/**
 * Nothing reachable that the operator did not configure: an API caller names a configured model,
 * never a spec or a URL, and the service calls no host a request names.
 */
import net from 'node:net';
import { MockLanguageModelV3 } from 'ai/test';
import { afterEach, describe, expect, it } from 'vitest';
import { cartCrash, openHarness, type ServiceHarness } from '../pipeline/harness.test-helper.js';
import { createCredentialStore } from '../sources/credentials.js';
import { createSourceRegistry } from '../sources/registry.js';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { createApp } from './app.js';

const TOKEN = 'test-token-not-secret';

/** A TCP server on 127.0.0.1 that counts the connections made to it. */
async function countingServer() {
  const counted = { connections: 0 };
  const server = net.createServer((socket) => {
    counted.connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { counted, port, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** A resolver that, like a real provider, calls the base URL a spec names. */
function resolverCallingTheSpec(spec: string) {
  const baseURL = spec.slice(spec.indexOf(':') + 1).split('#')[0] ?? '';
  return new MockLanguageModelV3({
    doGenerate: async () => {
      await fetch(`${baseURL}/chat/completions`, { method: 'POST', body: '{}' });
      throw new Error('unreachable in this test');
    },
  });
}

describe.each(TEST_DATABASES)('models an API caller may name, on $name', (kind) => {
  let harness: ServiceHarness;
  afterEach(async () => {
    await harness?.close();
  });

  it('refuses a model URL on 127.0.0.1 with 400, and makes no outbound connection', async () => {
    const target = await countingServer();
    try {
      harness = await openHarness(kind, {
        pipeline: {
          resolveModel: resolverCallingTheSpec,
          models: { fast: 'openai:gpt-4.1-mini' },
        },
      });
      const app = createApp({
        ...harness,
        registry: createSourceRegistry([]),
        credentials: createCredentialStore(harness.repo.root),
        token: TOKEN,
      });
      const call = (url: string, init: RequestInit = {}) =>
        app.request(url, {
          ...init,
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        });
      await harness.ingestText([{ id: 'c1', text: cartCrash() }]);
      await harness.queue.drain({ timeoutMs: 60_000 });
      const [group] = (await harness.store.inbox({})).groups;
      if (!group) throw new Error('no group');
      for (const model of [
        `openai-compatible:http://127.0.0.1:${target.port}/v1#x`,
        `http://127.0.0.1:${target.port}/v1`,
      ]) {
        const refused = await call(`/api/groups/${group.id}/investigate`, {
          method: 'POST',
          body: JSON.stringify({ model }),
        });
        expect(refused.status).toBe(400);
        expect((await refused.json()).error.message).toMatch(
          /^model: a URL is not accepted; .* configured: fast\./,
        );
      }
      const unknown = await call(`/api/groups/${group.id}/investigate`, {
        method: 'POST',
        body: JSON.stringify({ model: 'anthropic:claude-opus-4-1' }),
      });
      expect(unknown.status).toBe(400);
      expect((await unknown.json()).error.message).toContain('no model named');
      expect((await (await call('/api/settings')).json()).models).toEqual(['fast']);
      await harness.queue.drain({ timeoutMs: 60_000 });
      expect(await harness.queue.failed()).toEqual([]);
      expect(target.counted.connections).toBe(0);
    } finally {
      await target.close();
    }
  }, 60_000);
});
