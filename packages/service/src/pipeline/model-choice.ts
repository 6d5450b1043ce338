/**
 * The models an API caller may choose among: the ones the operator configured, by name
 * (`serve --model` is `default`, `serve --models name=spec,…` adds more). A caller never names a
 * spec or a URL, so a token holder cannot make the service call a host of their choosing, nor send
 * a provider key anywhere the operator did not put it.
 */
import { SightlineError } from '@sightline/core';

/** The name the default model (`--model`) goes by. */
export const DEFAULT_MODEL_NAME = 'default';

/** A URL anywhere in a name (`http://`, `https://`, `file://`, …). */
const URL_PATTERN = /[a-z][a-z0-9+.-]*:\/\//i;

/** The operator's models by name. */
export interface ModelChoice {
  /** The names a caller may send, sorted; empty when the service runs offline. */
  readonly names: readonly string[];
  /**
   * The spec a name stands for.
   * @throws SightlineError `INVALID_ARGUMENT` naming the field `model`: a URL, or a name the
   *   operator did not configure (the message lists the configured names).
   */
  spec(name: string): string;
}

/**
 * Builds the choice.
 * @param defaultModel - spec of `--model`; known as `default`.
 * @param models - further models, name → spec.
 * @throws SightlineError `INVALID_ARGUMENT` when a configured name is empty or a URL.
 */
export function createModelChoice(
  defaultModel: string | undefined,
  models: Readonly<Record<string, string>> = {},
): ModelChoice {
  const byName = new Map(Object.entries(models));
  if (defaultModel) byName.set(DEFAULT_MODEL_NAME, defaultModel);
  for (const name of byName.keys()) {
    if (!name.trim() || URL_PATTERN.test(name) || name.includes('=') || name.includes(',')) {
      throw new SightlineError({
        code: 'INVALID_ARGUMENT',
        message: `The model name "${name}" cannot be used: a name is a short word (no URL, no "=" or ","), e.g. --models fast=anthropic:claude-haiku-4-5.`,
      });
    }
  }
  const names = [...byName.keys()].sort();
  return {
    names,
    spec(name) {
      const configured = names.length
        ? `Name one of the models this service configured: ${names.join(', ')}.`
        : 'This service configured no model (start it with --model or --models).';
      if (URL_PATTERN.test(name)) {
        throw new SightlineError({
          code: 'INVALID_ARGUMENT',
          message: `model: a URL is not accepted; the service only calls the models its operator configured. ${configured}`,
        });
      }
      const spec = byName.get(name);
      if (spec === undefined) {
        throw new SightlineError({
          code: 'INVALID_ARGUMENT',
          message: `model: this service has no model named "${name}". ${configured}`,
        });
      }
      return spec;
    },
  };
}

/**
 * Reads `--models`: `name=spec` entries separated by commas.
 * @throws SightlineError `INVALID_ARGUMENT` for an entry without `name=`.
 */
export function parseModelList(list: string): Record<string, string> {
  const models: Record<string, string> = {};
  for (const entry of list.split(',').map((part) => part.trim())) {
    if (!entry) continue;
    const equals = entry.indexOf('=');
    if (equals <= 0 || equals === entry.length - 1) {
      throw new SightlineError({
        code: 'INVALID_ARGUMENT',
        message: `--models takes name=spec entries separated by commas (e.g. fast=anthropic:claude-haiku-4-5,local=openai-compatible:http://127.0.0.1:11434/v1#qwen2.5-coder); "${entry}" has no name or no spec.`,
      });
    }
    models[entry.slice(0, equals).trim()] = entry.slice(equals + 1).trim();
  }
  return models;
}
