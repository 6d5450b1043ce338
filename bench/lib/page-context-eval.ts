/**
 * The page-context quality harness: asks a model each declared question of a page with the page
 * given in one context format, and gives it each declared task with the page's tools; scores
 * exact answers and tool calls. Model-agnostic (any AI SDK `LanguageModel`); `npm run
 * eval:page-context -- --model SPEC` runs it on the example app in Chromium, and its test runs it
 * with a scripted model. Idea: Sentry measured Seer's answers and tool calls per context format
 * over 14,000 runs (with an LLM judge; here answers are declared, so scoring is exact).
 */

import { isDeepStrictEqual } from 'node:util';
import type { Fact, Task } from '@sightline/example-dashboard/facts';
import { generateText, jsonSchema, type LanguageModel, stepCountIs, type ToolSet, tool } from 'ai';
import type { ToolDefinition } from './provider-tools.js';

/** Formats compared. */
export const EVAL_FORMATS = ['semantic', 'text', 'ascii', 'aria'] as const;
/** One of {@link EVAL_FORMATS}. */
export type EvalFormat = (typeof EVAL_FORMATS)[number];

/** One page as the harness needs it. */
export interface EvalPage {
  name: string;
  facts: readonly Fact[];
  tasks: readonly Task[];
  /** The page in each format. */
  contexts: Record<EvalFormat, string>;
  /** The tools an agent gets on the page (the same in every format). */
  tools: readonly ToolDefinition[];
}

/** One scored question or task. */
export interface EvalOutcome {
  page: string;
  format: EvalFormat;
  kind: 'answer' | 'tool-call';
  /** The question or instruction. */
  prompt: string;
  expected: string;
  /** What the model answered, or `name(input JSON)` of its first tool call (`''` for none). */
  actual: string;
  correct: boolean;
}

/** Scores per format. */
export interface EvalScore {
  format: EvalFormat;
  answers: { correct: number; total: number };
  toolCalls: { correct: number; total: number };
}

/** The system prompt of every case: the role, then the page in one format. */
export function systemPrompt(context: string): string {
  return `You are the assistant inside a web app. This is the page the user is looking at:\n\n${context}`;
}

const ANSWER_RULE =
  'Answer with the value only, exactly as the page shows it, with no other words.';

/**
 * Exact match after trimming, quotes, a final period and case (numbers keep their formatting).
 * @returns whether `actual` is `expected`.
 */
export function isExactAnswer(actual: string, expected: string): boolean {
  const clean = (text: string) =>
    text
      .trim()
      .replace(/\.$/, '')
      .replace(/^["'`*]+|["'`*]+$/g, '')
      .replace(/\.$/, '')
      .replace(/\s+/g, ' ')
      .toLowerCase();
  return clean(actual) === clean(expected);
}

function hasInput(actual: unknown, expected: Record<string, unknown>): boolean {
  if (typeof actual !== 'object' || actual === null) return false;
  return Object.entries(expected).every(([key, value]) =>
    isDeepStrictEqual((actual as Record<string, unknown>)[key], value),
  );
}

function toolSet(definitions: readonly ToolDefinition[]): ToolSet {
  const tools: ToolSet = {};
  for (const definition of definitions) {
    // No `execute`: the harness scores the call; nothing runs.
    tools[definition.name] = tool({
      description: definition.description,
      inputSchema: jsonSchema(definition.inputSchema as Parameters<typeof jsonSchema>[0]),
    });
  }
  return tools;
}

/** Options of {@link runPageContextEval}. */
export interface RunEvalOptions {
  model: LanguageModel;
  pages: readonly EvalPage[];
  formats?: readonly EvalFormat[];
  /** Called after each case (progress). */
  onOutcome?: (outcome: EvalOutcome) => void;
}

/**
 * Runs every question and task of every page in every format, one model call each.
 * @returns the outcomes and the scores per format.
 * @throws what the model call throws (a wrong key, an unreachable server).
 */
export async function runPageContextEval({
  model,
  pages,
  formats = EVAL_FORMATS,
  onOutcome,
}: RunEvalOptions): Promise<{ outcomes: EvalOutcome[]; scores: EvalScore[] }> {
  const outcomes: EvalOutcome[] = [];
  const record = (outcome: EvalOutcome) => {
    outcomes.push(outcome);
    onOutcome?.(outcome);
  };
  for (const page of pages) {
    const tools = toolSet(page.tools);
    for (const format of formats) {
      const system = systemPrompt(page.contexts[format]);
      for (const fact of page.facts) {
        const { text } = await generateText({
          model,
          system,
          prompt: `${fact.question}\n${ANSWER_RULE}`,
        });
        record({
          page: page.name,
          format,
          kind: 'answer',
          prompt: fact.question,
          expected: fact.answer,
          actual: text.trim(),
          correct: isExactAnswer(text, fact.answer),
        });
      }
      for (const task of page.tasks) {
        const { toolCalls } = await generateText({
          model,
          system,
          prompt: task.instruction,
          tools,
          stopWhen: stepCountIs(1),
        });
        const [call] = toolCalls;
        record({
          page: page.name,
          format,
          kind: 'tool-call',
          prompt: task.instruction,
          expected: `${task.tool}(${JSON.stringify(task.input)})`,
          actual: call ? `${call.toolName}(${JSON.stringify(call.input)})` : '',
          correct: call?.toolName === task.tool && hasInput(call.input, task.input),
        });
      }
    }
  }
  const scores = formats.map((format): EvalScore => {
    const of = (kind: EvalOutcome['kind']) => {
      const cases = outcomes.filter((o) => o.format === format && o.kind === kind);
      return { correct: cases.filter((o) => o.correct).length, total: cases.length };
    };
    return { format, answers: of('answer'), toolCalls: of('tool-call') };
  });
  return { outcomes, scores };
}
