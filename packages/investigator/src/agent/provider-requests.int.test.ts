import type { ScriptedResponse } from '@sightline/core/testing';
import { resolveModel } from '@sightline/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeRepository, type FakeRepository } from '../testing/fake-repository.js';
import { CART_DIAGNOSIS } from './__fixtures__/cart-diagnosis.js';
import {
  createWireFetch,
  type RecordedRequest,
  type WireAnswer,
  type WireProtocol,
} from './__fixtures__/provider-wire.js';
import { investigateWithModel } from './run-agent.js';

/** A free-form report (no Confidence section), so the structurer is called and its schema sent. */
const FREE_FORM =
  '## Root cause\ncartTotal starts its loop at index 1.\n\n## Affected files\n- src/cart/total.ts:6-8';

const VALID = CART_DIAGNOSIS;

const AGENT: ScriptedResponse[] = [
  { toolCalls: [{ toolName: 'grep', input: { pattern: 'cartTotal' } }] },
  {
    toolCalls: [
      {
        toolName: 'suspect',
        input: { locations: [{ path: 'src/cart/total.ts', why: 'the loop' }] },
      },
    ],
  },
  { toolCalls: [{ toolName: 'grep', input: { pattern: 'items\\[0\\]' } }] },
  { toolCalls: [{ toolName: 'conclude', input: { summary: 'The loop skips items[0].' } }] },
  { text: FREE_FORM },
];

/** Where each protocol puts the parts the tests read. */
const WIRE: Record<
  WireProtocol,
  {
    spec: string;
    tools: (body: Record<string, unknown>) => unknown;
    toolChoice: (body: Record<string, unknown>) => unknown;
    system: (body: Record<string, unknown>) => unknown;
    schema: (body: Record<string, unknown>) => unknown;
    noneChoice: unknown;
  }
> = {
  anthropic: {
    spec: 'anthropic:claude-sonnet-4-5',
    tools: (body) => body.tools,
    toolChoice: (body) => body.tool_choice,
    system: (body) => body.system,
    schema: (body) =>
      (body.output_config as { format?: { schema?: unknown } } | undefined)?.format?.schema ??
      (body.tools as { name: string; input_schema: unknown }[] | undefined)?.find(
        (tool) => tool.name === 'json',
      )?.input_schema,
    noneChoice: { type: 'none' },
  },
  'openai-responses': {
    spec: 'openai:gpt-4.1',
    tools: (body) => body.tools,
    toolChoice: (body) => body.tool_choice,
    system: (body) => (body.input as unknown[])[0],
    schema: (body) => (body.text as { format?: { schema?: unknown } } | undefined)?.format?.schema,
    noneChoice: 'none',
  },
  'openai-chat': {
    spec: 'openai-compatible:http://127.0.0.1:11434/v1#qwen2.5-coder:14b',
    tools: (body) => body.tools,
    toolChoice: (body) => body.tool_choice,
    system: (body) => (body.messages as unknown[])[0],
    schema: (body) =>
      (body.response_format as { json_schema?: { schema?: unknown } } | undefined)?.json_schema
        ?.schema,
    noneChoice: 'none',
  },
};

/** Keywords strict structured-output modes reject. */
const STRICT_REJECTED = /"(minLength|maxLength|minimum|maximum|minItems|maxItems|exclusiveM\w+)"/;

