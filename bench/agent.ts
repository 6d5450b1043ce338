/**
 * `npm run bench:agent`: scripted investigations (no network, no API key) through the real agent
 * loop, measured per scenario: outcome, steps, tool calls, input tokens, the share of input tokens
 * each provider's prompt cache would serve (Anthropic's breakpoints, OpenAI's automatic prefix
 * cache; see `measureCacheableShare`) and the estimated cost at list prices (Claude Sonnet 4.5,
 * GPT-5). Target: ≥ 0.75 of all input tokens of the ten-step investigation cacheable on each.
 * Writes bench/results/agent.json and the table in bench/README.md.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { countTokens, getModelProfile, SightlineError } from '@sightline/core';
import { createScriptedModel, type ScriptedResponse } from '@sightline/core/testing';
import {
  CACHE_RULES,
  estimateCostUsd,
  investigate,
  measureCacheableShare,
} from '@sightline/investigator/internal';
import { createFakeRepository } from '@sightline/investigator/testing';
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
  inputTokens: number;
  outputTokens: number;
  anthropicShare: number;
  openaiShare: number;
  anthropicCostUsd: number;
  openaiCostUsd: number;
  secretLeaked: boolean;
}

async function run(scenario: AgentScenario): Promise<Measured> {
  const repo = await createFakeRepository();
  try {
    await writeFile(path.join(repo.root, '.env'), `API_KEY=${PLANTED_SECRET}\n`);
    const agent = createScriptedModel(scenario.agent, { modelId: ANTHROPIC_MODEL });
    const outcome = await investigate({
      repo: repo.root,
      report: scenario.report ?? repo.reportText,
      model: agent.model,
      cacheDir: false,
      ...(scenario.maxCostUsd ? { maxCostUsd: scenario.maxCostUsd } : {}),
    }).then(
      ({ diagnosis }) => ({
        label: diagnosis.verification?.verified ? 'verified' : 'unverified',
        text: JSON.stringify(diagnosis),
      }),
      (error: unknown) => {
        if (!SightlineError.isInstance(error)) throw error;
        return { label: error.code, text: JSON.stringify(error.details) };
      },
    );
    // The structurer is the same scripted model: only the loop's calls carry tools.
    const loop = agent.calls.filter((request) => request.toolDefinitions.length > 0);
    const requests = loop.map(({ prompt, toolDefinitions }) => ({
      prompt,
      tools: toolDefinitions,
    }));
    const answers = scenario.agent.slice(0, loop.length);
    const anthropic = measureCacheableShare(requests, CACHE_RULES.anthropic);
    const openai = measureCacheableShare(requests, CACHE_RULES.openai);
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
    const prompts = JSON.stringify(agent.calls.map((request) => request.prompt));
    return {
      scenario: scenario.name,
      outcome: outcome.label,
      steps: loop.length,
      toolCalls: answers.reduce(
        (total, answer) => total + ('toolCalls' in answer ? answer.toolCalls.length : 0),
        0,
      ),
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
      secretLeaked: prompts.includes(PLANTED_SECRET) || outcome.text.includes(PLANTED_SECRET),
    };
  } finally {
    await repo.cleanup();
  }
}

/** Output tokens of one scripted answer, counted as the scripted model reports them. */
function answerTokens(answer: ScriptedResponse): number {
  if ('error' in answer || 'hang' in answer) return 0;
  const calls = 'toolCalls' in answer ? answer.toolCalls : [];
  return countTokens(`${answer.text ?? ''}${JSON.stringify(calls)}`);
}

const rows: Measured[] = [];
for (const scenario of AGENT_SCENARIOS) {
  rows.push(await run(scenario));
  process.stderr.write(`${scenario.name}: ${rows.at(-1)?.outcome}\n`);
}

const money = (usd: number) => `$${usd.toFixed(4)}`;
const share = (value: number) => value.toFixed(3);
const table = markdownTable(
  [
    'scenario',
    'outcome',
    'steps',
    'tool calls',
    'input tokens',
    'cacheable: Anthropic',
    'cacheable: OpenAI',
    `cost: ${ANTHROPIC_MODEL}`,
    `cost: ${OPENAI_MODEL}`,
    'secret in output',
  ],
  rows.map((row) => [
    row.scenario,
    row.outcome,
    row.steps,
    row.toolCalls,
    row.inputTokens,
    share(row.anthropicShare),
    share(row.openaiShare),
    money(row.anthropicCostUsd),
    money(row.openaiCostUsd),
    row.secretLeaked ? 'YES' : 'no',
  ]),
);
const tenSteps = rows.find((row) => row.scenario === 'ten-steps');
const met = (value: number | undefined) =>
  value !== undefined && value >= TARGET ? 'met' : '**missed**';
const verdict = `Target: ≥ ${TARGET} of all input tokens of the ten-step investigation cacheable — Anthropic ${share(tenSteps?.anthropicShare ?? 0)} (${met(tenSteps?.anthropicShare)}), OpenAI ${share(tenSteps?.openaiShare ?? 0)} (${met(tenSteps?.openaiShare)}). Tool calls ≤ 10 with the default budgets: ${rows.every((row) => row.toolCalls <= 10) ? 'met' : '**missed**'} in every scenario.`;
const notes = `Scripted models (\`createScriptedModel\`) on the investigator's fake shop, through \`investigate\` with the default budgets (explore 8, deep-dive 4); the scenarios' answers are in \`bench/lib/agent-scenarios.ts\`. Input tokens: the requests as the AI SDK hands them to a provider (tool definitions and messages as JSON, o200k_base). Cacheable: what Anthropic's rules (cache breakpoints, 20-block lookback, 1,024-token minimum of Sonnet 4.5) and OpenAI's (exact prefix ≥ 1,024 tokens, in 128-token increments) would serve from the prompt cache. Cost: list prices of the model profiles (cache reads and Anthropic's cache writes included), for the investigation loop; the structurer call is not counted. A real model answers longer than these scripts and reads more code, so real runs cost more.`;
await updateReadmeTable('agent', [notes, table, verdict].join('\n\n'));
const figures: Figures = {};
for (const row of rows) {
  figures[row.scenario] = {
    steps: { value: row.steps, unit: 'steps' },
    toolCalls: { value: row.toolCalls, unit: 'tool calls' },
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
    outcomes: Object.fromEntries(rows.map((row) => [row.scenario, row.outcome])),
    secretLeaked: Object.fromEntries(rows.map((row) => [row.scenario, row.secretLeaked])),
    prices: {
      [ANTHROPIC_MODEL]: getModelProfile(ANTHROPIC_MODEL).pricing,
      [OPENAI_MODEL]: getModelProfile(OPENAI_MODEL).pricing,
    },
    cacheRules: CACHE_RULES,
  },
  figures,
});
process.stdout.write(`${table}\n\n${verdict}\n`);
process.stderr.write('wrote bench/results/agent.json and bench/README.md\n');
