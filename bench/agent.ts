/**
 * `npm run bench:agent`: scripted investigations (no network, no API key) through the real agent
 * loop, measured per scenario: outcome, steps, tool calls, input tokens, the share of input tokens
 * each provider's prompt cache would serve (Anthropic's breakpoints, OpenAI's automatic prefix
 * cache; see `measureCacheableShare`) and the estimated cost at list prices (Claude Sonnet 4.5,
 * GPT-5), for the bench's own scenarios and for every misbehaving model of `model-failures.int.test.ts`.
 * Targets: ≥ 0.75 of all input tokens of the ten-step investigation cacheable on each; ≤ 10 tool
 * calls in every scenario (issue #15). Then the tool-call budget measured on recorded real runs
 * (`lib/agent-budget.ts`), checked against the default.
 * Writes bench/results/agent.json and the table in bench/README.md.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { countTokens, getModelProfile } from '@sightline/core';
import { createScriptedModel, type ScriptedResponse } from '@sightline/core/testing';
import {
  CACHE_RULES,
  DEFAULT_FUNNEL_BUDGETS,
  estimateCostUsd,
  investigate,
  measureCacheableShare,
  type SentRequest,
} from '@sightline/investigator/internal';
import { createFakeRepository, type FakeRepository } from '@sightline/investigator/testing';
import { type LanguageModelMiddleware, wrapLanguageModel } from 'ai';
// The scripted misbehaving models are test fixtures: read from the source, never shipped in a bundle.
import {
  countScriptedToolCalls,
  MISBEHAVING_SCENARIOS,
  type MisbehavingScenario,
  settleOutcome,
} from '../packages/investigator/src/agent/__fixtures__/misbehaving-models.js';
import { runScripted } from '../packages/investigator/src/agent/__fixtures__/run-scripted.js';
import { measureBudget } from './lib/agent-budget.js';
import { AGENT_SCENARIOS, type AgentScenario, PLANTED_SECRET } from './lib/agent-scenarios.js';
import {
  type Figures,
  fraction,
  markdownTable,
  updateReadmeTable,
  writeResults,
} from './lib/results.js';

const ANTHROPIC_MODEL = 'claude-sonnet-4-5';
const OPENAI_MODEL = 'gpt-5';
const TARGET = 0.75;

interface Measured {
  scenario: string;
  outcome: string;
  steps: number;
  toolCalls: number;
  /** Tool results that were errors (a failed call, or one not run). */
  failedToolCalls: number;
  /** The model's report reached the user (or, when it wrote none, a partial report did). */
  markdownKept: boolean;
  inputTokens: number;
  outputTokens: number;
  anthropicShare: number;
  openaiShare: number;
  anthropicCostUsd: number;
  openaiCostUsd: number;
  secretLeaked: boolean;
}

/** What one scripted investigation left behind: the loop's requests and the user's outcome. */
interface Ran {
  /** The investigating model's answers, in order. */
  script: ScriptedResponse[];
  /** The requests of the investigation loop (those that offer tools). */
  loop: SentRequest[];
  /** Every prompt sent to any model, and the outcome as shown, as JSON (for the secret check). */
  sent: string;
  outcome: string;
  /** The Markdown the user got: the report, or an error's `details.markdown`. */
  markdown: string;
}

/** The Markdown a run hands the user: its report, or what its error kept. */
function keptMarkdown(run: Promise<unknown>, field: 'agentMarkdown' | 'markdown'): Promise<string> {
  return run.then(
    (result) => String((result as Record<string, unknown>)[field] ?? ''),
    (error: { details?: { markdown?: unknown } }) => String(error.details?.markdown ?? ''),
  );
}

/** A server window `over` tokens longer than step 1's prompt: longer prompts are reported cut to it. */
function windowOverStep1(over: number): LanguageModelMiddleware {
  let window: number | undefined;
  return {
    specificationVersion: 'v3',
    wrapGenerate: async ({ doGenerate }) => {
      const result = await doGenerate();
      const reported = result.usage.inputTokens.total ?? 0;
      window ??= reported + over;
      if (reported <= window) return result;
      const inputTokens = { ...result.usage.inputTokens, total: window, noCache: window };
      return { ...result, usage: { ...result.usage, inputTokens } };
    },
  };
}

