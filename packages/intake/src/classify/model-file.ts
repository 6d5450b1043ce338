/**
 * The check every shipped classifier model file passes before it is loaded: its format marker and
 * version must be the ones this code reads.
 */
import { SightlineError } from '@sightline/core';

/**
 * Checks a model file's format and version before it is loaded.
 *
 * @param model - The parsed file's `format` and `version`.
 * @param expected - The format and version this code reads.
 * @throws SightlineError `CACHE_VERSION_MISMATCH` naming both and how to retrain.
 */
export function checkModelFile(
  model: { format?: string; version?: number },
  expected: { format: string; version: number },
): void {
  if (model.format === expected.format && model.version === expected.version) return;
  throw new SightlineError({
    code: 'CACHE_VERSION_MISMATCH',
    message: `The model file is ${model.format ?? 'of unknown format'} version ${String(model.version)}, but this Sightline reads ${expected.format} version ${expected.version}. Retrain it with \`npm run train:classify\`.`,
    details: { format: model.format, version: model.version },
  });
}
