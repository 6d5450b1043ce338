/**
 * The `--model` and `--structurer` flags, shared by the commands that can run the agent
 * (`investigate`, `mcp`): their definitions and their resolution against the environment.
 */
import { modelSpecFromEnv, resolveModel, SightlineError } from '@sightline/core';
import type { LanguageModel } from 'ai';
import type { Command } from 'commander';

/** The model flags as the command line gives them. */
export interface ModelFlags {
  /** `--model` spec; default `$SIGHTLINE_MODEL`; none means offline. */
  model?: string;
  /** `--structurer` spec; default `$SIGHTLINE_STRUCTURER_MODEL`, else the model itself. */
  structurer?: string;
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
    )
    .option(
      '--structurer <spec>',
      'cheaper model that turns the report into JSON (default: --model; $SIGHTLINE_STRUCTURER_MODEL)',
    );
}

/**
 * Resolves the model flags, falling back to `SIGHTLINE_MODEL` and `SIGHTLINE_STRUCTURER_MODEL`.
 * @param flags - the flags given.
 * @param env - the environment (model specs and API keys).
 * @param injected - use this model instead of resolving a spec (tests pass a scripted model).
 * @returns the models; `{}` when neither a flag nor the environment names a model.
 * @throws SightlineError `UNKNOWN_MODEL` / `MISSING_API_KEY` from `resolveModel`;
 *   `INVALID_ARGUMENT` for a structurer without a model.
 */
export function resolveModelFlags(
  flags: ModelFlags,
  env: Readonly<Record<string, string | undefined>>,
  injected?: LanguageModel,
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
  const model =
    injected ??
    (modelSpec &&
      resolveModel(modelSpec, { env, source: flags.model ? '--model' : 'SIGHTLINE_MODEL' }).model);
  if (!model) return {};
  if (!structurerSpec) return { model };
  const structurer = resolveModel(structurerSpec, {
    env,
    source: flags.structurer ? '--structurer' : 'SIGHTLINE_STRUCTURER_MODEL',
  }).model;
  return { model, structurer };
}