/** A bench scenario through `investigate` (the whole pipeline: suspects, repository map, loop). */
async function runInvestigate(scenario: AgentScenario, repo: FakeRepository): Promise<Ran> {
  const agent = createScriptedModel(scenario.agent, { modelId: ANTHROPIC_MODEL });
  for (const [file, text] of Object.entries(scenario.files ?? {})) {
    await writeFile(path.join(repo.root, file), text);
  }
  const model =
    scenario.windowOverStep1 === undefined
      ? agent.model
      : wrapLanguageModel({
          model: agent.model,
          middleware: windowOverStep1(scenario.windowOverStep1),
        });
  const run = investigate({
    repo: repo.root,
    report: scenario.report ?? repo.reportText,
    model,
    cacheDir: false,
    ...(scenario.maxCostUsd ? { maxCostUsd: scenario.maxCostUsd } : {}),
  });
  const outcome = await settleOutcome(run);
  // The structurer is the same scripted model: only the loop's calls carry tools.
  const loop = agent.calls.filter((request) => request.toolDefinitions.length > 0);
  return {
    script: scenario.agent,
    loop: loop.map(({ prompt, toolDefinitions }) => ({ prompt, tools: toolDefinitions })),
    sent: JSON.stringify(agent.calls.map((request) => request.prompt)) + outcome.shown,
    outcome: outcome.kind,
    markdown: await keptMarkdown(run, 'agentMarkdown'),
  };
}

/** A misbehaving model through `runScripted`, exactly as `model-failures.int.test.ts` runs it. */
async function runMisbehaving(scenario: MisbehavingScenario, repo: FakeRepository): Promise<Ran> {
  const run = runScripted(repo, scenario.agent, scenario.structurer ?? []);
  const outcome = await settleOutcome(run.result);
  const calls = [...run.agent.calls, ...run.structurer.calls];
  return {
    script: scenario.agent,
    loop: run.agent.calls.map(({ prompt, toolDefinitions }) => ({
      prompt,
      tools: toolDefinitions,
    })),
    sent: JSON.stringify(calls.map((request) => request.prompt)) + outcome.shown,
    outcome: outcome.kind,
    markdown: await keptMarkdown(run.result, 'markdown'),
  };
}

async function measure(
  scenario: string,
  start: (repo: FakeRepository) => Promise<Ran>,
): Promise<Measured> {
  const repo = await createFakeRepository();
  try {
    await writeFile(path.join(repo.root, '.env'), `API_KEY=${PLANTED_SECRET}\n`);
    const { script, loop, sent, outcome, markdown } = await start(repo);
    const answers = script.slice(0, loop.length);
    const anthropic = measureCacheableShare(loop, CACHE_RULES.anthropic);
    const openai = measureCacheableShare(loop, CACHE_RULES.openai);
    const outputTokens = answers.reduce((total, answer) => total + answerTokens(answer), 0);
    const cost = (model: string, cached: number, written: number) => {
      const pricing = getModelProfile(model).pricing;
      if (!pricing) throw new Error(`no price for ${model}`);
      const phase = {
        steps: loop.length,
        toolCalls: 0,
        inputTokens: anthropic.inputTokens,
        outputTokens,
        cachedInputTokens: cached,
        cacheWriteTokens: written,
      };
      return estimateCostUsd(phase, pricing);
    };
    return {
      scenario,
      outcome,
      steps: loop.length,
      toolCalls: countScriptedToolCalls(script, loop.length),
      failedToolCalls: failedToolResults(loop.at(-1)?.prompt ?? []),
      markdownKept: isKept(script.slice(0, loop.length), markdown),
      inputTokens: anthropic.inputTokens,
      outputTokens,
      anthropicShare: anthropic.share,
      openaiShare: openai.share,
      anthropicCostUsd: cost(
        ANTHROPIC_MODEL,
        anthropic.cacheableTokens,
        anthropic.cacheWriteTokens,
      ),
      openaiCostUsd: cost(OPENAI_MODEL, openai.cacheableTokens, 0),
      secretLeaked: sent.includes(PLANTED_SECRET),
    };
  } finally {
    await repo.cleanup();
  }
}

