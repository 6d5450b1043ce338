import { resolveModel } from '@sightline/models';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFakeRepository, type FakeRepository } from '../testing/fake-repository.js';
import { CART_DIAGNOSIS } from './__fixtures__/cart-diagnosis.js';
import {
  type ProviderServer,
  type ServerAnswer,
  startProviderServer,
} from './__fixtures__/provider-server.js';
import type { RecordedRequest, WireProtocol } from './__fixtures__/provider-wire.js';
import { type InvestigateWithModelResult, investigateWithModel } from './run-agent.js';

/** How an investigation ended: its result, or the error it threw. */
interface Ended {
  result?: InvestigateWithModelResult;
  error?: { code?: string; message: string };
}

/** Obviously fake keys; none may appear in an error, a progress event or a stat. */
const KEYS = { ANTHROPIC_API_KEY: 'sk-ant-wire-SECRET', OPENAI_API_KEY: 'sk-wire-SECRET' };
const COMPATIBLE_KEY = 'sk-compatible-wire-SECRET';

const AGENT: ServerAnswer[] = [
  { toolCalls: [{ toolName: 'grep', input: { pattern: 'cartTotal' } }] },
  { toolCalls: [{ toolName: 'read_file', input: { path: 'src/cart/total.ts' } }] },
  {
    toolCalls: [
      { toolName: 'suspect', input: { locations: [{ path: 'src/cart/total.ts', why: 'loop' }] } },
    ],
  },
  { toolCalls: [{ toolName: 'conclude', input: { summary: 'The loop skips items[0].' } }] },
  {
    text: '## Root cause\ncartTotal starts its loop at index 1.\n\n## Affected files\n- src/cart/total.ts:6-8',
  },
];
const STRUCTURED: ServerAnswer = { text: JSON.stringify(CART_DIAGNOSIS) };

const SPECS: Record<WireProtocol, (baseURL: string) => string> = {
  anthropic: () => 'anthropic:claude-sonnet-4-5',
  'openai-responses': () => 'openai:gpt-4.1',
  'openai-chat': (baseURL) => `openai-compatible:${baseURL}#qwen2.5-coder:14b`,
};

/** The tool names a request offers, whatever the protocol calls them. */
function toolNames(request: RecordedRequest): string[] {
  const tools = (request.body.tools ?? []) as { name?: string; function?: { name: string } }[];
  return tools.map((tool) => tool.name ?? tool.function?.name ?? '');
}

describe.each(Object.keys(SPECS) as WireProtocol[])('the %s provider over HTTP', (protocol) => {
  let repository: FakeRepository;
  let server: ProviderServer | undefined;
  beforeAll(async () => {
    repository = await createFakeRepository();
  });
  afterAll(() => repository.cleanup());
  afterEach(async () => server?.close());

  const investigate = async (answers: ServerAnswer[], stepTimeoutMs?: number) => {
    server = await startProviderServer(protocol, answers);
    const { model } = resolveModel(SPECS[protocol](server.baseURL), {
      env: { ...KEYS, OPENAI_COMPATIBLE_API_KEY: COMPATIBLE_KEY },
      baseURL: server.baseURL,
    });
    const events: unknown[] = [];
    const outcome = await investigateWithModel({
      report: repository.report,
      repository: repository.repository,
      model,
      suspects: [],
      repoMap: '',
      label: 'bug',
      onProgress: (event) => events.push(event),
      ...(stepTimeoutMs ? { stepTimeoutMs } : {}),
    }).then(
      (result): Ended => ({ result }),
      (error: unknown): Ended => ({ error: error as Ended['error'] & object }),
    );
    const logged = JSON.stringify([
      events,
      outcome,
      String((outcome as { error?: unknown }).error),
    ]);
    for (const key of [...Object.values(KEYS), COMPATIBLE_KEY]) expect(logged).not.toContain(key);
    return { ...outcome, requests: server.requests };
  };

  it('runs a whole investigation: cache markers, the same tools on every step, cached tokens counted', async () => {
    const { result, requests } = await investigate([...AGENT, STRUCTURED]);
    expect(result?.diagnosis.verification).toEqual({ verified: true, reasons: [] });
    const agentRequests = requests.filter((request) => toolNames(request).includes('grep'));
    expect(agentRequests).toHaveLength(AGENT.length);
    const tools = toolNames(agentRequests[0] as RecordedRequest);
    for (const request of agentRequests) expect(toolNames(request)).toEqual(tools);
    const body = JSON.stringify(agentRequests.at(-1)?.body);
    if (protocol === 'anthropic') {
      expect((body.match(/"cache_control"/g) ?? []).length).toBeGreaterThanOrEqual(2);
      expect(agentRequests.at(-1)?.headers['x-api-key']).toBe(KEYS.ANTHROPIC_API_KEY);
    }
    if (protocol === 'openai-responses') expect(body).toContain('"prompt_cache_key":"sightline-');
    expect(result?.stats.cachedInputTokens).toBeGreaterThan(0);
  });

  it('waits out a 429 with retry-after and a 500, then finishes', async () => {
    const { result, requests } = await investigate([
      {
        status: 429,
        headers: { 'retry-after': '0' },
        body: { error: { message: 'rate limited' } },
      },
      { status: 500, body: { error: { message: 'overloaded' } } },
      ...AGENT,
      STRUCTURED,
    ]);
    expect(result?.diagnosis.verification?.verified).toBe(true);
    expect(requests).toHaveLength(AGENT.length + 3);
  }, 60_000);

  it('fails cleanly on a connection that never answers', async () => {
    const { error } = await investigate([{ hang: true }], 1_000);
    expect(error).toMatchObject({ code: 'MODEL_CALL_FAILED' });
  });

  it('fails cleanly on a response cut in the middle, retrying it at most twice', async () => {
    const { error, requests } = await investigate([{ cut: true }, { cut: true }, { cut: true }]);
    expect(error).toMatchObject({ code: 'MODEL_CALL_FAILED' });
    expect(requests.length).toBeGreaterThanOrEqual(1);
    expect(requests.length).toBeLessThanOrEqual(3);
  }, 60_000);
});
