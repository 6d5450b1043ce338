/**
 * @sightline/models — server-side model resolution: model specs (`anthropic:claude-sonnet-4-5`)
 * parsed and turned into AI SDK models through the provider packages. Kept out of
 * `@sightline/core` so a browser bundle (page context) never pulls the provider SDKs.
 */
export {
  MODEL_SPEC_FORMS,
  type ModelEnv,
  type ModelProvider,
  type ModelSpec,
  modelSpecFromEnv,
  parseModelSpec,
} from './model-spec.js';
export { type ResolvedModel, type ResolveModelOptions, resolveModel } from './resolve-model.js';
