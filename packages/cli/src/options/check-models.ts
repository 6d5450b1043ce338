/** Up-front check of the models `serve` and `worker` are given. */
import { resolveModel } from '@sightline/models';

/**
 * Resolves every model a service process (serve, worker) may use, once before it starts, so a
 * spec it cannot read or a missing API key stops the start with what to do, instead of failing
 * every investigation later.
 * @param model the default model's spec, if any; `source` names where it came from.
 * @param models `--models` entries, name → spec.
 * @throws SightlineError `UNKNOWN_MODEL` or `MISSING_API_KEY` (see `resolveModel`).
 */
export function checkModels(
  model: string | undefined,
  models: Readonly<Record<string, string>> | undefined,
  { env, source }: { env: Readonly<Record<string, string | undefined>>; source: string },
): void {
  if (model) resolveModel(model, { env, source });
  for (const spec of Object.values(models ?? {})) resolveModel(spec, { env, source: '--models' });
}
