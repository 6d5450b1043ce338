/**
 * Scripted answers in each provider's wire format, served through a recording `fetch`: the real
 * `@ai-sdk/*` provider packages (built by `resolveModel`) send real HTTP request bodies, which the
 * tests read, and parse real response bodies. Non-streaming only (what `generateText` uses).
 */
import { countTokens } from '@sightline/core';
import type { ScriptedResponse } from '@sightline/core/testing';

/** The three wire protocols. */
export type WireProtocol = 'anthropic' | 'openai-responses' | 'openai-chat';

/** One recorded request. */
export interface RecordedRequest {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** An answer: a scripted response, or an HTTP error status with a body. */
export type WireAnswer = ScriptedResponse | { status: number; body: unknown };

/**
 * Creates a `fetch` that answers request N with `answers[N]` in `protocol`'s format and records
 * every request. Usage counts the request body's tokens as input, so reports look real.
 * @returns the fetch and the recorded requests.
 */
export function createWireFetch(protocol: WireProtocol, answers: readonly WireAnswer[]) {
  const requests: RecordedRequest[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const text = typeof init?.body === 'string' ? init.body : '';
    requests.push({
      url: String(input instanceof Request ? input.url : input),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: JSON.parse(text || '{}'),
    });
    const answer = answers[requests.length - 1];
    if (!answer) throw new Error(`No wire answer for request ${requests.length}.`);
    if ('status' in answer) return json(answer.body, answer.status);
    if ('error' in answer || 'hang' in answer) throw new Error('not a wire answer');
    const toolCalls = 'toolCalls' in answer ? answer.toolCalls : [];
    const usage = { input: countTokens(text), output: countTokens(JSON.stringify(answer)) };
    return json(encodeAnswer(protocol, answer.text ?? '', toolCalls, usage, requests.length));
  };
  return { fetch, requests };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * A non-streaming answer in a protocol's response format.
 * @param usage - input tokens (all of them, cached included), output tokens, and of the input the
 *   tokens read from the prompt cache (default 0), reported where each protocol reports them.
 * @param number - the request's 1-based number, for ids.
 */
export function encodeAnswer(
  protocol: WireProtocol,
  text: string,
  toolCalls: readonly { toolName: string; input: unknown }[],
  usage: { input: number; output: number; cached?: number },
  number: number,
): unknown {
  const cached = usage.cached ?? 0;
  const id = (index: number) => `call_${number}_${index + 1}`;
  if (protocol === 'anthropic') {
    return {
      id: `msg_${number}`,
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [
        ...(text ? [{ type: 'text', text }] : []),
        ...toolCalls.map((call, index) => ({
          type: 'tool_use',
          id: id(index),
          name: call.toolName,
          input: call.input,
        })),
      ],
      stop_reason: toolCalls.length > 0 ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      // Anthropic's input_tokens are the uncached rest (docs: "Prompt caching", tracking usage).
      usage: {
        input_tokens: usage.input - cached,
        cache_read_input_tokens: cached,
        cache_creation_input_tokens: 0,
        output_tokens: usage.output,
      },
    };
  }
  if (protocol === 'openai-responses') {
    return {
      id: `resp_${number}`,
      object: 'response',
      created_at: 1_700_000_000,
      status: 'completed',
      model: 'gpt-4.1',
      incomplete_details: null,
      output: [
        ...(text
          ? [
              {
                type: 'message',
                id: `msg_${number}`,
                status: 'completed',
                role: 'assistant',
                content: [{ type: 'output_text', text, annotations: [] }],
              },
            ]
          : []),
        ...toolCalls.map((call, index) => ({
          type: 'function_call',
          id: `fc_${number}_${index + 1}`,
          call_id: id(index),
          name: call.toolName,
          arguments: JSON.stringify(call.input),
          status: 'completed',
        })),
      ],
      usage: {
        input_tokens: usage.input,
        output_tokens: usage.output,
        input_tokens_details: { cached_tokens: cached },
        output_tokens_details: { reasoning_tokens: 0 },
      },
    };
  }
  return {
    id: `chatcmpl-${number}`,
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'qwen2.5-coder:14b',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: text || null,
          ...(toolCalls.length > 0
            ? {
                tool_calls: toolCalls.map((call, index) => ({
                  id: id(index),
                  type: 'function',
                  function: { name: call.toolName, arguments: JSON.stringify(call.input) },
                })),
              }
            : {}),
        },
        finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
      },
    ],
    usage: {
      prompt_tokens: usage.input,
      completion_tokens: usage.output,
      total_tokens: usage.input + usage.output,
      prompt_tokens_details: { cached_tokens: cached },
    },
  };
}
