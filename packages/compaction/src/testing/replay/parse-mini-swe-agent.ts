/**
 * Reads a mini-swe-agent trajectory (`trajectory_format: "mini-swe-agent-1.1"`, SWE-agent/mini-swe-agent)
 * into a replay script: `messages` are one system prompt, one user task, then assistant messages
 * with OpenAI-style `tool_calls` (a `bash` command) answered by `tool` messages naming their
 * `tool_call_id`, and a last `exit` message holding the submission. Each assistant message's
 * `extra.response.usage.prompt_tokens` is the provider's own count of the prompt that produced it,
 * kept as a check on exact counts.
 */
import { z } from 'zod';
import type { ReplayScript, ReplayTurn } from './replay-script.js';

const toolCall = z.looseObject({
  id: z.string().min(1),
  function: z.looseObject({ name: z.string(), arguments: z.unknown() }),
});

const message = z.looseObject({
  role: z.string(),
  content: z.string().nullish(),
  tool_calls: z.array(toolCall).nullish(),
  tool_call_id: z.string().nullish(),
  extra: z
    .looseObject({
      response: z
        .looseObject({
          usage: z.looseObject({ prompt_tokens: z.number().int().nonnegative() }).nullish(),
        })
        .nullish(),
    })
    .nullish(),
});

/** The layout of a mini-swe-agent trajectory file. */
export const miniSweAgentFile = z.looseObject({
  trajectory_format: z.string().startsWith('mini-swe-agent'),
  messages: z.array(message).min(2, 'needs at least a system prompt and a task'),
});

/**
 * Turns a parsed mini-swe-agent file into a script.
 * @param file - the value {@link miniSweAgentFile} accepted.
 * @param parseArguments - reads a recorded `function.arguments` into an input object.
 * @returns the script, or a reason when it has no system prompt, task or assistant turn.
 */
export function miniSweAgentScript(
  file: z.infer<typeof miniSweAgentFile>,
  parseArguments: (raw: unknown) => Record<string, unknown>,
): ReplayScript | { problem: string } {
  const { messages } = file;
  const system = messages.find((entry) => entry.role === 'system');
  const goal = messages.find((entry) => entry.role === 'user');
  if (!system || !goal) return { problem: 'messages have no system prompt or no user task' };
  const results = new Map<string, string>();
  for (const entry of messages) {
    if (entry.role === 'tool' && entry.tool_call_id)
      results.set(entry.tool_call_id, entry.content ?? '');
  }
  const exit = messages.find((entry) => entry.role === 'exit')?.content ?? '';
  const turns: ReplayTurn[] = [];
  for (const entry of messages) {
    if (entry.role !== 'assistant') continue;
    const calls = entry.tool_calls ?? [];
    if (calls.length === 0) continue;
    turns.push({
      thought: entry.content ?? '',
      toolCalls: calls.map((call) => ({
        toolCallId: call.id,
        toolName: call.function.name.replaceAll(/[^A-Za-z0-9_-]/g, '_').slice(0, 64) || 'bash',
        input: parseArguments(call.function.arguments),
        // The submitting call is answered by the run's end: its result is the submission.
        result: results.get(call.id) ?? exit,
      })),
      reportedPromptTokens: entry.extra?.response?.usage?.prompt_tokens ?? undefined,
    });
  }
  if (turns.length === 0) return { problem: 'messages have no assistant turn with a tool call' };
  return { system: system.content ?? '', goal: goal.content ?? '', turns };
}