/** Tool results in a prompt that are errors (tool errors and `{ error }` values). */
function failedToolResults(prompt: SentRequest['prompt']): number {
  type Part = { type?: string; output?: { type?: string; value?: unknown } };
  return prompt
    .flatMap((message) => (Array.isArray(message.content) ? (message.content as Part[]) : []))
    .filter(({ type, output }) => {
      if (type !== 'tool-result' || !output) return false;
      if (output.type === 'error-text' || output.type === 'error-json') return true;
      const { value } = output;
      return (
        output.type === 'json' && typeof value === 'object' && value !== null && 'error' in value
      );
    }).length;
}

/**
 * True when the user got the model's Markdown: its last report (an answer with a `##` heading)
 * when it wrote one, else any Markdown at all (a partial report of its steps). A model that never
 * wrote or did anything has nothing to lose.
 */
function isKept(answered: ScriptedResponse[], markdown: string): boolean {
  const reports = answered.flatMap((answer) =>
    'text' in answer && answer.text && /^## /m.test(answer.text) ? [answer.text] : [],
  );
  const report = reports.at(-1);
  if (report) return markdown.includes(report.trim().split('\n')[0] ?? report);
  return answered.length === 0 || markdown.trim() !== '';
}

/** Output tokens of one scripted answer, counted as the scripted model reports them. */
function answerTokens(answer: ScriptedResponse): number {
  if ('error' in answer || 'hang' in answer) return 0;
  const calls = 'toolCalls' in answer ? answer.toolCalls : [];
  return countTokens(`${answer.text ?? ''}${JSON.stringify(calls)}`);
}

const rows: Measured[] = [];
const record = async (scenario: string, start: (repo: FakeRepository) => Promise<Ran>) => {
  rows.push(await measure(scenario, start));
  process.stderr.write(`${scenario}: ${rows.at(-1)?.outcome}\n`);
};
for (const scenario of AGENT_SCENARIOS) {
  await record(scenario.name, (repo) => runInvestigate(scenario, repo));
}
for (const scenario of MISBEHAVING_SCENARIOS) {
  await record(`misbehaves: ${scenario.name}`, (repo) => runMisbehaving(scenario, repo));
}

const money = (usd: number) => `$${usd.toFixed(4)}`;
const share = (value: number) => value.toFixed(3);
const table = markdownTable(
  [
    'scenario',
    'outcome',
    'steps',
    'tool calls',
    'failed tool calls',
    '≤ 10 tool calls',
    'input tokens',
    'cacheable: Anthropic',
    'cacheable: OpenAI',
    `cost: ${ANTHROPIC_MODEL}`,
    `cost: ${OPENAI_MODEL}`,
    'Markdown kept',
    'secret in output',
  ],
  rows.map((row) => [
    row.scenario,
    row.outcome,
    row.steps,
    row.toolCalls,
    row.failedToolCalls,
    row.toolCalls <= 10 ? 'yes' : '**no**',
    row.inputTokens,
    share(row.anthropicShare),
    share(row.openaiShare),
    money(row.anthropicCostUsd),
    money(row.openaiCostUsd),
    row.markdownKept ? 'yes' : '**NO**',
    row.secretLeaked ? 'YES' : 'no',
  ]),
);
const tenSteps = rows.find((row) => row.scenario === 'ten-steps');
const met = (value: number | undefined) =>
  value !== undefined && value >= TARGET ? 'met' : '**missed**';
