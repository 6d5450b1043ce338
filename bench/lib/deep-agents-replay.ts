/**
 * The same recorded trajectory replayed through LangChain Deep Agents' own context management, for
 * `bench:compaction` to compare side by side: a LangChain agent (`createAgent` from `langchain`)
 * with Deep Agents' filesystem middleware (tool results over a token limit are evicted to
 * `/large_tool_results/` of a backend, with a preview) and its summarization middleware (at 85 %
 * of the model's `maxInputTokens` the older history goes to `/conversation_history/` of the same
 * backend and is replaced by a model-written summary, keeping the newest 10 %: its defaults for a
 * model with a profile), over a `FilesystemBackend` in a temporary folder.
 *
 * The model is scripted: it answers each call with the recorded turn (thought and tool call), as
 * the AI SDK replay's mock model does, and records what it received. Deep Agents asks the agent's
 * own model for its summaries; the scripted model answers those with a short summary naming the
 * commands run (about the length of a real one) and — as Deep Agents' default summary prompt does
 * not ask for it — does not quote the task.
 * Every prompt is converted to AI SDK messages and counted exactly as the AI SDK replay counts its
 * own (o200k_base, tool definitions included).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { ModelProfile as LangChainModelProfile } from '@langchain/core/language_models/profile';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { toJsonSchema } from '@langchain/core/utils/json_schema';
import { countPromptTokens, toLanguageModelPrompt } from '@sightline/compaction/internal';
import { type ReplayScript, recordedResults } from '@sightline/compaction/testing';
import { truncateToTokens } from '@sightline/core';
import { tool as aiTool, jsonSchema, type ModelMessage, type ToolSet } from 'ai';
import {
  createFilesystemMiddleware,
  createSummarizationMiddleware,
  FilesystemBackend,
} from 'deepagents';
import { createAgent, HumanMessage, tool } from 'langchain';
import { z } from 'zod';

/** One call of the scripted model: the prompt as AI SDK messages and the tools it was given. */
export interface DeepAgentsCall {
  messages: ModelMessage[];
  tools: ToolSet;
}

/** What one Deep Agents replay recorded. */
export interface DeepAgentsRun {
  calls: DeepAgentsCall[];
  /** Summaries written (summarizer calls), and the call index each one preceded. */
  summarizedBefore: number[];
  /** Tool results evicted to the backend. */
  evictions: number;
  /** Text of every file the backend holds at the end (path → content). */
  files: Map<string, string>;
}

/** Options of {@link replayDeepAgents}. */
export interface DeepAgentsReplayOptions {
  /** The model's input limit given to Deep Agents (`profile.maxInputTokens`), tokens. */
  maxInputTokens: number;
  /** Tool results over this many tokens are evicted (`toolTokenLimitBeforeEvict`). */
  evictLimitTokens: number;
}

/** Tokens of the scripted summary (real summaries run to a few hundred tokens). */
const SUMMARY_TOKENS = 400;
/** Start of Deep Agents' default summary prompt (`DEFAULT_SUMMARY_PROMPT`). */
const SUMMARY_PROMPT_START = 'You are a conversation summarizer.';

/** The scripted summary: the commands run in the summarized part, cut to {@link SUMMARY_TOKENS}. */
function scriptedSummary(prompt: string): string {
  const commands = [...prompt.matchAll(/"command":\s*"((?:[^"\\]|\\.){1,160})/g)].map(
    (match) => `- ran \`${match[1]}\``,
  );
  return truncateToTokens(
    `The agent has been working on the task. Commands run so far:\n${commands.join('\n')}`,
    SUMMARY_TOKENS,
  );
}

type ModelState = { script: ReplayScript; run: DeepAgentsRun; maxInputTokens: number };

/** A chat model that answers with the recorded turns and records every prompt. */
class ReplayChatModel extends BaseChatModel {
  private boundTools: ToolSet = {};
  constructor(private readonly state: ModelState) {
    super({});
  }
  _llmType(): string {
    return 'replay';
  }
  override get profile(): LangChainModelProfile {
    return { maxInputTokens: this.state.maxInputTokens };
  }
  override bindTools(tools: StructuredToolInterface[]) {
    const next = new ReplayChatModel(this.state);
    next.boundTools = Object.fromEntries(
      tools.map((definition) => [
        definition.name,
        aiTool({
          description: definition.description,
          inputSchema: jsonSchema(
            toJsonSchema(definition.schema) as Parameters<typeof jsonSchema>[0],
          ),
        }),
      ]),
    );
    return next as never;
  }
  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const { run, script } = this.state;
    const [first] = messages;
    // Deep Agents summarizes with the agent's own model (the request's model comes first).
    if (messages.length === 1 && first?.text.startsWith(SUMMARY_PROMPT_START)) {
      run.summarizedBefore.push(run.calls.length);
      const text = scriptedSummary(first.text);
      return { generations: [{ text, message: new AIMessage({ content: text }) }] };
    }
    run.calls.push({ messages: toModelMessages(messages), tools: this.boundTools });
    const turn = script.turns[run.calls.length - 1];
    const message = turn
      ? new AIMessage({
          content: turn.thought,
          tool_calls: turn.toolCalls.map((call) => ({
            id: call.toolCallId,
            name: call.toolName,
            args: call.input,
            type: 'tool_call' as const,
          })),
        })
      : new AIMessage({ content: 'Replay finished.' });
    return { generations: [{ text: turn ? turn.thought : 'Replay finished.', message }] };
  }
}

