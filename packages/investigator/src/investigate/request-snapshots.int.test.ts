/**
 * What a model receives in a whole investigation, per provider: every request body the real
 * `@ai-sdk/*` provider sends to a local server speaking its wire protocol, kept as a file snapshot
 * in `__snapshots__/requests/` so a reviewer can read it and a change to it shows in the diff.
 * Regenerate with `npm run snapshot:requests` (vitest's `-u` for this file).
 */
import { resolveModel } from '@sightline/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_REPORT } from '../agent/__fixtures__/cart-diagnosis.js';
import { type ServerAnswer, startProviderServer } from '../agent/__fixtures__/provider-server.js';
import type { WireProtocol } from '../agent/__fixtures__/provider-wire.js';
import { createFakeRepository, type FakeRepository } from '../testing/fake-repository.js';
import { investigate } from './investigate.js';

const call = (toolName: string, input: unknown): ServerAnswer => ({
  toolCalls: [{ toolName, input }],
});

/** Explore, suspect, deep-dive, conclude, report: the shape of a real investigation. */
const SCRIPT: ServerAnswer[] = [
  {
    text: 'The report names cartTotal; the suspects point at src/cart/total.ts.',
    toolCalls: [
      { toolName: 'grep', input: { pattern: 'cartTotal' } },
      { toolName: 'read_file', input: { path: 'src/cart/total.ts' } },
    ],
  },
  call('find_symbol', { name: 'checkoutSummary' }),
  call('suspect', {
    locations: [{ path: 'src/cart/total.ts', lines: [6, 8], why: 'the loop starts at 1' }],
  }),
  call('read_file', { path: 'src/checkout.ts', startLine: 1, endLine: 12 }),
  call('conclude', { summary: 'cartTotal starts its loop at index 1 and skips items[0].' }),
  { text: CART_REPORT },
];

const SPECS: Record<WireProtocol, (baseURL: string) => string> = {
  anthropic: () => 'anthropic:claude-sonnet-4-5',
  'openai-responses': () => 'openai:gpt-5',
  'openai-chat': (baseURL) => `openai-compatible:${baseURL}#qwen2.5-coder:32b`,
};

describe.each(Object.keys(SPECS) as WireProtocol[])(
  'the requests of a whole investigation: %s',
  (protocol) => {
    let repository: FakeRepository;
    beforeAll(async () => {
      repository = await createFakeRepository();
    });
    afterAll(() => repository.cleanup());

    it('match the snapshot a reviewer reads', async () => {
      const server = await startProviderServer(protocol, SCRIPT);
      try {
        const { model } = resolveModel(SPECS[protocol](server.baseURL), {
          env: { ANTHROPIC_API_KEY: 'sk-ant-snapshot', OPENAI_API_KEY: 'sk-snapshot' },
          baseURL: server.baseURL,
        });
        const result = await investigate({
          repo: repository.root,
          report: repository.reportText,
          model,
          cacheDir: false,
        });
        expect(result.diagnosis.verification?.verified).toBe(true);
        const bodies = server.requests.map((request) => request.body);
        // The prompt cache key carries the run's random session id.
        const stable = JSON.stringify(bodies, null, 2).replace(
          /"sightline-[0-9a-f-]{36}"/g,
          '"sightline-<session>"',
        );
        await expect(`${stable}\n`).toMatchFileSnapshot(
          `./__snapshots__/requests/${protocol}.json`,
        );
      } finally {
        await server.close();
      }
    });
  },
);
