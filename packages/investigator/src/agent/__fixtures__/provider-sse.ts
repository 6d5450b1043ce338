/**
 * Streaming answers (server-sent events) in each protocol's format, as its streaming API sends
 * them: Anthropic's `message_start`, content block start / delta / stop, `message_delta` with the
 * stop reason and `message_stop`; the Responses API's `response.created`, output items added,
 * their text or argument deltas, done, and `response.completed` with the usage; Chat Completions'
 * `chat.completion.chunk` deltas, a usage chunk and `[DONE]`.
 */
import type { WireProtocol } from './provider-wire.js';

/**
 * The events of one answer, each a complete `event:`/`data:` record ending in a blank line.
 * @param usage - input tokens (cached included), output tokens, cached input tokens.
 * @param number - the request's 1-based number, for ids.
 */
export function sseEvents(
  protocol: WireProtocol,
  text: string,
  toolCalls: readonly { toolName: string; input: unknown }[],
  usage: { input: number; output: number; cached: number },
  number: number,
): string[] {
  const id = (index: number) => `call_${number}_${index + 1}`;
  if (protocol === 'anthropic') {
    const event = (type: string, data: object) =>
      `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
    const blocks = [
      ...(text ? [{ start: { type: 'text', text: '' }, delta: { type: 'text_delta', text } }] : []),
      ...toolCalls.map((call, index) => ({
        start: { type: 'tool_use', id: id(index), name: call.toolName, input: {} },
        delta: { type: 'input_json_delta', partial_json: JSON.stringify(call.input) },
      })),
    ];
    return [
      event('message_start', {
        message: {
          id: `msg_${number}`,
          type: 'message',
          role: 'assistant',
          model: 'claude-sonnet-4-5',
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: {
            input_tokens: usage.input - usage.cached,
            cache_read_input_tokens: usage.cached,
            cache_creation_input_tokens: 0,
            output_tokens: 1,
          },
        },
      }),
      ...blocks.flatMap((block, index) => [
        event('content_block_start', { index, content_block: block.start }),
        event('content_block_delta', { index, delta: block.delta }),
        event('content_block_stop', { index }),
      ]),
      event('message_delta', {
        delta: { stop_reason: toolCalls.length > 0 ? 'tool_use' : 'end_turn', stop_sequence: null },
        usage: { output_tokens: usage.output },
      }),
      event('message_stop', {}),
    ];
  }
  if (protocol === 'openai-responses') return responsesEvents(text, toolCalls, usage, number);
  const chunk = (delta: object, finish: string | null, extra: object = {}) =>
    `data: ${JSON.stringify({
      id: `chatcmpl-${number}`,
      object: 'chat.completion.chunk',
      created: 1_700_000_000,
      model: 'qwen2.5-coder:14b',
      choices: [{ index: 0, delta, finish_reason: finish }],
      ...extra,
    })}\n\n`;
  return [
    chunk({ role: 'assistant', content: text }, null),
    ...toolCalls.map((call, index) =>
      chunk(
        {
          tool_calls: [
            {
              index,
              id: id(index),
              type: 'function',
              function: { name: call.toolName, arguments: JSON.stringify(call.input) },
            },
          ],
        },
        null,
      ),
    ),
    chunk({}, toolCalls.length > 0 ? 'tool_calls' : 'stop', {
      usage: {
        prompt_tokens: usage.input,
        completion_tokens: usage.output,
        total_tokens: usage.input + usage.output,
        prompt_tokens_details: { cached_tokens: usage.cached },
      },
    }),
    'data: [DONE]\n\n',
  ];
}

function responsesEvents(
  text: string,
  toolCalls: readonly { toolName: string; input: unknown }[],
  usage: { input: number; output: number; cached: number },
  number: number,
): string[] {
  const event = (type: string, data: object) =>
    `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  const message = { type: 'message', id: `msg_${number}` };
  const items = [
    ...(text
      ? [
          [
            event('response.output_item.added', { output_index: 0, item: message }),
            event('response.output_text.delta', { item_id: message.id, delta: text }),
            event('response.output_item.done', { output_index: 0, item: message }),
          ],
        ]
      : []),
    ...toolCalls.map((call, index) => {
      const outputIndex = index + (text ? 1 : 0);
      const args = JSON.stringify(call.input);
      const item = {
        type: 'function_call',
        id: `fc_${number}_${index + 1}`,
        call_id: `call_${number}_${index + 1}`,
        name: call.toolName,
      };
      return [
        event('response.output_item.added', {
          output_index: outputIndex,
          item: { ...item, arguments: '' },
        }),
        event('response.function_call_arguments.delta', {
          item_id: item.id,
          output_index: outputIndex,
          delta: args,
        }),
        event('response.output_item.done', {
          output_index: outputIndex,
          item: { ...item, arguments: args, status: 'completed' },
        }),
      ];
    }),
  ];
  return [
    event('response.created', {
      response: { id: `resp_${number}`, created_at: 1_700_000_000, model: 'gpt-4.1' },
    }),
    ...items.flat(),
    event('response.completed', {
      response: {
        usage: {
          input_tokens: usage.input,
          input_tokens_details: { cached_tokens: usage.cached },
          output_tokens: usage.output,
          output_tokens_details: { reasoning_tokens: 0 },
        },
      },
    }),
  ];
}
