/** Where each model provider's API key is read from (the environment variables `resolveModel` of `@sightline/models` reads). */

/** Provider (a model spec's prefix) → the variable holding its API key. */
export const API_KEY_VARIABLES = {
  anthropic: 'ANTHROPIC_API_KEY',
  openai: 'OPENAI_API_KEY',
  'openai-compatible': 'OPENAI_COMPATIBLE_API_KEY',
} as const;

/**
 * The variable a provider's API key is read from.
 * @param provider - a model spec's prefix (`anthropic` of `anthropic:claude-sonnet-4-5`).
 * @returns the variable, or undefined for a provider Sightline does not configure by variable.
 */
export function apiKeyVariable(provider: string): string | undefined {
  return Object.hasOwn(API_KEY_VARIABLES, provider)
    ? API_KEY_VARIABLES[provider as keyof typeof API_KEY_VARIABLES]
    : undefined;
}