const verdict = `Target: ≥ ${TARGET} of all input tokens of the ten-step investigation cacheable — Anthropic ${share(tenSteps?.anthropicShare ?? 0)} (${met(tenSteps?.anthropicShare)}), OpenAI ${share(tenSteps?.openaiShare ?? 0)} (${met(tenSteps?.openaiShare)}). Tool calls ≤ 10 with the default budgets (issue #15): ${
  rows.every((row) => row.toolCalls <= 10)
    ? 'met in every scenario'
    : `**missed** in ${rows
        .filter((row) => row.toolCalls > 10)
        .map((row) => row.scenario)
        .join(
          ', ',
        )} (the default tool-call budget is ${DEFAULT_FUNNEL_BUDGETS.toolCalls}, measured below)`
}. The model's Markdown kept: ${
  rows.every((row) => row.markdownKept)
    ? 'in every scenario'
    : `**lost** in ${rows
        .filter((row) => !row.markdownKept)
        .map((row) => row.scenario)
        .join(', ')}`
}.`;
const notes = `Scripted models (\`createScriptedModel\`) on the investigator's fake shop, through \`investigate\` with the default budgets (explore 8, deep-dive 4, ${DEFAULT_FUNNEL_BUDGETS.toolCalls} code-tool calls); the scenarios' answers are in \`bench/lib/agent-scenarios.ts\`. The rows \`misbehaves: …\` are the misbehaving models of \`model-failures.int.test.ts\` (their scripts in \`packages/investigator/src/agent/__fixtures__/misbehaving-models.ts\`, shared with that test), run as the test runs them: \`investigateWithModel\` with a separate scripted structurer, no suspects and no repository map, so their prompts are smaller than a full investigation's. Input tokens: the requests as the AI SDK hands them to a provider (tool definitions and messages as JSON, o200k_base). Cacheable: what Anthropic's rules (cache breakpoints, 20-block lookback, 1,024-token minimum of Sonnet 4.5) and OpenAI's (exact prefix ≥ 1,024 tokens, in 128-token increments) would serve from the prompt cache. Cost: list prices of the model profiles (cache reads and Anthropic's cache writes included), for the investigation loop (output tokens: the scripted answers, so the 50,000-token report dominates its row); the structurer calls are not counted. A real model answers longer than these scripts and reads more code, so real runs cost more. Failed tool calls: tool results the model got back as errors (a refused path, a call with bad arguments, a call past the budget). Markdown kept: the model's last report reached the user (in the result, or in the error's \`details.markdown\`, which the CLI writes to \`.unverified.md\`), or, where it wrote none, a partial report of its steps did.`;
const budget = measureBudget(AGENT_SCENARIOS);
await updateReadmeTable('agent', [notes, table, verdict, budget.markdown].join('\n\n'));
const figures: Figures = { ...budget.figures };
for (const row of rows) {
  figures[row.scenario] = {
    steps: { value: row.steps, unit: 'steps' },
    toolCalls: { value: row.toolCalls, unit: 'tool calls', note: 'target ≤ 10' },
    failedToolCalls: { value: row.failedToolCalls, unit: 'tool calls' },
    inputTokens: { value: row.inputTokens, unit: 'tokens' },
    outputTokens: { value: row.outputTokens, unit: 'tokens' },
    cacheableShareAnthropic: fraction(row.anthropicShare),
    cacheableShareOpenAI: fraction(row.openaiShare),
    costAnthropic: { value: Math.round(row.anthropicCostUsd * 1e6) / 1e6, unit: 'USD' },
    costOpenAI: { value: Math.round(row.openaiCostUsd * 1e6) / 1e6, unit: 'USD' },
  };
}
await writeResults('agent', {
  inputs: {
    scenarios: AGENT_SCENARIOS.map(({ name, about, maxCostUsd }) => ({ name, about, maxCostUsd })),
    misbehaving: MISBEHAVING_SCENARIOS.map(({ name, outcomes }) => ({
      name: `misbehaves: ${name}`,
      expectedOutcomes: outcomes,
    })),
    outcomes: Object.fromEntries(rows.map((row) => [row.scenario, row.outcome])),
    markdownKept: Object.fromEntries(rows.map((row) => [row.scenario, row.markdownKept])),
    secretLeaked: Object.fromEntries(rows.map((row) => [row.scenario, row.secretLeaked])),
    prices: {
      [ANTHROPIC_MODEL]: getModelProfile(ANTHROPIC_MODEL).pricing,
      [OPENAI_MODEL]: getModelProfile(OPENAI_MODEL).pricing,
    },
    cacheRules: CACHE_RULES,
    budgets: DEFAULT_FUNNEL_BUDGETS,
    realRuns: budget.inputs,
  },
  figures,
});
process.stdout.write(`${table}\n\n${verdict}\n\n${budget.markdown}\n`);
process.stderr.write('wrote bench/results/agent.json and bench/README.md\n');