/**
 * Replays `script` through a LangChain agent with Deep Agents' context management.
 * @param script - the recorded run.
 * @param options - see {@link DeepAgentsReplayOptions}.
 * @returns every prompt the model received, the summaries and evictions, and the backend's files.
 */
export async function replayDeepAgents(
  script: ReplayScript,
  { maxInputTokens, evictLimitTokens }: DeepAgentsReplayOptions,
): Promise<DeepAgentsRun> {
  const root = await mkdtemp(path.join(tmpdir(), 'sightline-deepagents-'));
  try {
    const run: DeepAgentsRun = { calls: [], summarizedBefore: [], evictions: 0, files: new Map() };
    const state: ModelState = { script, run, maxInputTokens };
    const backend = new FilesystemBackend({ rootDir: root, virtualMode: true });
    const agent = createAgent({
      model: new ReplayChatModel(state),
      tools: recordedTools(script),
      systemPrompt: script.system,
      middleware: [
        createFilesystemMiddleware({ backend, toolTokenLimitBeforeEvict: evictLimitTokens }),
        createSummarizationMiddleware({ backend }),
      ],
    });
    await agent.invoke(
      { messages: [new HumanMessage(script.goal)] },
      { recursionLimit: 20 * (script.turns.length + 2) },
    );
    for (const file of await readdir(root, { recursive: true, withFileTypes: true })) {
      if (!file.isFile()) continue;
      const full = path.join(file.parentPath, file.name);
      run.files.set(`/${path.relative(root, full)}`, await readFile(full, 'utf8'));
    }
    run.evictions = [...run.files.keys()].filter((file) =>
      file.startsWith('/large_tool_results/'),
    ).length;
    return run;
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/**
 * Tokens of one recorded prompt, counted as the AI SDK replay counts its own.
 * @param call - a recorded call.
 * @returns exact o200k_base tokens of the messages and tool definitions.
 */
export async function deepAgentsPromptTokens(call: DeepAgentsCall): Promise<number> {
  return (await countPromptTokens({ messages: call.messages, tools: call.tools })).total;
}

/**
 * The provider-level prompt of a call (for the replay's pairing and goal checks).
 * @param call - a recorded call.
 * @returns the prompt.
 */
export const deepAgentsPrompt = (call: DeepAgentsCall) => toLanguageModelPrompt(call.messages);

/** One LangChain tool per recorded tool name, each answering with the recorded result. */
function recordedTools(script: ReplayScript) {
  const { results, toolNames } = recordedResults(script);
  return toolNames.map((name) =>
    tool(async (_input, config) => results.get(config.toolCall?.id ?? '') ?? '', {
      name,
      description: `Runs the recorded \`${name}\` command and returns what it printed.`,
      schema: z.looseObject({}),
    }),
  );
}

/** LangChain messages as AI SDK model messages (text, tool calls and tool results). */
function toModelMessages(messages: readonly BaseMessage[]): ModelMessage[] {
  return messages.map((message): ModelMessage => {
    const type = message.getType();
    if (type === 'system') return { role: 'system', content: message.text };
    if (type === 'ai') {
      const calls = (message as AIMessage).tool_calls ?? [];
      return {
        role: 'assistant',
        content: [
          ...(message.text ? [{ type: 'text' as const, text: message.text }] : []),
          ...calls.map((call) => ({
            type: 'tool-call' as const,
            toolCallId: call.id ?? '',
            toolName: call.name,
            input: call.args,
          })),
        ],
      };
    }
    if (type === 'tool') {
      const { tool_call_id: toolCallId, name } = message as BaseMessage & {
        tool_call_id: string;
        name?: string;
      };
      return {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId,
            toolName: name ?? 'tool',
            output: { type: 'text', value: message.text },
          },
        ],
      };
    }
    return { role: 'user', content: message.text };
  });
}