describe.each(Object.keys(WIRE) as WireProtocol[])('requests the %s provider sends', (protocol) => {
  const wire = WIRE[protocol];
  let repository: FakeRepository;
  beforeAll(async () => {
    repository = await createFakeRepository();
  });
  afterAll(() => repository.cleanup());

  const investigate = async (answers: WireAnswer[]) => {
    const recorder = createWireFetch(protocol, answers);
    const { model } = resolveModel(wire.spec, {
      env: { ANTHROPIC_API_KEY: 'sk-ant-test', OPENAI_API_KEY: 'sk-test' },
      fetch: recorder.fetch,
    });
    const result = await investigateWithModel({
      report: repository.report,
      repository: repository.repository,
      model,
      suspects: [],
      repoMap: '',
      label: 'bug',
    });
    const isAgent = (request: RecordedRequest) =>
      JSON.stringify(wire.tools(request.body) ?? []).includes('"grep"');
    const agentRequests = recorder.requests.filter(isAgent);
    const structurerRequests = recorder.requests.filter((request) => !isAgent(request));
    return { result, agentRequests, structurerRequests };
  };

  it('sends the same tools and system prompt on every step, and the output step keeps the tools with tool choice none', async () => {
    const { result, agentRequests } = await investigate([
      ...AGENT,
      { text: JSON.stringify(VALID) },
    ]);
    expect(agentRequests).toHaveLength(AGENT.length);
    const [first, ...rest] = agentRequests as [RecordedRequest, ...RecordedRequest[]];
    const tools = JSON.stringify(wire.tools(first.body));
    expect(tools).toContain('"grep"');
    expect(tools).toContain('"find_symbol"');
    for (const request of rest) {
      expect(JSON.stringify(wire.tools(request.body))).toBe(tools);
      expect(wire.system(request.body)).toEqual(wire.system(first.body));
    }
    expect(wire.toolChoice(agentRequests.at(-1)?.body ?? {})).toEqual(wire.noneChoice);
    expect(result.diagnosis.verification).toEqual({ verified: true, reasons: [] });
  });

  it('sends tools with real integer bounds, strict: false to the Responses API, and reads placeholder arguments as absent', async () => {
    const { agentRequests, result } = await investigate([
      // What strict mode makes a model send for the optional parameters it meant to leave out.
      {
        toolCalls: [
          {
            toolName: 'grep',
            input: {
              pattern: 'cartTotal',
              path: '',
              glob: '',
              caseSensitive: false,
              maxResults: 0,
            },
          },
        ],
      },
      ...AGENT.slice(1),
      { text: JSON.stringify(VALID) },
    ]);
    const sent = wire.tools(agentRequests[0]?.body ?? {}) as Record<string, unknown>[];
    // The code and phase tools (compaction's read_stored, offered only to small windows, is its own).
    const ours = sent.filter((tool) => !JSON.stringify(tool).includes('_stored'));
    expect(JSON.stringify(ours)).not.toContain('9007199254740991');
    expect(JSON.stringify(sent)).not.toContain('"$schema"');
    const strict = sent.map((tool) => tool.strict);
    expect(strict).toEqual(sent.map(() => (protocol === 'openai-responses' ? false : undefined)));
    // The grep ran as if path, glob and maxResults were not given: its result lists matches.
    const second = JSON.stringify(agentRequests[1]?.body);
    expect(second).toContain('src/cart/total.ts');
    expect(second).not.toMatch(/Invalid input|INVALID_ARGUMENT/);
    expect(result.diagnosis.verification?.verified).toBe(true);
  });

  it('marks the prompt cache: Anthropic breakpoints on the system prompt, the report and the last history block; an OpenAI cache key', async () => {
    const { agentRequests } = await investigate([...AGENT, { text: JSON.stringify(VALID) }]);
    for (const { body } of agentRequests) {
      const text = JSON.stringify(body);
      if (protocol === 'anthropic') {
        const system = body.system as { cache_control?: unknown }[];
        expect(system.at(-1)?.cache_control).toEqual({ type: 'ephemeral' });
        const messages = body.messages as { content: { cache_control?: unknown }[] }[];
        // The report's block (a step's note may follow it in the same message).
        expect(messages[0]?.content[0]?.cache_control).toEqual({ type: 'ephemeral' });
        expect(text.match(/"cache_control"/g)?.length).toBeLessThanOrEqual(4);
      }
      if (protocol === 'openai-responses') {
        expect(body.prompt_cache_key).toMatch(/^sightline-/);
        expect(body.prompt_cache_key).toBe(agentRequests[0]?.body.prompt_cache_key);
      }
    }
    if (protocol === 'anthropic') {
      // From the second step on, the newest history block (a tool result) carries a breakpoint.
      const second = agentRequests[1]?.body.messages as { content: Record<string, unknown>[] }[];
      const blocks = second.flatMap((message) => message.content);
      const marked = blocks.filter((block) => block.cache_control);
      expect(marked.at(-1)?.type).toBe('tool_result');
    }
  });

  it('sends the structurer a schema without the keywords strict modes reject, every object closed', async () => {
    const { structurerRequests } = await investigate([...AGENT, { text: JSON.stringify(VALID) }]);
    expect(structurerRequests).toHaveLength(1);
    const schema = wire.schema(structurerRequests[0]?.body ?? {});
    expect(JSON.stringify(schema)).not.toMatch(STRICT_REJECTED);
    const objects: Record<string, unknown>[] = [];
    const walk = (node: unknown) => {
      if (typeof node !== 'object' || node === null) return;
      const record = node as Record<string, unknown>;
      if (record.type === 'object') objects.push(record);
      Object.values(record).forEach(walk);
    };
    walk(schema);
    expect(objects.length).toBeGreaterThan(3);
    for (const object of objects) expect(object.additionalProperties).toBe(false);
  });

  it('retries the structurer without strict mode when the provider rejects the schema', async () => {
    const rejection = {
      status: 400,
      body: {
        type: 'error',
        error: {
          type: 'invalid_request_error',
          message: "Invalid schema for response_format 'diagnosis'",
        },
      },
    };
    const { structurerRequests } = await investigate([
      ...AGENT,
      rejection,
      { text: JSON.stringify(VALID) },
    ]);
    // Strict first, then relaxed: OpenAI's `strict: false`, Anthropic's JSON tool instead of
    // `output_config.format`.
    const mode = ({ body }: RecordedRequest) =>
      protocol === 'anthropic'
        ? body.output_config
          ? 'output_config'
          : 'json tool'
        : JSON.stringify(body).match(/"strict":(true|false)/)?.[1];
    expect(structurerRequests.map(mode)).toEqual(
      protocol === 'anthropic' ? ['output_config', 'json tool'] : ['true', 'false'],
    );
    expect(structurerRequests.every((request) => wire.schema(request.body))).toBe(true);
  });
});
