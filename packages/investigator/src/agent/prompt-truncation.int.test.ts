import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { resolveModel } from '@sightline/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeRepository, type FakeRepository } from '../testing/fake-repository.js';
import { CART_REPORT } from './__fixtures__/cart-diagnosis.js';
import {
  type ProviderServerOptions,
  type ServerAnswer,
  startProviderServer,
} from './__fixtures__/provider-server.js';
import { investigateWithModel } from './run-agent.js';

/** Step 1 reads a long file, so step 2's prompt is far longer than step 1's. */
const SCRIPT: ServerAnswer[] = [
  { toolCalls: [{ toolName: 'read_file', input: { path: 'src/catalog.ts' } }] },
  {
    toolCalls: [
      { toolName: 'suspect', input: { locations: [{ path: 'src/cart/total.ts', why: 'loop' }] } },
    ],
  },
  { toolCalls: [{ toolName: 'conclude', input: { summary: 'The loop skips items[0].' } }] },
  { text: CART_REPORT },
];

describe('a prompt cut by a small context window', () => {
  let repository: FakeRepository;
  beforeAll(async () => {
    repository = await createFakeRepository();
    const catalog = Array.from(
      { length: 190 },
      (_, index) =>
        `export const PRODUCT_${index} = { id: ${index}, name: 'Product ${index}', price: ${index}.99, tags: ['catalog', 'product-${index}'] };`,
    );
    await writeFile(path.join(repository.root, 'src/catalog.ts'), `${catalog.join('\n')}\n`);
  });
  afterAll(() => repository.cleanup());

  const investigate = async (options: ProviderServerOptions) => {
    const server = await startProviderServer('openai-chat', SCRIPT, options);
    try {
      const { model } = resolveModel(`openai-compatible:${server.baseURL}#qwen2.5-coder:14b`, {
        env: {},
        baseURL: server.baseURL,
      });
      return await investigateWithModel({
        report: repository.report,
        repository: repository.repository,
        model,
        suspects: [],
        repoMap: '',
        label: 'bug',
      }).then(
        (result) => ({ result, error: undefined }),
        (error: unknown) => ({ result: undefined, error }),
      );
    } finally {
      await server.close();
    }
  };

  it('is caught at step 2, where step 1 fit (a 3k window: step 1 is 2.4k tokens)', async () => {
    const { error } = await investigate({ contextTokens: 3_000 });
    expect(error).toMatchObject({
      code: 'MODEL_CALL_FAILED',
      message: expect.stringContaining('at step 2: the server cut the prompt'),
      details: { contextTruncated: true, step: 2, reportedTokens: 3_000 },
    });
  });

  it('is not mistaken for a server that leaves cached tokens out of its count', async () => {
    const { result, error } = await investigate({ omitCached: true });
    expect(error).toBeUndefined();
    expect(result?.diagnosis.verification?.verified).toBe(true);
  });

  it('lets a whole investigation through when the window is large enough', async () => {
    const { result } = await investigate({ contextTokens: 32_768 });
    expect(result?.markdown).toBe(CART_REPORT);
  });
});
