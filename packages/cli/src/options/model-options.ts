/**
 * The `--model` and `--structurer` flags, shared by the commands that can run the agent
 * (`investigate`, `mcp`): their definitions and their resolution against the environment.
 */
import { DEFAULT_MODEL_PROFILE, findModelProfile, SightlineError } from '@sightline/core';
import { modelSpecFromEnv, resolveModel } from '@sightline/models';
import type { LanguageModel } from 'ai';
import { type Command, Option } from 'commander';
import { textArgument } from './text-argument.js';
import { positiveNumberArgument, wholeNumberArgument } from './whole-number-argument.js';

/** Help of `--models` (serve, worker): the models API callers may choose among, by name. */
export const MODELS_HELP =
  'further models API callers may ask for by name, name=spec,… (e.g. fast=anthropic:claude-haiku-4-5); --model is named "default"; a caller never names a spec or a URL';

/** The model flags as the command line gives them. */
export interface ModelFlags {
  /** `--model` spec; default `$SIGHTLINE_MODEL`; none means offline. */
  model?: string;
  /** `--structurer` spec; default `$SIGHTLINE_STRUCTURER_MODEL`, else the model itself. */
  structurer?: string;
  /**
   * The flags given that only the agent reads (`--max-cost`, `--budget-explore`, …), as typed:
   * refused without a model, like `--structurer`, since offline nothing would read them.
   */
  agentOnly?: readonly string[];
}

/** The models the flags resolve to; both absent when no model was asked for (offline). */
export interface ResolvedModels {
  /** The agent's model. */
  model?: LanguageModel;
  /** The model that turns the agent's report into a diagnosis; absent: `model` does. */
  structurer?: LanguageModel;
}

/**
 * Adds `--model` and `--structurer` to `command`.
 * @param command - the command to add them to.
 * @returns the same command, for chaining.
 */
export function addModelOptions(command: Command): Command {
  return command
    .option(
      '--model <spec>',
      'model for the agent: anthropic:<id>, openai:<id> or openai-compatible:<baseURL>#<id> (default: $SIGHTLINE_MODEL; none = offline)',
      textArgument('a model spec (leave --model out to work offline)'),
    )
    .option(
      '--structurer <spec>',
      'cheaper model that turns the report into JSON (default: --model; $SIGHTLINE_STRUCTURER_MODEL)',
      textArgument('a model spec (leave --structurer out to use --model)'),
    );
}

/** What {@link resolveModelFlags} reads and writes besides the flags (a command's IO fits). */
export interface ModelFlagsIO {
  /** The environment: `SIGHTLINE_MODEL`, `SIGHTLINE_STRUCTURER_MODEL` and API keys. */
  env: Readonly<Record<string, string | undefined>>;
  /** Use this model instead of resolving a spec (tests pass a scripted model). */
  model?: LanguageModel;
  /** Receives the warning line about a model without a known profile. */
  stderr: (text: string) => void;
}

/**
 * Resolves the model flags, falling back to `SIGHTLINE_MODEL` and `SIGHTLINE_STRUCTURER_MODEL`.
 * Warns on `io.stderr` when the agent's model has no known profile, since the agent then budgets
 * its context for the conservative default window.
 * @param flags - the flags given.
 * @param io - the environment, an injected model, and where warnings go; see {@link ModelFlagsIO}.
 * @returns the models; `{}` when neither a flag nor the environment names a model.
 * @throws SightlineError `UNKNOWN_MODEL` / `MISSING_API_KEY` from `resolveModel`;
 *   `INVALID_ARGUMENT` for a structurer or an agent-only flag (`flags.agentOnly`) without a model.
 */
export function resolveModelFlags(
  flags: ModelFlags,
  { env, model: injected, stderr }: ModelFlagsIO,
): ResolvedModels {
  const fromEnv = modelSpecFromEnv(env);
  const modelSpec = flags.model ?? fromEnv.model;
  const structurerSpec = flags.structurer ?? fromEnv.structurer;
  if (structurerSpec && !modelSpec && !injected) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message:
        '--structurer needs --model (or SIGHTLINE_MODEL): the structurer only formats what the model found.',
    });
  }
  const agentOnly = flags.agentOnly ?? [];
  if (agentOnly.length > 0 && !modelSpec && !injected) {
    throw new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `${new Intl.ListFormat('en', { type: 'conjunction' }).format(agentOnly)} ${agentOnly.length > 1 ? 'need' : 'needs'} --model (or SIGHTLINE_MODEL): ${agentOnly.length > 1 ? 'they limit' : 'it limits'} the agent, and without a model no agent runs. Leave ${agentOnly.length > 1 ? 'them' : 'it'} out to work offline.`,
    });
  }
  const resolved =
    !injected && modelSpec
      ? resolveModel(modelSpec, { env, source: flags.model ? '--model' : 'SIGHTLINE_MODEL' })
      : undefined;
  if (resolved && !findModelProfile(resolved.id)) stderr(unknownProfileWarning(resolved.id));
  const model = injected ?? resolved?.model;
  if (!model) return {};
  if (!structurerSpec) return { model };
  const structurer = resolveModel(structurerSpec, {
    env,
    source: flags.structurer ? '--structurer' : 'SIGHTLINE_STRUCTURER_MODEL',
  }).model;
  return { model, structurer };
}

/** The warning for a model id without a known profile, ending in a newline. */
function unknownProfileWarning(id: string): string {
  const window = DEFAULT_MODEL_PROFILE.contextWindow.toLocaleString('en-US');
  // 85 %: the default compaction trigger of @sightline/compaction, which the agent uses.
  return `sightline: warning: no profile for model "${id}"; assuming a ${window}-token window (compaction triggers at 85 %)\n`;
}

/**
 * The `--max-daily-cost <usd>` option of `serve` and `worker`: the service's cap on a UTC day's
 * investigations with a model (see the service's `maxDailyCostUsd`).
 * @returns the option, for `command.addOption`.
 */
export function maxDailyCostOption(): Option {
  return new Option(
    '--max-daily-cost <usd>',
    'cap in US dollars on what investigations with a model may spend in one UTC day (all workers sharing the store count); once reached, investigations wait, queued with the reason, until the next day',
  ).argParser(positiveNumberArgument('US dollars'));
}

/**
 * The `--timeout <seconds>` option of the service's commands (`serve`, `worker`): the longest
 * wait for one model call of an investigation (the investigator's `stepTimeoutMs`; `investigate`
 * has its own `--timeout`, which also bounds the wait for a named pipe).
 * @returns the option, for `command.addOption`.
 */
export function modelTimeoutOption(): Option {
  return new Option(
    '--timeout <seconds>',
    'longest wait for one model call of an investigation before the attempt fails (default 180)',
  ).argParser(wholeNumberArgument({ max: 3_600, unit: 'seconds' }));
}

/**
 * The `--max-cost <usd>` option of the commands that run the agent (`investigate`, `serve`,
 * `worker`): the cost cap of one investigation, estimated from the provider-reported tokens at the
 * model profile's list prices.
 * @param effect - what happens at the cap, for the help text.
 * @returns the option, for `command.addOption`.
 */
export function maxCostOption(effect: string): Option {
  return new Option(
    '--max-cost <usd>',
    `stop an investigation once its estimated cost reaches this many US dollars (${effect})`,
  ).argParser(positiveNumberArgument('US dollars'));
}
